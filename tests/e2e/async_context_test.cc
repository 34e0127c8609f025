// async_hooks and diagnostics_channel in a real worker, each script's stdout
// byte for byte what Node 20 prints when it runs the script inside a
// worker_threads Worker (scripts/async_context/NAME.out).
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

// The store reaches promises, await, ticks, microtasks, timers, intervals,
// immediates and fs callbacks, and not an event listener emitted outside.
TEST(AsyncContextTest, StorePropagatesThroughEveryContinuation) {
  ExpectSameOutputAsNode("async_context/propagation");
}

TEST(AsyncContextTest, RunNestsExitLeavesEnterWithLastsDisableEmpties) {
  ExpectSameOutputAsNode("async_context/nesting");
}

TEST(AsyncContextTest, AsyncResourceBindSnapshotAndHooks) { ExpectSameOutputAsNode("async_context/resource"); }

// Promises made in vm contexts, made before or after the first
// AsyncLocalStorage, carry the store across await.
TEST(AsyncContextTest, StoreCrossesAwaitInVmContexts) { ExpectSameOutputAsNode("async_context/vm_contexts"); }

TEST(AsyncContextTest, DiagnosticsChannelSubscribersStoresAndTracing) {
  ExpectSameOutputAsNode("async_context/diagnostics_channel");
}

}  // namespace
}  // namespace isohost::testing

namespace isohost::testing {
namespace {

// resourceLimits are the limits the worker was started with, not a constant.
TEST(WorkerThreadsExtrasTest, LimitsEnvironmentDataAndUntransferable) {
  CliResult result = RunCli({"run", "--max-old-space", "64", "--max-young-space", "8",
                             ScriptPath("async_context/worker_threads_extras.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "limits young=8 old=64\n"
            "environmentData undefined\n"
            "set {\"a\":1}\n"
            "deleted undefined\n"
            "marked true false\n"
            "after transfer 8 0\n");
}

}  // namespace
}  // namespace isohost::testing
