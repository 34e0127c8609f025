// assert and assert/strict in real workers: each script under scripts/assert/
// prints the outcome of many assertions (messages, diffs, deep equality,
// validation of thrown errors), and its output must be byte for byte what
// Node 20 printed for it (NAME.out, recorded with /usr/bin/node).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first line where two outputs part, for a readable failure.
std::string FirstDifference(const std::string& expected, const std::string& actual) {
  std::istringstream want(expected);
  std::istringstream got(actual);
  std::string a;
  std::string b;
  for (int line = 1;; ++line) {
    bool more_a = static_cast<bool>(std::getline(want, a));
    bool more_b = static_cast<bool>(std::getline(got, b));
    if (!more_a && !more_b) return "outputs differ only in their last newline";
    if (!more_a || !more_b || a != b) {
      return "line " + std::to_string(line) + ":\n  node:    " + (more_a ? a : "<end>") +
             "\n  isohost: " + (more_b ? b : "<end>");
    }
  }
}

class AssertScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(AssertScriptTest, PrintsWhatNodePrints) {
  const std::string name = GetParam();
  const std::string expected = ReadFile(ScriptPath("assert/" + name + ".out"));
  ASSERT_FALSE(expected.empty()) << "no recorded output for " << name;
  CliResult result = RunCli({"run", ScriptPath("assert/" + name + ".js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out == expected) << FirstDifference(expected, result.out);
}

INSTANTIATE_TEST_SUITE_P(Scripts, AssertScriptTest, ::testing::Values("messages", "deep_equal", "validation"),
                         [](const ::testing::TestParamInfo<const char*>& param) { return std::string(param.param); });

TEST(AssertTest, UncaughtAssertionErrorEndsTheWorkerWithItsMessage) {
  CliResult result = RunCli({"run", ScriptPath("assert/uncaught.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n1 !== 2\n"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("uncaught.js:3"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace isohost::testing
