// A worker that posts on a direct link to another worker polls for the
// answer before its loop sleeps (worker/messaging/reply_spin.h): it does so after
// such posts, never when told not to (--link-spin-us 0), and less and less
// often while the answers are slow to come. What the conversation says is
// the same either way.
#include <sched.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

bool OneCpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  return sched_getaffinity(0, sizeof(set), &set) != 0 || CPU_COUNT(&set) < 2;
}

// The stats `isohost run --stats` printed for its worker (id 1).
nlohmann::json WorkerStats(const CliResult& result) {
  std::size_t start = result.err.find("{\"worker\":1,");
  if (start == std::string::npos) return nullptr;
  return nlohmann::json::parse(result.err.substr(start, result.err.find('\n', start) - start), nullptr, false);
}

CliResult Converse(int count, int delay_ms, std::vector<std::string> options = {}) {
  std::vector<std::string> args{"run", "--stats"};
  args.insert(args.end(), options.begin(), options.end());
  for (const std::string& arg :
       {ScriptPath("ports/conversation.js"), std::string("--"), std::to_string(count), std::to_string(delay_ms)}) {
    args.push_back(arg);
  }
  return RunCli(args);
}

TEST(ReplySpinTest, AWorkerPollsForTheAnswerAfterPostingOnALink) {
  if (OneCpu()) GTEST_SKIP() << "one CPU: a worker never polls, its peer could not run meanwhile";
  CliResult result = Converse(300, 0);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "300 answers, all right: true\n");
  nlohmann::json stats = WorkerStats(result);
  ASSERT_TRUE(stats.is_object()) << result.err;
  EXPECT_GT(stats["link_spin_polls"].get<int>(), 0) << stats.dump();
  EXPECT_LE(stats["link_spin_answered"].get<int>(), stats["link_spin_polls"].get<int>()) << stats.dump();
}

TEST(ReplySpinTest, ZeroTurnsThePollingOff) {
  CliResult result = Converse(300, 0, {"--link-spin-us", "0"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "300 answers, all right: true\n");
  nlohmann::json stats = WorkerStats(result);
  ASSERT_TRUE(stats.is_object()) << result.err;
  EXPECT_EQ(stats["link_spin_polls"].get<int>(), 0) << stats.dump();
}

// The peer answers each post 5 ms later, far past the poll's 50 µs: after
// each empty poll the worker skips twice as many posts before it tries
// again, so 40 posts cost it a handful of polls, not 40.
TEST(ReplySpinTest, SlowAnswersMakeThePollsRarer) {
  if (OneCpu()) GTEST_SKIP() << "one CPU: a worker never polls, its peer could not run meanwhile";
  CliResult result = Converse(40, 5);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "40 answers, all right: true\n");
  nlohmann::json stats = WorkerStats(result);
  ASSERT_TRUE(stats.is_object()) << result.err;
  const int polls = stats["link_spin_polls"].get<int>();
  EXPECT_GT(polls, 0) << stats.dump();
  EXPECT_LE(polls, 15) << stats.dump();
}

}  // namespace
}  // namespace isohost::testing
