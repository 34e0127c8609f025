// Containment, end to end: real workers that run out of memory, spin
// forever or crash, and a host that survives them all.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <map>
#include <string>

#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(ContainmentTest, HeapExhaustionIsReportedAsOutOfMemory) {
  CliResult result = RunCli({"run", "--max-old-space", "32", ScriptPath("alloc_forever.js")});
  EXPECT_EQ(result.exit_code, 134);
  EXPECT_EQ(result.out, "allocating\n");
  EXPECT_NE(result.err.find("out of memory"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("heap limit"), std::string::npos) << result.err;
}

TEST(ContainmentTest, BusyLoopIsStoppedByTimeout) {
  auto start = std::chrono::steady_clock::now();
  CliResult result = RunCli({"run", "--timeout", "1", ScriptPath("busy_loop.js")});
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(result.exit_code, 124);
  EXPECT_EQ(result.out, "spinning forever\n");
  EXPECT_NE(result.err.find("timeout"), std::string::npos) << result.err;
  // Stopped by TerminateExecution, not by the host's kill after the grace period.
  EXPECT_EQ(result.err.find("did not stop"), std::string::npos) << result.err;
  EXPECT_LT(elapsed, std::chrono::seconds(30));
}

TEST(ContainmentTest, IdleWorkerIsStoppedByTimeout) {
  CliResult result = RunCli({"run", "--timeout", "0.3", ScriptPath("spin.js")});
  EXPECT_EQ(result.exit_code, 124);
  EXPECT_NE(result.err.find("time limit of 300 ms"), std::string::npos) << result.err;
}

TEST(ContainmentTest, OneWorkerCrashingLeavesTheOthersRunning) {
  // In one supervisor: a worker exhausts its heap, one is killed by SIGSEGV,
  // one spins under a timeout, and two ordinary workers finish their work.
  Supervisor supervisor;
  std::map<std::string, ExitInfo> exits;
  std::string output;
  auto spawn = [&](const std::string& name, const std::string& script, auto&& tweak) {
    WorkerOptions options;
    options.script_path = ScriptPath(script);
    options.worker_binary = BinDir() + "/isohost-worker";
    tweak(options);
    SupervisedCallbacks callbacks;
    callbacks.on_output = [&output](std::uint64_t, StdioStream, std::string_view data, ConsoleLevel) {
      output.append(data);
    };
    callbacks.on_message = [&supervisor, name](std::uint64_t id, std::string_view) {
      if (name == "segv") ::kill(supervisor.Find(id)->pid(), SIGSEGV);
    };
    callbacks.on_done = [&exits, name](std::uint64_t, const ExitInfo& info, const std::string&) { exits[name] = info; };
    supervisor.Spawn(std::move(options), std::move(callbacks));
  };
  spawn("oom", "alloc_forever.js", [](WorkerOptions& o) { o.limits.max_old_space_mb = 32; });
  spawn("segv", "spin.js", [](WorkerOptions&) {});
  spawn("timeout", "busy_loop.js", [](WorkerOptions& o) { o.limits.timeout_ms = 500; });
  spawn("ok1", "hello.js", [](WorkerOptions&) {});
  spawn("ok2", "burst.js", [](WorkerOptions& o) { o.argv = {"100"}; });
  supervisor.Run();
  ASSERT_EQ(exits.size(), 5u);
  EXPECT_EQ(exits["oom"].reason, ExitReason::kOutOfMemory) << exits["oom"].message;
  EXPECT_EQ(exits["segv"].reason, ExitReason::kCrashed) << exits["segv"].message;
  EXPECT_EQ(exits["segv"].signal, SIGSEGV);
  EXPECT_EQ(exits["timeout"].reason, ExitReason::kTimeout) << exits["timeout"].message;
  EXPECT_EQ(exits["ok1"].reason, ExitReason::kNormal);
  EXPECT_EQ(exits["ok1"].code, 0);
  EXPECT_EQ(exits["ok2"].code, 0);
  EXPECT_NE(output.find("hello world\n"), std::string::npos) << output;
}

}  // namespace
}  // namespace isohost::testing
