# bench/throughput: host <-> worker message round trips and console lines per
# second, next to Node's worker_threads (bench/node/throughput.js).
add_executable(throughput
  throughput.cc
  throughput_isohost.cc
  throughput_report.cc)
target_link_libraries(throughput PRIVATE isohost_bench_common isohost_host CLI11::CLI11)
# Workers are found beside the benchmark in bin/.
add_dependencies(throughput isohost-worker)
