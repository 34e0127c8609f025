// stream in real workers: each script under scripts/stream/ exercises one
// part of Node's streams (Readable, Writable, Duplex/Transform, pipeline and
// finished, stdio as streams, where Node 20 differs from the bundled package)
// and its output must be byte for byte what Node 20 printed for it (NAME.out,
// recorded with /usr/bin/node). Also:
// process.stdout keeps the channel's back-pressure, process.stdin reads what
// the host forwards, and nothing of it is compiled for a worker that only
// uses console.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

class StreamScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(StreamScriptTest, PrintsWhatNodePrints) {
  ExpectSameOutputAsNode(std::string("stream/") + GetParam());
}

INSTANTIATE_TEST_SUITE_P(Scripts, StreamScriptTest,
                         ::testing::Values("readable", "writable", "duplex_transform", "pipeline", "stdio",
                                           "crypto_hash", "encodings"),
                         [](const ::testing::TestParamInfo<const char*>& param) { return std::string(param.param); });

// write() answers false once the host has 256 KiB it has not acknowledged,
// 'drain' follows its acknowledgement (and the worker waits for it), and a
// Readable piped into stdout is paused and resumed by the same signals, with
// every byte arriving.
TEST(StreamTest, StdoutKeepsTheChannelsBackPressure) {
  CliResult result = RunCli({"run", ScriptPath("stream/stdout_backpressure.js")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err,
            "write() answered false after 256 KiB; needDrain true; drain came\n"
            "piped 4096 KiB, paused at least once\n");
  EXPECT_EQ(result.out.size(), (256u + 4096u) * 1024u);
  EXPECT_EQ(result.out.find_first_not_of('x'), std::string::npos);
}

TEST(StreamTest, StdinDataEventsGiveBuffers) {
  CliResult result = RunCli({"run", ScriptPath("stream/stdin_read.js"), "--", "data"}, "h\xc3\xa9llo\nworld\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "data: true 13 bytes: \"h\xc3\xa9llo\\nworld\\n\"\n");
}

TEST(StreamTest, StdinIsAsyncIterable) {
  CliResult result = RunCli({"run", ScriptPath("stream/stdin_read.js"), "--", "iterate"}, "one\ntwo\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "iterated: \"one\\ntwo\\n\"\n");
}

TEST(StreamTest, StdinPipesIntoStdout) {
  std::string input;
  for (int i = 0; i < 20000; ++i) input += "line " + std::to_string(i) + "\n";
  CliResult result = RunCli({"run", ScriptPath("stream/stdin_read.js"), "--", "pipe"}, input);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, input);
  EXPECT_EQ(result.err, "stdin ended\n");
}

int BuiltinsLoaded(const std::string& script) {
  CliResult result = RunCli({"run", "--stats", ScriptPath(script)});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::size_t start = result.err.rfind("{\"worker\"");
  if (start == std::string::npos) return -1;
  return nlohmann::json::parse(result.err.substr(start, result.err.find('\n', start) - start))["builtins_loaded"];
}

// console writes to the channel directly, and so does process.stdout until it
// is used as a stream: neither compiles the stream module (a score of the
// package's files), which a pipe into stdout then does.
TEST(StreamTest, StdoutCompilesNoStreamsUntilUsedAsOne) {
  int empty = BuiltinsLoaded("empty.js");
  int console_only = BuiltinsLoaded("stream/console_only.js");
  int stdout_write = BuiltinsLoaded("stream/stdout_write.js");
  int stdout_piped = BuiltinsLoaded("stream/stdout_piped.js");
  ASSERT_GT(empty, 0);
  EXPECT_LE(console_only - empty, 3) << empty << " vs " << console_only;
  EXPECT_LE(stdout_write - empty, 3) << empty << " vs " << stdout_write;
  EXPECT_GE(stdout_piped - stdout_write, 20) << stdout_write << " vs " << stdout_piped;
}

}  // namespace
}  // namespace isohost::testing
