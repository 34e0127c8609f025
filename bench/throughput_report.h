// What bench/throughput measured, as a text table or one JSON object.
#ifndef ISOHOST_BENCH_THROUGHPUT_REPORT_H_
#define ISOHOST_BENCH_THROUGHPUT_REPORT_H_

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/common/machine.h"

namespace isohost::bench {

// One (case, runtime): a rate per round.
struct ThroughputRow {
  std::string case_name;  // "echo_small", "echo_64k" or "console"
  std::string runtime;    // "isohost" or "node"
  std::string strategy;   // "exec" or "worker_threads"
  std::string unit;       // "round_trips/s" or "lines/s"
  std::vector<double> rates;
  std::vector<double> mib_per_s;  // payload or output bytes, per round
  // CPU time per operation, µs, per round; empty where the case does not measure it.
  std::vector<double> cpu_us_per_op;
};

struct ThroughputResults {
  int rounds = 0;
  int duration_ms = 0;
  int warmup = 0;
  std::uint64_t lines = 0;
  std::string node_version;  // empty when Node did not run
  MachineLoad machine;
  std::vector<ThroughputRow> rows;
  // How each case is made comparable; printed under the table.
  std::vector<std::string> notes;
};

void PrintThroughputTable(const ThroughputResults& results, std::FILE* out);
nlohmann::ordered_json ThroughputJson(const ThroughputResults& results);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_THROUGHPUT_REPORT_H_
