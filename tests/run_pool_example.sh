#!/usr/bin/env bash
# Installs Isohost into a prefix in the build tree, builds examples/task_pool
# against it with find_package(isohost), and runs it.
#   run_pool_example.sh SOURCE_DIR BUILD_DIR [CXX_FLAGS]
# CXX_FLAGS are those Isohost was built with (sanitizers must match).
set -euo pipefail
src=$1
build=$2
flags=${3:-}
source "$(dirname -- "${BASH_SOURCE[0]}")/build_example.sh"
build_example task_pool task_pool_host
expect() { grep -qF -- "$1" <<<"$out" || { echo "missing: $1"; exit 1; }; }
expect 'primes below 10: {"n":10,"primes":4}'
expect 'primes below 1000: {"n":1000,"primes":168}'
expect 'primes below 100000: {"n":100000,"primes":9592}'
expect 'primes below 1000000: {"n":1000000,"primes":78498}'
expect 'n = -1: error (thrown) RangeError: n must be a whole number of at least 0, not -1'
expect 'n = 10^9: error (cancelled)'
expect 'pool: 4 completed, 2 failed (1 thrown, 1 cancelled'
echo "task pool example: ok"
