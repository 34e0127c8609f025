#!/usr/bin/env bash
# Runs files of Node's own test suite (test/parallel) under Node and under
# Isohost and compares Isohost's results with tests/node/expectations.txt.
#
#   tests/node/run.sh NODE_TEST_DIR [-j N] [-t SECONDS] [-m MODULE] [-f GLOB]
#                     [--update] [--json] [--isohost BIN] [--node BIN] [--keep] [-q]
#
# NODE_TEST_DIR holds test/parallel and test/fixtures (tests/node/prepare.sh
# makes one). Modules and their files: tests/node/modules.txt. Exit status: 0
# when every result is the expected one, 1 when one is not, 2 on bad usage.
set -euo pipefail
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
if ! command -v python3 >/dev/null; then
  echo "run.sh: python3 is needed" >&2
  exit 2
fi
exec python3 -B "$here/runner.py" "$@"
