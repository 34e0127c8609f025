# Helpers shared by the benchmark binaries: statistics, tables, JSON, temp
# files, /proc memory, running the Node harnesses in bench/node/. Defined in
# this fragment because bench/CMakeLists.txt includes fragments in
# alphabetical order and the benchmarks' fragments link against it.
add_library(isohost_bench_common STATIC
  common/distribution_svg.cc
  common/machine.cc
  common/node_harness.cc
  common/proc_memory.cc
  common/stats.cc
  common/subprocess.cc
  common/table.cc
  common/temp_dir.cc
  common/uv_loop.cc)
target_include_directories(isohost_bench_common PUBLIC "${CMAKE_SOURCE_DIR}")
target_link_libraries(isohost_bench_common PUBLIC
  nlohmann_json::nlohmann_json PkgConfig::LIBUV)
# The harnesses are run from the source tree, so editing one needs no rebuild.
target_compile_definitions(isohost_bench_common PRIVATE
  ISOHOST_BENCH_NODE_DIR="${CMAKE_CURRENT_LIST_DIR}/node")
