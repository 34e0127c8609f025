// The supervisor's restart back-off, through the public API: workers that
// fail at once under RestartPolicy::kOnFailure, and the delays on_restart
// reports. Those are the values the supervisor computed, not measured times,
// so they are compared exactly.
#include <gtest/gtest.h>
#include <uv.h>

#include <cstdint>
#include <string>
#include <vector>

#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

struct RestartLog {
  std::vector<std::uint64_t> delays;
  std::vector<int> counts;  // the `restarts` argument of each report
  int runs = 0;             // incarnations that started
  bool done = false;
  ExitInfo last;
  std::string why;
};

// Shuts a supervisor down on the next turn of its loop, not from inside the
// callback that asks for it. The handle frees itself in its close callback.
void ShutdownSoon(Supervisor& supervisor) {
  auto* timer = new uv_timer_t;
  uv_timer_init(supervisor.loop(), timer);
  timer->data = &supervisor;
  uv_timer_start(
      timer,
      [](uv_timer_t* handle) {
        static_cast<Supervisor*>(handle->data)->Shutdown(0);
        uv_close(reinterpret_cast<uv_handle_t*>(handle),
                 [](uv_handle_t* closed) { delete reinterpret_cast<uv_timer_t*>(closed); });
      },
      0, 0);
}

// Runs fail_fast.js (exits with code 3 at once) under `restart` until the
// supervisor gives up, or until `stop_after` restarts were reported, after
// which the supervisor is shut down while it waits for the next one.
RestartLog RunFailingWorker(RestartOptions restart, int stop_after = -1) {
  Supervisor supervisor;
  RestartLog log;
  WorkerOptions options;
  options.script_path = ScriptPath("fail_fast.js");
  options.worker_binary = BinDir() + "/isohost-worker";
  SupervisedCallbacks callbacks;
  callbacks.on_spawn = [&log](std::uint64_t, Worker&) { ++log.runs; };
  callbacks.on_restart = [&](std::uint64_t, std::uint64_t delay_ms, int restarts) {
    log.delays.push_back(delay_ms);
    log.counts.push_back(restarts);
    if (restarts == stop_after) ShutdownSoon(supervisor);
  };
  callbacks.on_done = [&log](std::uint64_t, const ExitInfo& info, const std::string& why) {
    log.done = true;
    log.last = info;
    log.why = why;
  };
  supervisor.Spawn(std::move(options), std::move(callbacks), restart);
  supervisor.Run();
  return log;
}

TEST(RestartBackoffTest, DefaultsDoubleFrom100MsAndAreCappedAt10S) {
  RestartOptions restart;
  restart.policy = RestartPolicy::kOnFailure;
  restart.max_restarts = 20;
  // 100 ms doubling reaches the 10 s cap at the 8th restart (100 << 7 =
  // 12800); waiting for it takes the 12.7 s of the seven before.
  RestartLog log = RunFailingWorker(restart, /*stop_after=*/8);
  EXPECT_EQ(log.delays, (std::vector<std::uint64_t>{100, 200, 400, 800, 1600, 3200, 6400, 10'000}));
  EXPECT_EQ(log.counts, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(log.runs, 8);  // the first run and seven restarts; the 8th was shut down
  ASSERT_TRUE(log.done);
  EXPECT_EQ(log.why, "shut down while waiting to restart");
}

TEST(RestartBackoffTest, DoublingStaysAtTheCapOnceReached) {
  RestartOptions restart;
  restart.policy = RestartPolicy::kOnFailure;
  restart.max_restarts = 7;
  restart.initial_backoff_ms = 1;
  restart.max_backoff_ms = 8;
  RestartLog log = RunFailingWorker(restart);
  EXPECT_EQ(log.delays, (std::vector<std::uint64_t>{1, 2, 4, 8, 8, 8, 8}));
  EXPECT_EQ(log.runs, 8);
}

TEST(RestartBackoffTest, GivesUpAfterMaxRestartsWithinTheWindow) {
  RestartOptions restart;
  restart.policy = RestartPolicy::kOnFailure;
  restart.max_restarts = 3;
  restart.window_ms = 60'000;
  restart.initial_backoff_ms = 5;
  RestartLog log = RunFailingWorker(restart);
  EXPECT_EQ(log.delays, (std::vector<std::uint64_t>{5, 10, 20}));
  EXPECT_EQ(log.runs, 4);  // the first run and three restarts
  ASSERT_TRUE(log.done);
  EXPECT_EQ(log.last.code, 3);
  EXPECT_EQ(log.why, "gave up after 3 restarts within 60.00 s (last exit: normal, code 3)");
}

TEST(RestartBackoffTest, RestartsOutsideTheWindowNeitherCountNorGrowTheDelay) {
  // With a window of 0 ms every earlier restart has left the window by the
  // time the worker (which takes milliseconds to start) fails again: each
  // restart is the first, at the initial delay, and the worker is never
  // given up.
  RestartOptions restart;
  restart.policy = RestartPolicy::kOnFailure;
  restart.max_restarts = 1;
  restart.window_ms = 0;
  restart.initial_backoff_ms = 5;
  RestartLog log = RunFailingWorker(restart, /*stop_after=*/4);
  EXPECT_EQ(log.delays, (std::vector<std::uint64_t>{5, 5, 5, 5}));
  ASSERT_TRUE(log.done);
  EXPECT_EQ(log.why, "shut down while waiting to restart");
}

}  // namespace
}  // namespace isohost::testing
