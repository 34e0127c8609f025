// The isohost CLI end to end: real host, real worker processes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

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

namespace isohost::testing {
namespace {

long ReadRssKb(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  long value = -1;
  while (status >> key) {
    if (key == "VmRSS:") {
      status >> value;
      break;
    }
  }
  return value;
}

// The worker process of a host running one worker by exec: the host's child.
pid_t WorkerOf(pid_t host) {
  std::ifstream children("/proc/" + std::to_string(host) + "/task/" + std::to_string(host) + "/children");
  pid_t pid = 0;
  children >> pid;
  return pid;
}

// The worker prints ~40 MB as fast as it can while this test reads the
// host's stdout slowly: the host must not buffer what it cannot write, and
// the worker, whose console.log ignores backpressure, must wait for the host
// instead of buffering it all itself.
TEST(CliBackpressureTest, MemoryStaysBoundedWithASlowReader) {
  int out = -1;
  pid_t host = StartCli({"run", ScriptPath("many_lines.js"), "--", "4000000"}, &out);
  ASSERT_GT(host, 0);
  std::string tail;
  std::size_t total = 0;
  long max_rss = 0;
  long worker_first_rss = 0, worker_max_rss = 0;
  char buffer[16384];
  int reads = 0;
  ssize_t n;
  while ((n = read(out, buffer, sizeof buffer)) > 0) {
    total += static_cast<std::size_t>(n);
    tail.assign(buffer, static_cast<std::size_t>(n));
    if (++reads % 64 == 0) {
      max_rss = std::max(max_rss, ReadRssKb(host));
      if (pid_t worker = WorkerOf(host); worker > 0) {
        long rss = ReadRssKb(worker);
        if (worker_first_rss == 0) worker_first_rss = rss;
        worker_max_rss = std::max(worker_max_rss, rss);
      }
      if (reads < 64 * 40) usleep(20000);  // slow at first, then drain
    }
  }
  close(out);
  int status = 0;
  waitpid(host, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_GT(total, 40u << 20);
  EXPECT_NE(tail.find("line 3999999\n"), std::string::npos);
  std::printf("host max RSS %ld kB, worker RSS %ld kB at first and %ld kB at most, while %zu bytes went through\n",
              max_rss, worker_first_rss, worker_max_rss, total);
  RecordProperty("host_max_rss_kb", static_cast<int>(max_rss));
  RecordProperty("worker_max_rss_kb", static_cast<int>(worker_max_rss));
  EXPECT_GT(max_rss, 0);
  EXPECT_GT(worker_first_rss, 0);
#if defined(__SANITIZE_ADDRESS__)
  // ASan keeps up to 256 MB of freed memory in quarantine, so RSS says
  // nothing about buffering there; the normal build checks the bound.
#else
  EXPECT_LT(max_rss, 32 * 1024) << "the host buffered worker output it could not write";
  // The worker's own heap grows to about 75 MB in this loop however fast the
  // host reads; buffering all the output it could not send would add 40 MB.
  EXPECT_LT(worker_max_rss, 100 * 1024) << "the worker buffered output the host could not take";
#endif
}

}  // namespace
}  // namespace isohost::testing
