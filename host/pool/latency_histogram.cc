#include "host/pool/latency_histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace isohost {

std::size_t LatencyHistogram::BucketOf(std::uint64_t micros) {
  if (micros < kSubBuckets) return static_cast<std::size_t>(micros);
  int exponent = std::bit_width(micros) - 1;  // >= kSubBucketBits
  std::size_t sub = static_cast<std::size_t>(micros >> (exponent - kSubBucketBits)) & (kSubBuckets - 1);
  std::size_t bucket = kSubBuckets + static_cast<std::size_t>(exponent - kSubBucketBits) * kSubBuckets + sub;
  return std::min(bucket, kBuckets - 1);
}

std::uint64_t LatencyHistogram::BucketStart(std::size_t bucket) {
  if (bucket < kSubBuckets) return bucket;
  std::size_t exponent = (bucket - kSubBuckets) / kSubBuckets + kSubBucketBits;
  std::uint64_t sub = (bucket - kSubBuckets) % kSubBuckets;
  return (std::uint64_t{1} << exponent) + (sub << (exponent - kSubBucketBits));
}

void LatencyHistogram::Add(std::uint64_t nanoseconds) {
  ++counts_[BucketOf(nanoseconds / 1000)];
  ++count_;
  max_ns_ = std::max(max_ns_, nanoseconds);
  sum_ns_ += nanoseconds;
}

double LatencyHistogram::Percentile(double p) const {
  // The sample of rank ceil(p * count), as the middle of its bucket (never
  // past the largest sample).
  std::uint64_t rank = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::ceil(p * count_)));
  std::uint64_t seen = 0;
  for (std::size_t bucket = 0; bucket < kBuckets; ++bucket) {
    seen += counts_[bucket];
    if (seen < rank) continue;
    double start = static_cast<double>(BucketStart(bucket));
    double end = bucket + 1 < kBuckets ? static_cast<double>(BucketStart(bucket + 1)) : start;
    double micros = bucket < kSubBuckets ? start + 0.5 : (start + end) / 2;
    return std::min(micros / 1000.0, static_cast<double>(max_ns_) / 1e6);
  }
  return static_cast<double>(max_ns_) / 1e6;
}

LatencyStats LatencyHistogram::Summarize() const {
  LatencyStats stats;
  stats.count = count_;
  if (count_ == 0) return stats;
  stats.p50_ms = Percentile(0.50);
  stats.p90_ms = Percentile(0.90);
  stats.p99_ms = Percentile(0.99);
  stats.max_ms = static_cast<double>(max_ns_) / 1e6;
  stats.mean_ms = static_cast<double>(sum_ns_ / count_) / 1e6;
  return stats;
}

}  // namespace isohost
