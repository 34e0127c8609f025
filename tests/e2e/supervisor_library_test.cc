// The Supervisor library (not the CLI) at scale: what a thousand spawns
// leave behind in the host, for each spawn strategy.
#include <gtest/gtest.h>

#include <cstdio>
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
  long memory_before = HeldMemoryKb();
  spawn_batch(1000);
  if (GetParam() == SpawnStrategy::kPool) SupervisorTestPeer::launcher(supervisor).FillPool();
  EXPECT_EQ(CountOpenFds(), fds_before);
  int idle = (SupervisorTestPeer::launcher(supervisor).zygote_alive() ? 1 : 0) + static_cast<int>(SupervisorTestPeer::launcher(supervisor).pooled());
  EXPECT_EQ(CountDescendants(), idle) << "a worker process was left behind";
  long growth = HeldMemoryKb() - memory_before;
  RecordProperty("memory_growth_kb", static_cast<int>(growth));
  std::printf("host memory before %ld kB, after 1000 spawns %ld kB\n", memory_before, memory_before + growth);
  EXPECT_LT(growth, 4096) << "host memory grew by " << growth << " kB over 1000 spawns";
}

INSTANTIATE_TEST_SUITE_P(Strategies, SupervisorLibraryTest,
                         ::testing::Values(SpawnStrategy::kExec, SpawnStrategy::kZygote, SpawnStrategy::kPool),
                         [](const ::testing::TestParamInfo<SpawnStrategy>& info) {
                           return std::string(SpawnStrategyName(info.param));
                         });

}  // namespace
}  // namespace isohost::testing
