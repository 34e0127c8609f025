#!/usr/bin/env bash
# Runs the conformance corpus with `isohost run --echo`.
#   run_conformance.sh CORPUS_DIR ISOHOST_BINARY [-d next -p 'AREA-*']
# Options after the binary go to run.sh (-d is relative to CORPUS_DIR).
# Exit 77 (CTest's "skipped") when the corpus is absent.
set -u
corpus=$1
isohost=$2
shift 2
if [ ! -x "$corpus/run.sh" ]; then
  echo "SKIPPED: conformance corpus not found at $corpus (expected run.sh and cases/ there)"
  exit 77
fi
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    -d) args+=(-d "$corpus/$2"); shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
exec "$corpus/run.sh" "${args[@]}" -t 20 "$isohost" run --echo
