#!/usr/bin/env bash
# Installs Isohost into a prefix in the build tree, builds examples/embed
# against it with find_package(isohost), and runs it.
#   run_embed_example.sh SOURCE_DIR BUILD_DIR [CXX_FLAGS]
# CXX_FLAGS are those Isohost was built with (sanitizers must match).
set -euo pipefail
src=$1
build=$2
flags=${3:-}
source "$(dirname -- "${BASH_SOURCE[0]}")/build_example.sh"
build_example embed embed_host
for id in 1 2 3; do
  grep -q "worker $id exited: normal, code 0" <<<"$out" || { echo "worker $id did not exit cleanly"; exit 1; }
  [ "$(grep -c "answer from worker $id:" <<<"$out")" -eq 3 ] || { echo "worker $id: wrong number of answers"; exit 1; }
  grep -q "\[worker.$id pid=[0-9]* stdout\] greeter g$id ready" <<<"$out" || { echo "worker $id: log line missing"; exit 1; }
  grep -q "warning \[worker.$id pid=[0-9]* stderr\] greeter g$id stopping" <<<"$out" || { echo "worker $id: warning missing"; exit 1; }
done
grep -q '"square":9' <<<"$out"
echo "embed example: ok"
