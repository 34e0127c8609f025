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
                         ::testing::Values("encodings", "methods", "numbers", "web", "text_coding", "string_decoder"),
                         [](const ::testing::TestParamInfo<const char*>& param) { return std::string(param.param); });

nlohmann::json BuiltinsLoaded(const std::string& script) {
  CliResult result = RunCli({"run", "--stats", ScriptPath(script)});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::size_t start = result.err.rfind("{\"worker\"");
  if (start == std::string::npos) return {};
  return nlohmann::json::parse(result.err.substr(start, result.err.find('\n', start) - start))["builtins_loaded"];
}

// The globals are accessors that build nothing until read: a worker that
// never reads Buffer compiles none of its files, one that does compiles
// them, and TextEncoder alone compiles fewer.
TEST(BufferTest, BufferIsCompiledOnFirstUseOnly) {
  nlohmann::json idle = BuiltinsLoaded("empty.js");
  nlohmann::json buffer = BuiltinsLoaded("buffer/uses_buffer.js");
  nlohmann::json encoder = BuiltinsLoaded("buffer/uses_text_encoder.js");
  ASSERT_TRUE(idle.is_number() && buffer.is_number() && encoder.is_number());
  EXPECT_GT(buffer.get<int>(), idle.get<int>());
  EXPECT_GT(encoder.get<int>(), idle.get<int>());
  EXPECT_LT(encoder.get<int>(), buffer.get<int>());
}

TEST(BufferTest, GlobalBufferReplacesItsAccessorOnFirstRead) {
  CliResult result = RunCli({"run", ScriptPath("buffer/uses_buffer.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "function undefined\n");
}

}  // namespace
}  // namespace isohost::testing
