// The domain module in real workers: scripts/domain/basics.js (the stack,
// run/enter/exit, add/remove, bind/intercept, emitters) and async.js (errors
// of ticks, timers, intervals, immediates, promise reactions, fs callbacks
// and unhandled rejections going to the domain they were scheduled in) must
// print what Node 20 printed for them (NAME.out, recorded with
// /usr/bin/node).
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(DomainTest, StackMembersBindInterceptAndEmitters) { ExpectSameOutputAsNode("domain/basics"); }

TEST(DomainTest, ErrorsOfContinuationsGoToTheirDomain) { ExpectSameOutputAsNode("domain/async"); }

// What a top-level domain's 'error' listener throws is fatal, code 7, and
// the report is about it, not about the error the domain was given.
TEST(DomainTest, ListenerThatThrowsEndsTheWorkerWithCode7) {
  CliResult result = RunCli({"run", ScriptPath("domain/listener_throws.js")});
  EXPECT_EQ(result.exit_code, 7) << result.err;
  EXPECT_NE(result.err.find("Error: thrown by the error listener"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("the original error"), std::string::npos) << result.err;
}

// Nothing of it is compiled until the module is required: a worker that uses
// emitters, ticks, timers and promises compiles what an idle one does.
TEST(DomainTest, CompiledOnlyWhenRequired) {
  const std::string busy =
      "const { EventEmitter } = require('events');\n"
      "new EventEmitter().emit('x');\n"
      "process.nextTick(() => {});\n"
      "setTimeout(() => {}, 1);\n"
      "setImmediate(() => {});\n"
      "Promise.reject(new Error('x')).catch(() => {});\n";
  int idle = BuiltinsLoaded({ScriptPath("empty.js")});
  int without = BuiltinsLoadedBySource(busy);
  int with = BuiltinsLoadedBySource("require('domain');\n" + busy);
  ASSERT_GT(idle, 0);
  EXPECT_GT(with, without);
  EXPECT_EQ(BuiltinsLoadedBySource("setTimeout(() => {}, 1);\nPromise.resolve().then(() => {});\n"), idle);
}

}  // namespace
}  // namespace isohost::testing
