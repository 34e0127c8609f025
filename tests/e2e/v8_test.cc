// require('v8') in a real worker, held against what /usr/bin/node printed
// for the same scripts (tests/e2e/scripts/v8/): the serializer's bytes and
// hooks, heap statistics, snapshots, the GC profiler and setFlagsFromString,
// and bytes that cross between a worker and the worker it starts.
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(V8Test, SerializerWritesNodesBytesAndReadsThemBack) { ExpectSameOutputAsNode("v8/serdes"); }

TEST(V8Test, HeapStatisticsAndFlagsAreNodes) { ExpectSameOutputAsNode("v8/heap_and_flags"); }

TEST(V8Test, HeapSnapshotsStreamAndWriteAsNodes) { ExpectSameOutputAsNode("v8/heap_snapshot"); }

TEST(V8Test, GcProfilerRecordsCollectionsAsNodes) {
  ExpectSameOutputAsNode("v8/gc_profiler", {"--v8-flag=--expose-gc"});
}

TEST(V8Test, NestedWorkerReadsWhatItsParentSerialized) { ExpectSameOutputAsNode("v8/nested"); }

// Node 20 itself stops on a fatal V8 check for the hook behind a getter; a
// worker gives the hook's result.
TEST(V8Test, HostileHooksAndBytesNeverCrashTheWorker) {
  CliResult result = RunCli({"run", ScriptPath("v8/hostile_hooks.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "re-entrant read threw ReadRawBytes() failed\n"
            "released while writing 4\n"
            "re-entrant write 22\n"
            "input detached after construction {\"s\":\"hello\"}\n"
            "hook behind a getter {\"got\":1}\n"
            "hook that throws while reading threw no\n"
            "method on a plain object threw Illegal invocation\n"
            "negative raw length threw ReadRawBytes() failed\n"
            "raw length past the end threw ReadRawBytes() failed\n"
            "meaningless bytes true\n")
      << result.err;
}

}  // namespace
}  // namespace isohost::testing
