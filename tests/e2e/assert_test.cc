// assert and assert/strict in real workers: each script under scripts/assert/
// prints the outcome of many assertions (messages, diffs, deep equality,
// validation of thrown errors, the source of a failed call on a file's first
// line with names beyond ASCII, ifError's joined stack), and its output must
// be byte for byte what Node 20 printed for it (NAME.out, recorded with
// /usr/bin/node).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

class AssertScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(AssertScriptTest, PrintsWhatNodePrints) {
  const std::string name = GetParam();
  ExpectSameOutputAsNode("assert/" + name);
}

INSTANTIATE_TEST_SUITE_P(Scripts, AssertScriptTest, ::testing::Values("messages", "deep_equal", "validation", "first_line",
                                                                    "if_error_stack"),
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
