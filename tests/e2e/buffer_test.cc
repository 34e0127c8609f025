// buffer, string_decoder, TextEncoder/TextDecoder, atob/btoa, Blob and
// DOMException in real workers: each script under scripts/buffer/ prints
// edge cases of one area, and its output must be byte for byte what Node 20
// printed for it (NAME.out, recorded with /usr/bin/node and checked by hand).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

class BufferScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(BufferScriptTest, PrintsWhatNodePrints) {
  const std::string name = GetParam();
  ExpectSameOutputAsNode("buffer/" + name);
}

INSTANTIATE_TEST_SUITE_P(Scripts, BufferScriptTest,
                         ::testing::Values("encodings", "methods", "numbers", "web", "text_coding", "string_decoder",
                                           "large_strings"),
                         [](const ::testing::TestParamInfo<const char*>& param) { return std::string(param.param); });

// The globals are accessors that build nothing until read: a worker that
// never reads Buffer compiles none of its files, one that does compiles
// them, and TextEncoder alone compiles fewer.
TEST(BufferTest, BufferIsCompiledOnFirstUseOnly) {
  int idle = BuiltinsLoaded({ScriptPath("empty.js")});
  int buffer = BuiltinsLoaded({ScriptPath("buffer/uses_buffer.js")});
  int encoder = BuiltinsLoaded({ScriptPath("buffer/uses_text_encoder.js")});
  ASSERT_GT(idle, 0);
  EXPECT_GT(buffer, idle);
  EXPECT_GT(encoder, idle);
  EXPECT_LT(encoder, buffer);
}

TEST(BufferTest, GlobalBufferReplacesItsAccessorOnFirstRead) {
  CliResult result = RunCli({"run", ScriptPath("buffer/uses_buffer.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "function undefined\n");
}

}  // namespace
}  // namespace isohost::testing
