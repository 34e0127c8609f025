// The options of `new Worker()` inside a worker, as Node takes them: what
// its entry may be (a data: URL, eval source in ES syntax), which execArgv
// and NODE_OPTIONS it refuses, its stdio as streams of the parent, env:
// SHARE_ENV, the environment data it inherits, its heap snapshot, and the
// error it ends with.
#include <string>

#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(NestedWorkerOptionsTest, DataUrlsAndEsSyntaxInEvalRunAsModules) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/entries.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "url message data:\n"
            "url exit 0\n"
            "plain error RangeError\n"
            "plain exit 1\n"
            "tla exit 13\n"
            "esm-eval message undefined\n"
            "esm-eval exit 0\n"
            "cjs-eval error SyntaxError\n"
            "cjs-eval exit 1\n"
            "no-detect error SyntaxError\n"
            "no-detect exit 1\n"
            "thrown error SyntaxError\n"
            "thrown exit 1\n")
      << result.err;
}

TEST(NestedWorkerOptionsTest, ExecArgvAndNodeOptionsAreCheckedAsNodeChecksThem) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/exec_argv.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ERR_WORKER_INVALID_EXEC_ARGV Initiated Worker with invalid execArgv flags: --expose-gc\n"
            "ERR_WORKER_INVALID_EXEC_ARGV Initiated Worker with invalid execArgv flags: --title=x\n"
            "ERR_WORKER_INVALID_EXEC_ARGV Initiated Worker with invalid execArgv flags: --foo\n"
            "ERR_WORKER_INVALID_EXEC_ARGV Initiated Worker with invalid execArgv flags: --bar\n"
            "ERR_WORKER_INVALID_EXEC_ARGV Initiated Worker with invalid NODE_OPTIONS env variable: --nonexistent\n"
            "ERR_INVALID_ARG_TYPE The \"options.env\" property must be of type object or one of undefined, null, "
            "or worker_threads.SHARE_ENV. Received type number (42)\n"
            "execArgv [\"--trace-warnings\",\"--input-type\",\"commonjs\"]\n")
      << result.err;
}

TEST(NestedWorkerOptionsTest, DisableWarningInExecArgvKeepsThoseWarningsUnwritten) {
  ExpectSameOutputAsNode("nested_options/disable_warning");
}

// As under Node, where the trace goes to the process's stderr too.
TEST(NestedWorkerOptionsTest, TraceExitInExecArgvOrNodeOptionsTracesTheNestedExit) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/trace_exit.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "exit 4\nexit 5\nexit 6\n");
  EXPECT_NE(result.err.find("WARNING: Exited the environment with code 4\n    at process.exit ("), std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("WARNING: Exited the environment with code 5\n"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("code 6"), std::string::npos) << result.err;
  EXPECT_EQ(CountOccurrences(result.err, "at leave ("), 2) << result.err;
}

TEST(NestedWorkerOptionsTest, AbortOnUncaughtExceptionIsTheMainThreadsOnly) {
  CliResult result = RunCli({"--abort-on-uncaught-exception", "-e",
                             "const { Worker } = require('node:worker_threads');"
                             "new Worker('throw new Error(\"x\")', { eval: true })"
                             "  .on('error', (e) => console.log('error', e.message))"
                             "  .on('exit', (code) => console.log('exit', code));"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "error x\nexit 1\n") << result.err;
}

TEST(NestedWorkerOptionsTest, TheParentReadsAndWritesItsStdioAsStreams) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/stdio.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "exit 0 \"echo:ab end of input\\n\" \"to stderr\\n\"\n") << result.err;
  EXPECT_NE(result.err.find("to stderr\n"), std::string::npos) << result.err;
}

TEST(NestedWorkerOptionsTest, ShareEnvSendsEachSidesChangesToTheOther) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/share_env.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "child sees parent after\n"
            "parent sees child false\n"
            "copy sees undefined\n"
            "copy exit\n")
      << result.err;
}

TEST(NestedWorkerOptionsTest, EnvironmentDataIsClonedIntoNestedWorkers) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/environment_data.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "level 1 {\"text\":\"hello\"} undefined undefined\n"
            "level 2 {\"text\":\"hello\"} undefined undefined\n"
            "parent undefined\n")
      << result.err;
}

TEST(NestedWorkerOptionsTest, AsyncHooksSeeAWorkerHandle) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/handle.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "ref true\nunref false\nexit 0 true\ndestroyed, hasRef undefined\n") << result.err;
}

TEST(NestedWorkerOptionsTest, GetHeapSnapshotGivesTheNestedWorkersHeap) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/heap_snapshot.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "nodes true marker true\nnodes true marker true\nERR_WORKER_NOT_RUNNING\n") << result.err;
}

TEST(NestedWorkerOptionsTest, AnUncaughtErrorReachesTheParentAsItWas) {
  CliResult result = RunCli({"run", ScriptPath("nested_options/uncaught.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "TypeError bad ERR_X 7 true true\n"
            "value 42\n"
            "Error hidden undefined undefined true undefined\n")
      << result.err;
}

}  // namespace
}  // namespace isohost::testing
