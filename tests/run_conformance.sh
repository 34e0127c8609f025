#!/usr/bin/env bash
# Runs the conformance corpus with `isohost run --echo`.
#   run_conformance.sh CORPUS_DIR ISOHOST_BINARY [RUN.SH OPTIONS...]
# (e.g. -d CORPUS_DIR/next -p 'process-env-*' for one area of next/).
# Exit 77 (CTest's "skipped") when the corpus is absent.
set -u
corpus=$1
isohost=$2
shift 2
if [ ! -x "$corpus/run.sh" ]; then
  echo "SKIPPED: conformance corpus not found at $corpus (expected run.sh and cases/ there)"
  exit 77
fi
exec "$corpus/run.sh" -t 20 "$@" "$isohost" run --echo
