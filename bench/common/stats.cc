#include "bench/common/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace isohost::bench {

double Percentile(std::span<const double> sorted, double p) {
  double rank = p / 100.0 * static_cast<double>(sorted.size() - 1);
  auto below = static_cast<std::size_t>(std::floor(rank));
  std::size_t above = std::min(below + 1, sorted.size() - 1);
  double fraction = rank - static_cast<double>(below);
  return sorted[below] + (sorted[above] - sorted[below]) * fraction;
}

Summary Summarize(std::vector<double> samples) {
  Summary summary;
  if (samples.empty()) return summary;
  std::sort(samples.begin(), samples.end());
  summary.n = samples.size();
  summary.min = samples.front();
  summary.p25 = Percentile(samples, 25);
  summary.median = Percentile(samples, 50);
  summary.p75 = Percentile(samples, 75);
  summary.p90 = Percentile(samples, 90);
  summary.p99 = Percentile(samples, 99);
  summary.max = samples.back();
  summary.mean = std::accumulate(samples.begin(), samples.end(), 0.0) /
                 static_cast<double>(samples.size());
  return summary;
}

double Median(std::vector<double> samples) {
  return Summarize(std::move(samples)).median;
}

double RoundTo(double value, int digits) {
  double scale = std::pow(10.0, digits);
  return std::round(value * scale) / scale;
}

}  // namespace isohost::bench
