// `new Worker()` inside a worker: the host spawns the nested worker as a
// sibling process and relays its messages and its end; a quota bounds how
// many a worker runs; a parent's exit takes its nested workers along; and a
// worker that lies about its nested workers gets nothing it did not start.
#include <signal.h>

#include <cerrno>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(NestedWorkerTest, ANestedWorkerGetsDataMessagesAndReportsItsExit) {
  CliResult result = RunCli({"-e",
                             "const { Worker, threadId } = require('node:worker_threads');"
                             "const w = new Worker(require('node:path').resolve(process.argv[1]), { workerData: { n: [1, 2] } });"
                             "w.on('online', () => console.log('online'));"
                             "w.on('message', (m) => {"
                             "  if (m.hello) { console.log('hello', JSON.stringify(m.hello), m.threadId === w.threadId, m.threadId !== threadId); w.postMessage({ x: 1 }); }"
                             "  else console.log('echo', JSON.stringify(m));"
                             "});"
                             "w.on('exit', (code) => console.log('exit', code, w.threadId));",
                             ScriptPath("nested/child.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "online\nhello {\"n\":[1,2]} true true\necho {\"echo\":{\"x\":1}}\nexit 0 -1\n") << result.err;
}

// A one-shot run execs its worker, and that worker's nested workers come
// from the pool once the zygote, started in the background at the first
// nested spawn, is ready; the first one is exec'd rather than waiting.
TEST(NestedWorkerTest, AOneShotRunsNestedWorkersComeFromItsPoolOnceTheZygoteIsReady) {
  CliResult result = RunCli({"run", ScriptPath("nested/pooled_siblings.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "first: exec\na later one forked: true\n") << result.err;
  // With the strategy asked for, nested workers follow it.
  result = RunCli({"run", "--spawn", "exec", ScriptPath("nested/pooled_siblings.js"), "--", "4"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "first: exec\nnone forked\n") << result.err;
}

TEST(NestedWorkerTest, FailuresBecomeErrorAndExitEvents) {
  CliResult result = RunCli({"run", ScriptPath("nested/errors.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ERR_WORKER_PATH\n"
            "error: RangeError boom\n"
            "thrower exit: 1\n"
            "missing: MODULE_NOT_FOUND\n"
            "missing exit: 1\n"
            "terminated with 1\n")
      << result.err;
}

TEST(NestedWorkerTest, TheQuotaRefusesOneWorkerTooMany) {
  CliResult result = RunCli({"run", "--max-nested-workers", "1", ScriptPath("nested/quota.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "second error: ERR_WORKER_INIT_FAILED Worker initialization failure: nested worker quota of 1 "
            "running workers exceeded\n"
            "second exit: 1\n"
            "first exit: 0\n")
      << result.err;
}

TEST(NestedWorkerTest, AParentsExitTakesItsNestedWorkersAlong) {
  CliResult result = RunCli({"run", ScriptPath("nested/teardown.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  ASSERT_EQ(result.out.rfind("nested pid ", 0), 0u) << result.out << result.err;
  const int pid = std::stoi(result.out.substr(11));
  ASSERT_GT(pid, 0);
  // The host reaps it before it exits: the pid is gone (or reused by
  // another process, which kill() cannot tell apart; pids do not come back
  // this soon).
  EXPECT_EQ(::kill(pid, 0), -1);
  EXPECT_EQ(errno, ESRCH);
}

TEST(NestedWorkerTest, TheHostTrustsNoClaimAboutNestedWorkersAWorkerDidNotStart) {
  CliResult result =
      RunCli({"run", "--node-option=--expose-internals", ScriptPath("nested/fake_parent.js")});
  // Frames for ids it never started were ignored (the worker went on to
  // start its child); the second claim on an id ended it.
  EXPECT_EQ(result.out, "child started\n") << result.err;
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("worker asked for nested worker 1 twice"), std::string::npos) << result.err;
}

TEST(NestedWorkerTest, PortsTransferredToNestedWorkersKeepTheirChannel) {
  CliResult result = RunCli({"run", ScriptPath("nested/relay.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "A closed\n"
            "A got a port\n"
            "A via the passed port: hello\n"
            "B closed\n"
            "B got ping\n"
            "B got queued before the transfer\n"
            "exit\n"
            "exit\n")
      << result.err;
}

// A worker that names a port the host never gave it: through it, in a
// transfer list (of a message, or of a nested worker's workerData), or as a
// new port under a name only the host hands out.
class FakePortClaimTest : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(FakePortClaimTest, EndsTheWorkerWithAProtocolError) {
  CliResult result = RunCli({"--expose-internals", ScriptPath("nested/fake_ports.js"), GetParam().first});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_EQ(result.out, "") << result.err;
  EXPECT_NE(result.err.find("protocol error: " + GetParam().second), std::string::npos) << result.err;
}

INSTANTIATE_TEST_SUITE_P(
    Lies, FakePortClaimTest,
    ::testing::Values(std::pair<std::string, std::string>{"send", "worker sent through port 12345, which it does not hold"},
                      std::pair<std::string, std::string>{"transfer", "worker transferred port 7, which it does not hold"},
                      std::pair<std::string, std::string>{"name", "worker named a new port 8, which is not a name it may choose"},
                      std::pair<std::string, std::string>{"forward", "worker forwarded messages of port 12345, which it is not draining"},
                      std::pair<std::string, std::string>{"drain", "worker ended the drain of port 12345, which it was not draining"},
                      std::pair<std::string, std::string>{"marker", "worker sent through port 12345, which it does not hold"},
                      std::pair<std::string, std::string>{"broadcast", "worker broadcast on channel \"news\", which it has not joined"},
                      std::pair<std::string, std::string>{"spawn_transfer", "worker transferred port 7, which it does not hold"},
                      std::pair<std::string, std::string>{"spawn_name", "worker named a new port 8, which is not a name it may choose"},
                      std::pair<std::string, std::string>{"spawn_queued", "worker queued a message for workerData's port 3, which it does not carry"}),
    [](const ::testing::TestParamInfo<std::pair<std::string, std::string>>& info) { return info.param.first; });

// Node's 'worker_threads' diagnostics channel hears of each new Worker in
// its constructor, with the Worker itself.
TEST(NestedWorkerTest, TheWorkerThreadsDiagnosticsChannelHearsOfEachWorker) {
  CliResult result = RunCli({"-e",
                             "const dc = require('diagnostics_channel');\n"
                             "const { Worker } = require('worker_threads');\n"
                             "dc.subscribe('worker_threads', ({ worker }) =>\n"
                             "  console.log('heard', worker instanceof Worker, worker.threadId > 0));\n"
                             "new Worker('0', { eval: true });\n"
                             "console.log('constructed');\n"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "heard true true\nconstructed\n") << result.err;
}

}  // namespace
}  // namespace isohost::testing
