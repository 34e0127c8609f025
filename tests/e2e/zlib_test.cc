// zlib in a real worker, held against what /usr/bin/node printed for the
// same scripts (tests/e2e/scripts/zlib/).
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"

namespace isohost::testing {
namespace {

TEST(ZlibTest, SyncFormsBehaveAsNodes) { ExpectSameOutputAsNode("zlib/sync_forms"); }

TEST(ZlibTest, SyncErrorsAreNodes) { ExpectSameOutputAsNode("zlib/sync_errors"); }

TEST(ZlibTest, CallbackFormsRunOnThePoolAndCallBackAsNodes) { ExpectSameOutputAsNode("zlib/callback_forms"); }

TEST(ZlibTest, StreamFormsRoundTripFlushAndCloseAsNodes) { ExpectSameOutputAsNode("zlib/stream_forms"); }

TEST(ZlibTest, StreamErrorsAreNodes) { ExpectSameOutputAsNode("zlib/stream_errors"); }

// One output chunk at a time: a bomb waits for its reader, data that ends
// early ends the stream, _processChunk(), callback order, bad chunks.
TEST(ZlibTest, StreamsStepAsNodes) { ExpectSameOutputAsNode("zlib/stream_steps"); }

}  // namespace
}  // namespace isohost::testing
