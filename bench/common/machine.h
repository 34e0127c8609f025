// What else the machine was doing: benchmark figures are only comparable
// between runs with similar load, so every report states it.
#ifndef ISOHOST_BENCH_COMMON_MACHINE_H_
#define ISOHOST_BENCH_COMMON_MACHINE_H_

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace isohost::bench {

// The 1-minute load average from /proc/loadavg.
std::optional<double> ReadLoadAverage();

// Load before and after a run, and the CPU count.
class MachineLoad {
 public:
  MachineLoad();  // samples the start
  void Finish();  // samples the end

  // "2 CPUs, load average 5.91 at start, 6.02 at end"
  std::string Describe() const;
  nlohmann::ordered_json ToJson() const;

 private:
  unsigned cpus_;
  std::optional<double> start_;
  std::optional<double> end_;
};

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_MACHINE_H_
