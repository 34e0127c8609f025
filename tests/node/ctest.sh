#!/usr/bin/env bash
# CTest's entry to Node's test suite (the node_test_suite test).
#   ctest.sh NODE_TEST_DIR ISOHOST_BINARY [run.sh options]
# $ISOHOST_NODE_TEST_DIR, when set, names the directory instead. Exit 77
# (CTest's "skipped"), saying why, when it or node or python3 is missing:
# the suite is not part of the repository and CI cannot download it.
set -u
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
dir=${ISOHOST_NODE_TEST_DIR:-$1}
isohost=$2
shift 2
if [ ! -d "$dir/test/parallel" ] || [ ! -d "$dir/test/fixtures" ]; then
  echo "SKIPPED: Node's tests not found at '$dir' (set ISOHOST_NODE_TEST_DIR, or make it with tests/node/prepare.sh)"
  exit 77
fi
node=${NODE:-$(command -v node || true)}
if [ -z "$node" ]; then
  echo "SKIPPED: node is not installed: it is the reference the results are measured against"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "SKIPPED: python3 is not installed"
  exit 77
fi
exec bash "$here/run.sh" "$dir" --isohost "$isohost" --node "$node" -q "$@"
