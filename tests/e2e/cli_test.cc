// The isohost CLI end to end: real host, real worker processes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <regex>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(CliTest, HelloWorld) {
  CliResult result = RunCli({"run", ScriptPath("hello.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "hello world\n");
}

TEST(CliTest, ExitCodeIsTheWorkers) {
  for (int code : {0, 3, 42, 255}) {
    CliResult result = RunCli({"run", ScriptPath("exit_code.js"), "--", std::to_string(code)});
    EXPECT_EQ(result.exit_code, code) << result.err;
  }
}

TEST(CliTest, UncaughtErrorReportsFileLineAndStack) {
  CliResult result = RunCli({"run", ScriptPath("throws.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "before the throw\n");
  EXPECT_NE(result.err.find("throws.js:2"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("Error: boom from the worker"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("at explode"), std::string::npos) << result.err;
  // Like Node's, the report ends naming the runtime and the API it offers.
  EXPECT_TRUE(std::regex_search(result.err, std::regex(R"(\n\nIsohost v\d+\.\d+\.\d+ \(Node\.js v20\.\d+\.\d+\)\n$)")))
      << result.err;
}

TEST(CliTest, UncaughtNodeErrorFromATickIsReportedByItsStack) {
  CliResult result = RunCli({"run", ScriptPath("throws_node_error_in_tick.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err.rfind("TypeError [ERR_INVALID_ARG_TYPE]: The \"size\" argument", 0), 0u) << result.err;
  EXPECT_NE(result.err.find("throws_node_error_in_tick.js:4"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("formatFatalError"), std::string::npos) << result.err;
}

TEST(CliTest, ATickCallbacksFrameIsNamedAsNodeNamesIt) {
  CliResult result = RunCli({"run", ScriptPath("throws_in_tick.js")});
  EXPECT_EQ(result.exit_code, 1);
  // An arrow function queued with nextTick is anonymous in the stack, as
  // in Node, not a method of the queue's entry.
  EXPECT_TRUE(std::regex_search(result.err, std::regex(R"(Error: boom from a tick\n    at [^ ]*throws_in_tick\.js:3:9\n)")))
      << result.err;
  EXPECT_NE(result.err.find("at process.processTicksAndRejections"), std::string::npos) << result.err;
  // The report points at the throw, not at `new Error`.
  EXPECT_NE(result.err.find("throws_in_tick.js:3\n  throw new Error('boom from a tick');\n  ^\n"), std::string::npos)
      << result.err;
}

TEST(CliTest, TheFatalReportPointsAtTheThrowNotWhereTheErrorWasMade) {
  CliResult result = RunCli({"run", ScriptPath("throws_in_fs_callback.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("throws_in_fs_callback.js:5\n  /* padding */ throw made;\n                ^\n"),
            std::string::npos)
      << result.err;
  result = RunCli({"run", ScriptPath("throws_at_top_level.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("throws_at_top_level.js:4\n   throw made;\n   ^\n"), std::string::npos) << result.err;
}

TEST(CliTest, SyntaxErrorNamesTheLine) {
  CliResult result = RunCli({"run", ScriptPath("syntax_error.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find("syntax_error.js:2"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("SyntaxError"), std::string::npos) << result.err;
}

TEST(CliTest, MissingScriptIsAClearError) {
  CliResult result = RunCli({"run", "/no/such/script.js"});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_LT(result.exit_code, 128) << "the CLI must not crash";
  EXPECT_NE(result.err.find("/no/such/script.js"), std::string::npos) << result.err;
}

TEST(CliTest, MissingRequireIsAnUncaughtError) {
  CliResult result = RunCli({"run", ScriptPath("missing_require.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("Cannot find module './does-not-exist'"), std::string::npos) << result.err;
}

TEST(CliTest, RequireOfRelativeFiles) {
  CliResult result = RunCli({"run", ScriptPath("require_main.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "hello cjs from lib true 42\n");
}

TEST(CliTest, HelpAndVersion) {
  CliResult help = RunCli({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("run"), std::string::npos);
  CliResult run_help = RunCli({"run", "--help"});
  EXPECT_NE(run_help.out.find("--echo"), std::string::npos);
  CliResult version = RunCli({"--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_NE(version.out.find("isohost 0."), std::string::npos);
}

TEST(CliTest, InvalidOptionsNameTheOption) {
  CliResult unknown = RunCli({"run", "--no-such-flag", ScriptPath("hello.js")});
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_NE(unknown.err.find("--no-such-flag"), std::string::npos) << unknown.err;
  CliResult bad_json = RunCli({"run", "--worker-data", "{nope", ScriptPath("hello.js")});
  EXPECT_EQ(bad_json.exit_code, 2);
  EXPECT_NE(bad_json.err.find("--worker-data is not valid JSON"), std::string::npos) << bad_json.err;
}

TEST(CliTest, OutputBeforeProcessExitArrivesWhole) {
  CliResult result = RunCli({"run", ScriptPath("exit_after_output.js")});
  EXPECT_EQ(result.exit_code, 3);
  std::string expected;
  for (int i = 0; i < 5000; ++i) expected += "line " + std::to_string(i) + "\n";
  expected += "last line\n";
  EXPECT_EQ(result.out, expected);
}

TEST(CliTest, OutputBeforeASignalToItselfArrivesWhole) {
  std::string expected;
  for (int i = 0; i < 5000; ++i) expected += "line " + std::to_string(i) + "\n";
  expected += "right before the signal\n";
  for (const char* signal : {"SIGKILL", "SIGINT"}) {
    SCOPED_TRACE(signal);
    CliResult result = RunCli({"run", ScriptPath("kill_self_after_output.js"), "--", signal});
    EXPECT_NE(result.exit_code, 0);
    EXPECT_EQ(result.out, expected);
  }
}

TEST(CliTest, OutputBeforeUncaughtExceptionArrivesWhole) {
  CliResult result = RunCli({"run", ScriptPath("uncaught_after_output.js")});
  EXPECT_EQ(result.exit_code, 1);
  std::string expected;
  for (int i = 0; i < 5000; ++i) expected += "line " + std::to_string(i) + "\n";
  expected += "right before the throw\n";
  EXPECT_EQ(result.out, expected);
  EXPECT_NE(result.err.find("TypeError: late failure"), std::string::npos) << result.err;
}

TEST(CliTest, StdinReachesTheWorker) {
  CliResult result = RunCli({"run", ScriptPath("stdin_echo.js")}, "piped input\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "stdin had 12 chars: piped input\n");
}

TEST(CliTest, PrintAndSendMessagesAsJson) {
  CliResult result = RunCli({"run", "--print-messages", "--send", "{\"a\":[1,2,\"three\"]}",
                             ScriptPath("echo_back.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "{\"a\":[1,2,\"three\"]}\n");
}

TEST(CliTest, MessageOverTheLimitThrowsInTheWorker) {
  CliResult result = RunCli({"run", "--print-messages", "--max-message-bytes", "1048576", ScriptPath("too_big.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("caught: RangeError message of"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\"small one\""), std::string::npos) << result.out;
}

TEST(CliTest, HundredThousandConsoleLinesInOrder) {
  CliResult result = RunCli({"run", ScriptPath("many_lines.js"), "--", "100000"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::string expected;
  expected.reserve(1 << 20);
  for (int i = 0; i < 100000; ++i) expected += "line " + std::to_string(i) + "\n";
  EXPECT_TRUE(result.out == expected) << "output differs; got " << result.out.size() << " bytes";
}

}  // namespace
}  // namespace isohost::testing
