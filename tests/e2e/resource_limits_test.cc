// resourceLimits.stackSizeMb and codeRangeSizeMb of a nested worker: both
// sides report them as Node does, the stack limit bounds recursion whether
// the worker was exec'd or forked ahead of demand, the code range reaches
// the isolate (a pooled worker made without it never serves it), and a
// nested worker gets no more than its parent has. A worker that runs out of
// the heap it was given exits as Node's does.
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "isohost/supervisor.h"
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

// --stack-size is V8's flag: it sets the stack of the worker the CLI runs
// (Node's main thread), and that worker reports it; a worker that one starts
// has Node's worker stack of 4 MB whatever the flag says.
TEST(ResourceLimitsTest, StackSizeFlagIsReportedByTheWorkerItAppliesTo) {
  CliResult result = RunCli({"--stack-size=500", "-e",
                             "const { Worker, resourceLimits } = require('node:worker_threads');"
                             "console.log(resourceLimits.stackSizeMb);"
                             "new Worker('console.log(require(\"node:worker_threads\").resourceLimits.stackSizeMb)', { eval: true });"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "0.48828125\n4\n") << result.err;
}

struct Reported {
  std::string limits;  // "stackSizeMb codeRangeSizeMb"
  long depth = 0;
};

// Workers the host starts itself, through the library, with the limits in
// WorkerOptions: exec'd, or pooled (the pool's workers are made without a
// code range, so the one that asks for it is forked for it).
void RunTopLevel(SpawnStrategy strategy) {
  Supervisor supervisor;
  std::map<std::string, std::string> output;
  auto spawn = [&](const std::string& name, std::uint32_t stack_kib, std::uint32_t code_range_mb) {
    WorkerOptions options;
    options.script_path = ScriptPath("resource_limits/top_depth.js");
    options.worker_binary = BinDir() + "/isohost-worker";
    options.spawn = strategy;
    options.limits.stack_size_kib = stack_kib;
    options.limits.code_range_mb = code_range_mb;
    SupervisedCallbacks callbacks;
    callbacks.on_output = [&output, name](std::uint64_t, StdioStream, std::string_view data, ConsoleLevel) {
      output[name].append(data);
    };
    supervisor.Spawn(std::move(options), std::move(callbacks));
  };
  spawn("plain", 0, 0);
  spawn("small", 256, 0);
  spawn("large", 2048, 16);
  supervisor.Run();
  std::map<std::string, Reported> reported;
  for (const auto& [name, text] : output) {
    std::istringstream in(text);
    std::string stack, code_range;
    in >> stack >> code_range >> reported[name].depth;
    reported[name].limits = stack + " " + code_range;
  }
  // Not asked: V8's default stack (984 KiB) and code range.
  EXPECT_EQ(reported["plain"].limits, "0.9609375 0") << output["plain"];
  EXPECT_EQ(reported["small"].limits, "0.25 0") << output["small"];
  EXPECT_EQ(reported["large"].limits, "2 16") << output["large"];
  EXPECT_GT(reported["small"].depth, 0);
  EXPECT_LT(reported["small"].depth, reported["plain"].depth);
  EXPECT_LT(reported["plain"].depth, reported["large"].depth);
}

TEST(ResourceLimitsTest, TheHostsExecdWorkersGetTheirLimits) { RunTopLevel(SpawnStrategy::kExec); }

TEST(ResourceLimitsTest, TheHostsPooledWorkersGetTheirLimits) { RunTopLevel(SpawnStrategy::kPool); }

}  // namespace
}  // namespace isohost::testing
