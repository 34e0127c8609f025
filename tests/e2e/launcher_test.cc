// The host's Launcher (host/launch/launcher.h) with real worker processes: the
// pool, the zygote behind it, and what happens when either runs out or dies.
#include "host/launch/launcher.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isohost/worker.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

class LauncherTest : public ::testing::Test {
 protected:
  void SetUp() override { uv_loop_init(&loop_); }
  void TearDown() override {
    uv_run(&loop_, UV_RUN_DEFAULT);
    EXPECT_EQ(uv_loop_close(&loop_), 0) << "a handle was left open";
  }
  uv_loop_t loop_;
};

TEST_F(LauncherTest, PoolExhaustionFallsBackToTheZygote) {
  LauncherOptions options;
  options.pool_size = 2;
  options.worker_binary = BinDir() + "/isohost-worker";
  Launcher launcher(&loop_, options);
  launcher.FillPool();
  ASSERT_EQ(launcher.pooled(), 2u);
  ASSERT_TRUE(launcher.WaitForPoolReady(10000));
  std::vector<std::unique_ptr<Worker>> workers;
  std::vector<SpawnStrategy> used;
  int exited = 0;
  for (int i = 0; i < 5; ++i) {
    WorkerOptions worker_options;
    worker_options.script_path = ScriptPath("hello.js");
    worker_options.worker_binary = options.worker_binary;
    WorkerCallbacks callbacks;
    callbacks.on_exit = [&exited](const ExitInfo& info) {
      EXPECT_EQ(info.code, 0) << info.message;
      ++exited;
    };
    workers.push_back(Worker::Spawn(&loop_, worker_options, std::move(callbacks), &launcher));
    used.push_back(workers.back()->strategy());
  }
  while (exited < 5) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_EQ(used[0], SpawnStrategy::kPool);
  EXPECT_EQ(used[1], SpawnStrategy::kPool);
  for (int i = 2; i < 5; ++i) EXPECT_EQ(used[i], SpawnStrategy::kZygote) << i;
  workers.clear();
}

TEST_F(LauncherTest, DeadZygoteTakesItsWorkersAndIsReplaced) {
  LauncherOptions options;
  options.default_strategy = SpawnStrategy::kZygote;
  options.worker_binary = BinDir() + "/isohost-worker";
  Launcher launcher(&loop_, options);
  std::optional<ExitInfo> first_exit;
  std::vector<std::string> messages;
  WorkerOptions spinning;
  spinning.script_path = ScriptPath("spin.js");
  spinning.worker_binary = options.worker_binary;
  WorkerCallbacks callbacks;
  callbacks.on_message = [&messages](std::string_view data) { messages.emplace_back(data); };
  callbacks.on_exit = [&first_exit](const ExitInfo& info) { first_exit = info; };
  auto worker = Worker::Spawn(&loop_, spinning, callbacks, &launcher);
  while (messages.empty()) uv_run(&loop_, UV_RUN_ONCE);
  ASSERT_TRUE(launcher.zygote_alive());
  launcher.KillZygoteForTesting();
  while (!first_exit) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_EQ(first_exit->reason, ExitReason::kCrashed) << first_exit->message;
  worker.reset();

  // The next spawn starts a new zygote.
  std::optional<ExitInfo> second_exit;
  WorkerOptions hello;
  hello.script_path = ScriptPath("hello.js");
  hello.worker_binary = options.worker_binary;
  WorkerCallbacks second;
  second.on_exit = [&second_exit](const ExitInfo& info) { second_exit = info; };
  auto next = Worker::Spawn(&loop_, hello, second, &launcher);
  EXPECT_EQ(next->strategy(), SpawnStrategy::kZygote);
  while (!second_exit) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_EQ(second_exit->code, 0) << second_exit->message;
  EXPECT_TRUE(launcher.zygote_alive());
}

}  // namespace
}  // namespace isohost::testing
