// Draws sample distributions as a standalone SVG: one horizontal row per
// series, with every sample as a dot, a p25-p75 box, the median as a bar,
// min-max whiskers and p90/p99 ticks, over a labelled ms axis. Hand-written
// SVG, so the benchmark needs no plotting library.
#ifndef ISOHOST_BENCH_COMMON_DISTRIBUTION_SVG_H_
#define ISOHOST_BENCH_COMMON_DISTRIBUTION_SVG_H_

#include <string>
#include <vector>

namespace isohost::bench {

struct PlotSeries {
  std::string label;
  std::vector<double> samples;
  std::string color = "#4477aa";
};

struct PlotOptions {
  std::string title;
  std::string unit = "ms";
  // A log axis keeps a 10 ms and a 60 ms distribution both readable.
  bool log_scale = true;
};

std::string RenderDistributionSvg(const std::vector<PlotSeries>& series,
                                  const PlotOptions& options);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_DISTRIBUTION_SVG_H_
