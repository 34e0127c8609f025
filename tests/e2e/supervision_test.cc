// Supervision through the CLI: --restart policies, --max-restarts and the
// back-off the host reports.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(SupervisionTest, OnFailureRestartsUntilGivenUp) {
  CliResult result = RunCli({"run", "--restart", "on-failure", "--max-restarts", "3", ScriptPath("fail_fast.js")});
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(CountOccurrences(result.out, "failing\n"), 4) << result.out;  // the first run and 3 restarts
  EXPECT_EQ(CountOccurrences(result.err, "restarting in"), 3) << result.err;
  EXPECT_NE(result.err.find("gave up after 3 restarts"), std::string::npos) << result.err;
}

TEST(SupervisionTest, OnFailureDoesNotRestartASuccess) {
  CliResult result = RunCli({"run", "--restart", "on-failure", ScriptPath("hello.js")});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "hello world\n");
  EXPECT_EQ(result.err.find("restarting"), std::string::npos) << result.err;
}

TEST(SupervisionTest, AlwaysRestartsASuccessToo) {
  CliResult result = RunCli({"run", "--restart", "always", "--max-restarts", "2", ScriptPath("hello.js")});
  EXPECT_EQ(CountOccurrences(result.out, "hello world\n"), 3) << result.out;
  EXPECT_NE(result.err.find("gave up after 2 restarts"), std::string::npos) << result.err;
}

TEST(SupervisionTest, BackOffGrows) {
  CliResult result = RunCli({"run", "--restart", "always", "--max-restarts", "3", ScriptPath("fail_fast.js")});
  std::regex delay("restarting in ([0-9]+) ms");
  std::vector<int> delays;
  for (auto it = std::sregex_iterator(result.err.begin(), result.err.end(), delay); it != std::sregex_iterator(); ++it) {
    delays.push_back(std::stoi((*it)[1]));
  }
  ASSERT_EQ(delays.size(), 3u) << result.err;
  EXPECT_LT(delays[0], delays[1]);
  EXPECT_LT(delays[1], delays[2]);
}

}  // namespace
}  // namespace isohost::testing
