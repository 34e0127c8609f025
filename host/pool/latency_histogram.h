// A histogram of durations in fixed memory: 32 logarithmic buckets per power
// of two of microseconds, so a percentile read from it is within 3% of the
// exact one, however many samples it holds. Not thread-safe: its owner locks.
#ifndef ISOHOST_HOST_POOL_LATENCY_HISTOGRAM_H_
#define ISOHOST_HOST_POOL_LATENCY_HISTOGRAM_H_

#include <array>
#include <cstdint>

#include "isohost/pool_stats.h"

namespace isohost {

class LatencyHistogram {
 public:
  void Add(std::uint64_t nanoseconds);
  LatencyStats Summarize() const;

  // The bucket of a duration in microseconds, and the smallest duration that
  // falls in a bucket (for tests).
  static std::size_t BucketOf(std::uint64_t micros);
  static std::uint64_t BucketStart(std::size_t bucket);

 private:
  static constexpr int kSubBucketBits = 5;
  static constexpr std::size_t kSubBuckets = std::size_t{1} << kSubBucketBits;
  // Below kSubBuckets microseconds every microsecond has a bucket; each power
  // of two above has kSubBuckets, up to 2^44 us (about 200 days).
  static constexpr std::size_t kBuckets = kSubBuckets + (44 - kSubBucketBits) * kSubBuckets;

  double Percentile(double p) const;

  std::array<std::uint64_t, kBuckets> counts_{};
  std::uint64_t count_ = 0;
  std::uint64_t max_ns_ = 0;
  long double sum_ns_ = 0;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_POOL_LATENCY_HISTOGRAM_H_
