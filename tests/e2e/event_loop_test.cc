// The worker's loop counters (reported in its Exit frame, printed by
// `isohost run --stats`) prove the flag gate and the immediate fast path.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

nlohmann::json StatsOf(const CliResult& result) {
  std::size_t start = result.err.rfind("{\"worker\"");
  if (start == std::string::npos) return {};
  return nlohmann::json::parse(result.err.substr(start, result.err.find('\n', start) - start));
}

nlohmann::json RunWithStats(const std::string& script, const std::vector<std::string>& args) {
  std::vector<std::string> argv{"run", "--stats", ScriptPath(script), "--"};
  argv.insert(argv.end(), args.begin(), args.end());
  CliResult result = RunCli(argv);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  return StatsOf(result);
}

TEST(EventLoopTest, OneNextTickCallCostsOneTickPassNotOnePerCallback) {
  nlohmann::json stats = RunWithStats("chained_immediates.js", {"10000", "call"});
  ASSERT_FALSE(stats.is_null());
  EXPECT_EQ(stats["tick_passes"], 1) << stats.dump();
  EXPECT_GE(stats["checkpoints"].get<int>(), 10000) << stats.dump();
}

TEST(EventLoopTest, ReadingNextTickEntersNoTickPass) {
  nlohmann::json stats = RunWithStats("chained_immediates.js", {"10000", "read"});
  ASSERT_FALSE(stats.is_null());
  EXPECT_EQ(stats["tick_passes"], 0) << stats.dump();
}

TEST(EventLoopTest, ChainedImmediatesRunOnePerLoopTurn) {
  nlohmann::json stats = RunWithStats("chained_immediates.js", {"1000", "none"});
  ASSERT_FALSE(stats.is_null());
  EXPECT_EQ(stats["check_phase_js_calls"], 1000) << stats.dump();
}

// The timers phase keeps the time it started with: a timer made during it is
// not due in it, even after a callback that outlasts the new timer's delay.
TEST(EventLoopTest, TimerMadeDuringASlowTimersPassWaitsForTheNextLoopTurn) {
  CliResult result = RunCli({"run", ScriptPath("timer_made_in_a_slow_pass.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "immediate\ntimer\n");  // Node's order
}

TEST(EventLoopTest, IdleTimerMakesNoCallFromTheCheckPhase) {
  nlohmann::json stats = RunWithStats("idle_on_timer.js", {});
  ASSERT_FALSE(stats.is_null());
  EXPECT_EQ(stats["check_phase_js_calls"], 0) << stats.dump();
}

TEST(EventLoopTest, WorkerThatNeverTouchesStdioBuildsNoStdioObject) {
  nlohmann::json quiet = RunWithStats("no_stdio.js", {});
  ASSERT_FALSE(quiet.is_null());
  EXPECT_EQ(quiet["stdio_objects_built"], 0) << quiet.dump();
  nlohmann::json chatty = RunWithStats("uses_console.js", {});
  EXPECT_GE(chatty["stdio_objects_built"].get<int>(), 1) << chatty.dump();
}

// Built-in modules are compiled on first use: a worker that asks for none
// compiles no more of them than an empty script, and one that asks for a
// module compiles it and what it needs.
TEST(EventLoopTest, BuiltinModulesAreCompiledOnFirstUseOnly) {
  nlohmann::json empty = RunWithStats("empty.js", {});
  nlohmann::json quiet = RunWithStats("no_stdio.js", {});
  nlohmann::json tty = RunWithStats("requires_tty.js", {});
  ASSERT_FALSE(empty.is_null());
  ASSERT_FALSE(quiet.is_null());
  ASSERT_FALSE(tty.is_null());
  EXPECT_GT(empty["builtins_loaded"].get<int>(), 0) << empty.dump();
  EXPECT_EQ(quiet["builtins_loaded"], empty["builtins_loaded"]) << quiet.dump();
  EXPECT_GT(tty["builtins_loaded"].get<int>(), empty["builtins_loaded"].get<int>()) << tty.dump();
}

}  // namespace
}  // namespace isohost::testing
