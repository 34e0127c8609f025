#!/usr/bin/env bash
# Runs the conformance corpus with `isohost run --echo`.
#   run_conformance.sh CORPUS_DIR ISOHOST_BINARY [AREA]
# With AREA, the cases AREA-* of next/ instead of cases/.
# Exit 77 (CTest's "skipped") when the corpus is absent.
set -u
corpus=$1
isohost=$2
area=${3:-}
if [ ! -x "$corpus/run.sh" ]; then
  echo "SKIPPED: conformance corpus not found at $corpus (expected run.sh and cases/ there)"
  exit 77
fi
if [ -n "$area" ]; then
  exec "$corpus/run.sh" -d "$corpus/next" -p "$area-*" -t 20 "$isohost" run --echo
fi
exec "$corpus/run.sh" -t 20 "$isohost" run --echo
