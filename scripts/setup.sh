#!/usr/bin/env bash
# Installs what Isohost needs to build and test, and nothing twice.
#
#   scripts/setup.sh [BUILD_DIR]
#
# Debian packages come from apt. V8 comes from Debian's libnode108 + libnode-dev
# (V8 10.2): `apt-get install libnode-dev` is refused beside a nodejs package that
# is not Debian's, so the two packages are fetched with `apt-get download` and
# unpacked with `dpkg -x` into BUILD_DIR/third_party/libnode, where CMake finds them.
set -euo pipefail

build_dir=${1:-build}
root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
case "$build_dir" in /*) ;; *) build_dir="$root/$build_dir" ;; esac

packages=(
  cmake g++ make pkg-config
  libuv1-dev libicu-dev libssl-dev zlib1g-dev libbrotli-dev libprotobuf-dev protobuf-compiler libspdlog-dev
  libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev
  clang-14 libclang-rt-14-dev valgrind
  # Node's own test suite is run by tests/node/runner.py.
  python3
  # Runtime libraries of libnode108.
  libicu72 libc-ares2 libnghttp2-14 libbrotli1 libuv1
)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed'; then
    missing+=("$p")
  fi
done

apt_updated=0
apt_update_once() {
  if [ "$apt_updated" -eq 0 ]; then
    echo "setup: apt-get update" >&2
    as_root apt-get update -qq
    apt_updated=1
  fi
}

if [ ${#missing[@]} -gt 0 ]; then
  apt_update_once
  echo "setup: installing ${missing[*]}" >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

libnode_dir="$build_dir/third_party/libnode"
if [ ! -f "$libnode_dir/.complete" ]; then
  apt_update_once
  echo "setup: fetching V8 (libnode108, libnode-dev) into $libnode_dir" >&2
  rm -rf "$libnode_dir"
  mkdir -p "$libnode_dir/debs"
  (cd "$libnode_dir/debs" && apt-get download -qq -o APT::Sandbox::User=root libnode108 libnode-dev >&2)
  for deb in "$libnode_dir"/debs/*.deb; do dpkg -x "$deb" "$libnode_dir/root"; done
  test -f "$libnode_dir/root/usr/include/node/v8.h"
  touch "$libnode_dir/.complete"
fi
echo "setup: dependencies ready" >&2
