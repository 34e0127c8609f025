// resourceLimits.stackSizeMb and codeRangeSizeMb of a nested worker: both
// sides report them as Node does, the stack limit bounds recursion whether
// the worker was exec'd or forked ahead of demand, the code range reaches
// the isolate (a pooled worker made without it never serves it), and a
// nested worker gets no more than its parent has. A worker that runs out of
// the heap it was given exits as Node's does.
#include <string>

#include <gtest/gtest.h>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

const char kReported[] =
    "plain inside 4 0 parent 4 0 rangeError true\n"
    "small inside 0.25 0 parent 0.25 0 rangeError true\n"
    "large inside 2 16 parent 2 16 rangeError true\n"
    "small < large true\n"
    "large < plain true\n";

TEST(ResourceLimitsTest, ExecdWorkersHonourTheStackSizeAndReportBothLimits) {
  CliResult result = RunCli({"run", "--spawn", "exec", ScriptPath("resource_limits/stack_depth.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, std::string(kReported) + "forked false false false\n") << result.err;
}

// The workers of a one-shot run come from the zygote's pool once it is up;
// their isolates exist before Start, which sets the stack limit. The one
// with a code range is forked for it: the value it reports is the one its
// isolate was made with.
TEST(ResourceLimitsTest, ForkedWorkersHonourTheStackSizeAndTheCodeRange) {
  CliResult result = RunCli({"run", ScriptPath("resource_limits/stack_depth.js"), "--", "forked"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, std::string(kReported) + "forked true true true\n") << result.err;
}

TEST(ResourceLimitsTest, ANestedWorkerCannotRaiseItsParentsLimits) {
  CliResult result = RunCli({"run", ScriptPath("resource_limits/nested_lower.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "nested 0.5 16\nshallower than 3 MB true\n") << result.err;
}

TEST(ResourceLimitsTest, AWorkerOutOfHeapExitsWithOneAndNodesError) {
  CliResult result = RunCli({"run", ScriptPath("resource_limits/out_of_heap.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "error ERR_WORKER_OUT_OF_MEMORY Worker terminated due to reaching memory limit: JS heap out of memory\n"
            "exit 1 {}\n") << result.err;
}

}  // namespace
}  // namespace isohost::testing
