# Sourced by tests/run_*_example.sh: build_example NAME PROGRAM installs
# Isohost into a prefix in the build tree, builds examples/NAME against it
# with find_package(isohost), runs PROGRAM and leaves its output in $out.
# Expects $src, $build and $flags (CXX_FLAGS Isohost was built with:
# sanitizers must match).
build_example() {
  local name=$1 program=$2
  local prefix="$build/$name-prefix" tree="$build/$name-build"
  rm -rf "$prefix"
  cmake --install "$build" --prefix "$prefix" >/dev/null
  cmake -S "$src/examples/$name" -B "$tree" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" >/dev/null
  cmake --build "$tree" -j2 >/dev/null
  out=$("$tree/$program")
  echo "$out"
}
