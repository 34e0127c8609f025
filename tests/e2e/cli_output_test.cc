// How the CLI shows its workers' output: prefixed lines with several
// workers, and log records as text or JSON.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(CliOutputTest, SeveralWorkersArePrefixedAndTheFirstFailureWins) {
  CliResult result = RunCli({"run", "-n", "2", ScriptPath("exit_code.js"), "--", "0"});
  EXPECT_EQ(result.exit_code, 0);
  CliResult failing = RunCli({"run", "-n", "3", ScriptPath("fail_fast.js")});
  EXPECT_EQ(failing.exit_code, 3);
  EXPECT_EQ(CountOccurrences(failing.out, "] failing\n"), 3) << failing.out;
}

TEST(CliOutputTest, LogFormatTextTagsWorkerPidStreamAndLevel) {
  CliResult result = RunCli({"run", "--log-format", "text", ScriptPath("levels.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find(" info [worker.1 pid="), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(" stdout] an info line\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(" warning [worker.1 pid="), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(" stderr] a warning\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(" error [worker.1"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("stdout] partial line completed\n"), std::string::npos) << result.out;
  // A partial last line is emitted at exit.
  EXPECT_NE(result.out.find("stdout] and a tail without newline\n"), std::string::npos) << result.out;
}

TEST(CliOutputTest, LogFormatJsonIsOneObjectPerLine) {
  CliResult result = RunCli({"run", "--log-format", "json", ScriptPath("levels.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::vector<nlohmann::json> records;
  std::size_t start = 0;
  while (start < result.out.size()) {
    std::size_t end = result.out.find('\n', start);
    records.push_back(nlohmann::json::parse(result.out.substr(start, end - start)));
    start = end + 1;
  }
  ASSERT_EQ(records.size(), 5u) << result.out;
  EXPECT_EQ(records[0]["msg"], "an info line");
  EXPECT_EQ(records[0]["level"], "info");
  EXPECT_EQ(records[0]["stream"], "stdout");
  EXPECT_EQ(records[0]["worker"], 1);
  EXPECT_GT(records[0]["pid"].get<int>(), 0);
  EXPECT_EQ(records[1]["level"], "warning");
  EXPECT_EQ(records[1]["stream"], "stderr");
  EXPECT_EQ(records[2]["level"], "error");
}

}  // namespace
}  // namespace isohost::testing
