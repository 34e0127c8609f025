// Order statistics of benchmark samples.
#ifndef ISOHOST_BENCH_COMMON_STATS_H_
#define ISOHOST_BENCH_COMMON_STATS_H_

#include <cstddef>
#include <span>
#include <vector>

namespace isohost::bench {

struct Summary {
  std::size_t n = 0;
  double min = 0;
  double p25 = 0;
  double median = 0;
  double p75 = 0;
  double p90 = 0;
  double p99 = 0;
  double max = 0;
  double mean = 0;
};

// The p-th percentile (0 <= p <= 100) of ascending `sorted`, interpolating
// linearly between neighbours (numpy's default), so that the p99 of 150
// samples is not just the largest one. `sorted` must not be empty.
double Percentile(std::span<const double> sorted, double p);

// All zeros for no samples.
Summary Summarize(std::vector<double> samples);

double Median(std::vector<double> samples);

// `value` rounded to `digits` decimals, so that JSON output stays readable.
double RoundTo(double value, int digits);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_STATS_H_
