// The WHATWG streams (stream/web and their globals) inside real workers:
// readable, byte and BYOB streams, writable and transform streams, piping,
// the Node adapters, the encoding and compression streams and transfer by
// structuredClone. Each script's stdout is compared with that of
// /usr/bin/node running the same script in a worker_threads Worker
// (scripts/lib/node_worker.js); those comparisons skip when Node is absent.
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(WebStreamsTest, ReadableStreamMatchesNode) { ExpectSameAsNodeWorker("webstreams/readable.js"); }

TEST(WebStreamsTest, ByteStreamsAndBYOBReadersMatchNode) { ExpectSameAsNodeWorker("webstreams/bytes.js"); }

TEST(WebStreamsTest, WritableTransformAndPipingMatchNode) { ExpectSameAsNodeWorker("webstreams/pipe.js"); }

TEST(WebStreamsTest, NodeAdaptersMatchNode) { ExpectSameAsNodeWorker("webstreams/adapters.js"); }

TEST(WebStreamsTest, EncodingAndCompressionStreamsMatchNode) {
  ExpectSameAsNodeWorker("webstreams/encoding_compression.js");
}

TEST(WebStreamsTest, FileHandleReadableWebStreamMatchesNode) { ExpectSameAsNodeWorker("webstreams/file_handle.js"); }

TEST(WebStreamsTest, GlobalsAndTransferMatchNode) { ExpectSameAsNodeWorker("webstreams/globals.js"); }

// Without Node to compare with: a 1 MiB gzip round trip through a pipe chain
// ends with the same bytes, and the worker exits 0.
TEST(WebStreamsTest, CompressionPipeChainRoundTrips) {
  CliResult result = RunCli({"run", ScriptPath("webstreams/round_trip.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "round trip 1048576 true\n") << result.err;
}

}  // namespace
}  // namespace isohost::testing
