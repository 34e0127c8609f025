// require('v8') in a real worker, held against what /usr/bin/node printed
// for the same scripts (tests/e2e/scripts/v8/): the serializer's bytes and
// hooks, heap statistics and setFlagsFromString, and serialized bytes that
// cross between a worker and the worker it starts.
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"

namespace isohost::testing {
namespace {

TEST(V8Test, SerializerWritesNodesBytesAndReadsThemBack) { ExpectSameOutputAsNode("v8/serdes"); }

TEST(V8Test, HeapStatisticsAndFlagsAreNodes) { ExpectSameOutputAsNode("v8/heap_and_flags"); }

TEST(V8Test, NestedWorkerReadsWhatItsParentSerialized) { ExpectSameOutputAsNode("v8/nested"); }

}  // namespace
}  // namespace isohost::testing
