#include "bench/common/machine.h"

#include <cstdio>
#include <fstream>
#include <thread>

#include "bench/common/stats.h"

namespace isohost::bench {
namespace {

nlohmann::ordered_json NumberOrNull(std::optional<double> value) {
  if (!value) return nullptr;
  return RoundTo(*value, 2);
}

}  // namespace

std::optional<double> ReadLoadAverage() {
  std::ifstream in("/proc/loadavg");
  double load;
  if (in >> load) return load;
  return std::nullopt;
}

MachineLoad::MachineLoad() : cpus_(std::thread::hardware_concurrency()), start_(ReadLoadAverage()) {}

void MachineLoad::Finish() { end_ = ReadLoadAverage(); }

std::string MachineLoad::Describe() const {
  char buffer[128];
  std::snprintf(buffer, sizeof(buffer), "%u CPUs, 1-min load average %.2f at start, %.2f at end",
                cpus_, start_.value_or(-1), end_.value_or(-1));
  return buffer;
}

nlohmann::ordered_json MachineLoad::ToJson() const {
  return {{"cpus", cpus_}, {"loadavg_start", NumberOrNull(start_)},
          {"loadavg_end", NumberOrNull(end_)}};
}

}  // namespace isohost::bench
