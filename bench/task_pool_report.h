// What bench/task_pool measured, as a table, JSON and an SVG of the latency
// distributions, with the ratios to piscina and the targets they are held to.
#ifndef ISOHOST_BENCH_TASK_POOL_REPORT_H_
#define ISOHOST_BENCH_TASK_POOL_REPORT_H_

#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/common/machine.h"

namespace isohost::bench {

// One runtime's measurements of one case over every round.
struct TaskPoolRow {
  std::string runtime;  // "isohost" or "piscina"
  std::string name;     // "tiny", "payload_1mib", "cpu", "cold_start", "crash_every_100"
  int workers = 1;
  std::vector<double> round_tasks_per_s;
  std::vector<double> latencies_ms;  // every task of every round (cold start: every sample)
  std::uint64_t failed = 0;

  double tasks_per_s() const;  // median over the rounds
  double p50_ms() const;
  double p99_ms() const;
};

struct TaskPoolResults {
  std::vector<TaskPoolRow> rows;
  int rounds = 0;
  std::string piscina_version;  // empty when piscina did not run
  std::string node_version;
  std::string skipped;          // why piscina did not run
  std::vector<double> cold_start_new_zygote_ms;  // isohost's first pool of a fresh host
  MachineLoad load;
};

void PrintTaskPoolTable(const TaskPoolResults& results, std::FILE* out);
nlohmann::ordered_json TaskPoolJson(const TaskPoolResults& results);
std::string TaskPoolSvg(const TaskPoolResults& results);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_TASK_POOL_REPORT_H_
