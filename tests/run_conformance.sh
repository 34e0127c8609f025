#!/usr/bin/env bash
# Runs the conformance corpus with `isohost run --echo`.
#   run_conformance.sh CORPUS_DIR ISOHOST_BINARY [RUN_SH_OPTION...]
# e.g. `-d next -p 'buffer-*'` for one area of next/ (a relative -d is
# taken from CORPUS_DIR).
# Exit 77 (CTest's "skipped") when the corpus is absent.
set -u
corpus=$1
isohost=$2
shift 2
if [ ! -x "$corpus/run.sh" ]; then
  echo "SKIPPED: conformance corpus not found at $corpus (expected run.sh and cases/ there)"
  exit 77
fi
options=()
while [ $# -gt 0 ]; do
  if [ "$1" = -d ] && [ $# -ge 2 ] && [ "${2#/}" = "$2" ]; then
    options+=(-d "$corpus/$2")
    shift 2
  else
    options+=("$1")
    shift
  fi
done
exec "$corpus/run.sh" -t 20 "${options[@]}" "$isohost" run --echo
