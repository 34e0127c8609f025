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
  # openssl checks the integrity of npm tarballs.
  openssl
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
# Node's streams as an npm package (readable-stream, MIT): its lib/ is embedded
# as builtins (worker/CMakeLists.txt). Pinned, and checked against the
# registry's integrity hash before it is unpacked.
readable_stream_version=4.7.0
readable_stream_integrity=sha512-oIGGmcpTLwPga8Bn6/Z75SVaH1z5dUut2ibSyAMVhmUggWpmDn2dapB0n7f8nwaSiRtepAsfJyfXIO5DCVAODg==
readable_stream_dir="$build_dir/third_party/readable-stream"
if [ "$(cat "$readable_stream_dir/.complete" 2>/dev/null)" != "$readable_stream_version" ]; then
  if ! command -v npm >/dev/null; then
    apt_update_once
    echo "setup: installing npm" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends npm >&2
  fi
  echo "setup: fetching readable-stream@$readable_stream_version into $readable_stream_dir" >&2
  rm -rf "$readable_stream_dir"
  mkdir -p "$readable_stream_dir"
  tarball="$readable_stream_dir/readable-stream-$readable_stream_version.tgz"
  (cd "$readable_stream_dir" && npm pack --silent "readable-stream@$readable_stream_version" >/dev/null)
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [ "$actual" != "$readable_stream_integrity" ]; then
    echo "setup: readable-stream tarball has integrity $actual, expected $readable_stream_integrity" >&2
    exit 1
  fi
  tar -xzf "$tarball" -C "$readable_stream_dir"
  test -f "$readable_stream_dir/package/lib/stream.js"
  echo "$readable_stream_version" >"$readable_stream_dir/.complete"
fi
echo "setup: dependencies ready" >&2
