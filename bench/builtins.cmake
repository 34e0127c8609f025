# bench/builtins: time per call of Buffer, encoding and other built-in
# operations in a worker, next to Node's (bench/node/builtins.js). Rows are
# JavaScript snippets in bench/builtins_rows.h.
add_executable(builtins
  builtins.cc
  builtins_isohost.cc
  builtins_report.cc)
target_link_libraries(builtins PRIVATE isohost_bench_common isohost_host CLI11::CLI11)
# Workers are found beside the benchmark in bin/.
add_dependencies(builtins isohost-worker)
