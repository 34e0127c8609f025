// What bench/builtins measured, as a text table or one JSON object.
#ifndef ISOHOST_BENCH_BUILTINS_REPORT_H_
#define ISOHOST_BENCH_BUILTINS_REPORT_H_

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/common/machine.h"

namespace isohost::bench {

// One row for one runtime: the median ns per call of each round.
struct BuiltinTimes {
  std::vector<double> ns_per_op;
  std::string error;  // the row threw in that runtime
};

struct BuiltinsRowResult {
  std::string name;
  BuiltinTimes isohost;
  BuiltinTimes node;
};

struct BuiltinsResults {
  int rounds = 0;
  int samples = 0;
  int sample_ms = 0;
  std::string node_version;  // empty when Node did not run
  MachineLoad machine;
  std::vector<BuiltinsRowResult> rows;
};

void PrintBuiltinsTable(const BuiltinsResults& results, std::FILE* out);
nlohmann::ordered_json BuiltinsJson(const BuiltinsResults& results);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_BUILTINS_REPORT_H_
