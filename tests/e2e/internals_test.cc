// --expose-internals in real workers: what a script gets of the runtime's
// internal modules and of internal/test/binding, against what Node 20
// printed for the same script under its flag (scripts/internals/internals.out,
// recorded with `node --expose-internals --expose-gc`).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

void ExpectInternalsAsNodes(const std::vector<std::string>& args) {
  const std::string expected = ReadFile(ScriptPath("internals/internals.out"));
  ASSERT_FALSE(expected.empty());
  CliResult result = RunCli(args);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out == expected) << FirstDifference(expected, result.out) << "\nstderr: " << result.err;
  // internal/test/binding warns as Node's does.
  EXPECT_NE(result.err.find("internal/test/binding: These APIs are for internal testing only. Do not use them."),
            std::string::npos)
      << result.err;
}

TEST(InternalsTest, NodeCommandLine) {
  ExpectInternalsAsNodes({"--expose-internals", "--expose-gc", ScriptPath("internals/internals.js")});
}

TEST(InternalsTest, RunCommandInEverySpawnStrategy) {
  for (const char* spawn : {"exec", "zygote", "pool"}) {
    SCOPED_TRACE(spawn);
    ExpectInternalsAsNodes({"run", "--expose-internals", "--v8-flag=--expose-gc", "--spawn", spawn,
                            ScriptPath("internals/internals.js")});
  }
}

// Node's SIGINT watchdog: while one is started a SIGINT is noted and
// reported by a stop; after the last stop it ends the worker as before.
TEST(InternalsTest, SigintWatchdogNotesTheSignalUntilTheLastStop) {
  CliResult result = RunCli({"--expose-internals", ScriptPath("internals/sigint_watchdog.js")});
  EXPECT_EQ(result.out, "quiet stop false\nfirst stop true\nsecond stop false\npending after false\n");
  EXPECT_EQ(result.exit_code, 128 + 2) << result.err;
}

// Node's getOptionValue(): flags, --no- flags and values as given, defaults
// for the rest.
TEST(InternalsTest, OptionsSayWhatTheWorkerWasStartedWith) {
  CliResult result = RunCli({"--expose-internals", "--no-warnings", "--input-type=commonjs",
                             ScriptPath("internals/options.js")});
  EXPECT_EQ(result.out, "true false false [] commonjs false\n") << result.err;
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

// A worker that uses none of it compiles none of it.
TEST(InternalsTest, CostNothingWithoutTheFlag) {
  EXPECT_EQ(BuiltinsLoaded({"--expose-internals", ScriptPath("empty.js")}),
            BuiltinsLoaded({ScriptPath("empty.js")}));
}

}  // namespace
}  // namespace isohost::testing
