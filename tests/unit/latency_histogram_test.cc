// The pool's latency histogram against exact order statistics.
#include "host/pool/latency_histogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace isohost {
namespace {

TEST(LatencyHistogramTest, BucketsCoverEveryDurationInOrder) {
  std::size_t last = 0;
  for (std::uint64_t micros = 0; micros < (std::uint64_t{1} << 24); micros = micros * 9 / 8 + 1) {
    std::size_t bucket = LatencyHistogram::BucketOf(micros);
    EXPECT_GE(bucket, last) << micros;
    EXPECT_LE(LatencyHistogram::BucketStart(bucket), micros) << micros;
    EXPECT_GT(LatencyHistogram::BucketStart(bucket + 1), micros) << micros;
    last = bucket;
  }
}

TEST(LatencyHistogramTest, PercentilesAreWithinThreePercentOfTheExactOnes) {
  std::mt19937_64 random(7);
  // Two modes four orders of magnitude apart, as wait times are.
  std::lognormal_distribution<double> fast(std::log(50'000.0), 0.5);
  std::lognormal_distribution<double> slow(std::log(400'000'000.0), 0.3);
  LatencyHistogram histogram;
  std::vector<double> samples;
  for (int i = 0; i < 100'000; ++i) {
    double ns = i % 20 == 0 ? slow(random) : fast(random);
    samples.push_back(ns / 1e6);
    histogram.Add(static_cast<std::uint64_t>(ns));
  }
  std::sort(samples.begin(), samples.end());
  LatencyStats stats = histogram.Summarize();
  EXPECT_EQ(stats.count, samples.size());
  auto exact = [&](double p) { return samples[static_cast<std::size_t>(std::ceil(p * samples.size())) - 1]; };
  EXPECT_NEAR(stats.p50_ms, exact(0.50), exact(0.50) * 0.03);
  EXPECT_NEAR(stats.p90_ms, exact(0.90), exact(0.90) * 0.03);
  EXPECT_NEAR(stats.p99_ms, exact(0.99), exact(0.99) * 0.03);
  EXPECT_DOUBLE_EQ(stats.max_ms, static_cast<double>(static_cast<std::uint64_t>(samples.back() * 1e6)) / 1e6);
}

TEST(LatencyHistogramTest, AnEmptyHistogramIsAllZeros) {
  LatencyStats stats = LatencyHistogram().Summarize();
  EXPECT_EQ(stats.count, 0u);
  EXPECT_EQ(stats.p99_ms, 0);
  EXPECT_EQ(stats.max_ms, 0);
}

}  // namespace
}  // namespace isohost
