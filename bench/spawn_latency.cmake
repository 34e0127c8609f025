# bench/spawn_latency: Spawn() -> first message / exit, concurrent spawn and
# idle memory, next to Node's worker_threads (bench/node/spawn_latency.js).
add_executable(spawn_latency
  spawn_latency.cc
  spawn_latency_isohost.cc
  spawn_latency_report.cc)
target_link_libraries(spawn_latency PRIVATE isohost_bench_common isohost_host CLI11::CLI11)
# Workers are found beside the benchmark in bin/.
add_dependencies(spawn_latency isohost-worker)
