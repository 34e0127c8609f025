# bench/transport_floor: the kernel's own cost of a small-message round trip
# between two processes, over a unix socketpair and over a pair of pipes,
# with no V8 and no framing: the floor under bench/throughput's echo rows.
add_executable(transport_floor transport_floor.cc)
target_link_libraries(transport_floor PRIVATE isohost_bench_common CLI11::CLI11)
