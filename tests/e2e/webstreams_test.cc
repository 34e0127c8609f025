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

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

constexpr const char* kNode = "/usr/bin/node";

// Node's stdout and exit code for `script` run in a Worker.
CliResult RunInNodeWorker(const std::string& script) {
  std::string command = std::string(kNode) + " '" + ScriptPath("lib/node_worker.js") + "' '" +
                        ScriptPath(script) + "' 2>/dev/null";
  CliResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[65536];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
  int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

void ExpectSameAsNode(const std::string& script) {
  if (access(kNode, X_OK) != 0) GTEST_SKIP() << "no " << kNode << " to compare with";
  CliResult node = RunInNodeWorker(script);
  ASSERT_FALSE(node.out.empty()) << "node printed nothing for " << script;
  CliResult isohost = RunCli({"run", ScriptPath(script)});
  EXPECT_EQ(isohost.exit_code, node.exit_code) << isohost.err;
  EXPECT_EQ(isohost.out, node.out) << isohost.err;
}

TEST(WebStreamsTest, ReadableStreamMatchesNode) { ExpectSameAsNode("webstreams/readable.js"); }

TEST(WebStreamsTest, ByteStreamsAndBYOBReadersMatchNode) { ExpectSameAsNode("webstreams/bytes.js"); }

TEST(WebStreamsTest, WritableTransformAndPipingMatchNode) { ExpectSameAsNode("webstreams/pipe.js"); }

TEST(WebStreamsTest, NodeAdaptersMatchNode) { ExpectSameAsNode("webstreams/adapters.js"); }

TEST(WebStreamsTest, EncodingAndCompressionStreamsMatchNode) {
  ExpectSameAsNode("webstreams/encoding_compression.js");
}

TEST(WebStreamsTest, FileHandleReadableWebStreamMatchesNode) { ExpectSameAsNode("webstreams/file_handle.js"); }

TEST(WebStreamsTest, GlobalsAndTransferMatchNode) { ExpectSameAsNode("webstreams/globals.js"); }

// Without Node to compare with: a 1 MiB gzip round trip through a pipe chain
// ends with the same bytes, and the worker exits 0.
TEST(WebStreamsTest, CompressionPipeChainRoundTrips) {
  CliResult result = RunCli({"run", ScriptPath("webstreams/round_trip.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "round trip 1048576 true\n") << result.err;
}

}  // namespace
}  // namespace isohost::testing
