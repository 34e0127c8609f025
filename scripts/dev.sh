#!/usr/bin/env bash
# The two entry points of the README.
#
#   scripts/dev.sh run    install what is missing, build, run examples/hello.js
#   scripts/dev.sh test   install what is missing, build, run every test
#
# BUILD_DIR (default: build) and JOBS (default: 2) may be set in the
# environment. A second run re-downloads nothing and rebuilds incrementally.
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
build_dir=${BUILD_DIR:-$root/build}
jobs=${JOBS:-2}
what=${1:-}

case "$what" in
  run|test) ;;
  *) sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac

step() { printf '\n== %s\n' "$*" >&2; }

step "dependencies"
"$root/scripts/setup.sh" "$build_dir"

step "configure and build ($build_dir, -j$jobs)"
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DISOHOST_BUILD_FUZZERS=ON >/dev/null
cmake --build "$build_dir" -j "$jobs"

case "$what" in
  run)
    step "isohost run --echo examples/hello.js"
    exec "$build_dir/bin/isohost" run --echo --worker-data '{"from":"the README"}' "$root/examples/hello.js"
    ;;
  test)
    step "tests"
    cd "$build_dir"
    exec ctest --output-on-failure -j "$jobs"
    ;;
esac
