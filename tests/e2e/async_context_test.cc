// async_hooks and diagnostics_channel in a real worker, each script's stdout
// byte for byte what Node 20 prints when it runs the script inside a
// worker_threads Worker (scripts/async_context/NAME.out).
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"

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

TEST(AsyncContextTest, DiagnosticsChannelSubscribersStoresAndTracing) {
  ExpectSameOutputAsNode("async_context/diagnostics_channel");
}

}  // namespace
}  // namespace isohost::testing
