// The Supervisor library (not the CLI) at scale: what a thousand spawns
// leave behind in the host, for each spawn strategy.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"
#include "tests/e2e/supervisor_test_peer.h"

namespace isohost::testing {
namespace {

// The library, not the CLI: a thousand spawns leave no descriptor, process
// or memory behind in the host.
class SupervisorLibraryTest : public ::testing::TestWithParam<SpawnStrategy> {};

TEST_P(SupervisorLibraryTest, ThousandSpawnsLeakNothing) {
  auto rss_kb = [] {
    std::ifstream status("/proc/self/status");
    std::string key;
    long value = 0;
    while (status >> key) {
      if (key == "VmRSS:") {
        status >> value;
        break;
      }
    }
    return value;
  };
  SupervisorOptions supervisor_options;
  supervisor_options.default_strategy = GetParam();
  supervisor_options.worker_binary = BinDir() + "/isohost-worker";
  Supervisor supervisor(supervisor_options);
  WorkerOptions options;
  options.script_source = "require('worker_threads').parentPort.postMessage(1)";
  options.worker_binary = BinDir() + "/isohost-worker";
  auto spawn_batch = [&](int count) {
    int exited = 0;
    for (int i = 0; i < count; ++i) {
      SupervisedCallbacks callbacks;
      callbacks.on_done = [&exited](std::uint64_t, const ExitInfo& info, const std::string&) {
        EXPECT_EQ(info.code, 0) << info.message;
        ++exited;
      };
      supervisor.Spawn(options, std::move(callbacks));
      if (i % 8 == 7) {  // at most 8 at a time on this small machine
        while (exited <= i - 4) uv_run(supervisor.loop(), UV_RUN_ONCE);
      }
    }
    while (exited < count) uv_run(supervisor.loop(), UV_RUN_ONCE);
    uv_run(supervisor.loop(), UV_RUN_NOWAIT);
  };
  spawn_batch(50);  // warm-up: allocator pools, lazily opened descriptors
  // The pool refills on a timer: fill it now, so that it holds the same
  // processes and descriptors at both counts.
  if (GetParam() == SpawnStrategy::kPool) SupervisorTestPeer::launcher(supervisor).FillPool();
  int fds_before = CountOpenFds();
  long rss_before = rss_kb();
  spawn_batch(1000);
  if (GetParam() == SpawnStrategy::kPool) SupervisorTestPeer::launcher(supervisor).FillPool();
  EXPECT_EQ(CountOpenFds(), fds_before);
  int idle = (SupervisorTestPeer::launcher(supervisor).zygote_alive() ? 1 : 0) + static_cast<int>(SupervisorTestPeer::launcher(supervisor).pooled());
  EXPECT_EQ(CountDescendants(), idle) << "a worker process was left behind";
  long growth = rss_kb() - rss_before;
  RecordProperty("rss_growth_kb", static_cast<int>(growth));
  std::printf("host RSS before %ld kB, after 1000 spawns %ld kB\n", rss_before, rss_before + growth);
#if defined(__SANITIZE_ADDRESS__)
  // ASan keeps freed memory in quarantine, so RSS grows by design; its
  // LeakSanitizer checks this process for leaks at exit instead.
#else
  EXPECT_LT(growth, 4096) << "host memory grew by " << growth << " kB over 1000 spawns";
#endif
}

INSTANTIATE_TEST_SUITE_P(Strategies, SupervisorLibraryTest,
                         ::testing::Values(SpawnStrategy::kExec, SpawnStrategy::kZygote, SpawnStrategy::kPool),
                         [](const ::testing::TestParamInfo<SpawnStrategy>& info) {
                           return std::string(SpawnStrategyName(info.param));
                         });

}  // namespace
}  // namespace isohost::testing
