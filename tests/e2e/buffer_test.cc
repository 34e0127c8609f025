// buffer, string_decoder, TextEncoder/TextDecoder, atob/btoa, Blob and
// DOMException in real workers: each script under scripts/buffer/ prints
// edge cases of one area, and its output must be byte for byte what Node 20
// printed for it (NAME.out, recorded with /usr/bin/node and checked by hand).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The first line where two outputs part, for a readable failure.
std::string FirstDifference(const std::string& expected, const std::string& actual) {
  std::istringstream want(expected);
  std::istringstream got(actual);
  std::string a;
  std::string b;
  for (int line = 1;; ++line) {
    bool more_a = static_cast<bool>(std::getline(want, a));
    bool more_b = static_cast<bool>(std::getline(got, b));
    if (!more_a && !more_b) return "outputs differ only in their last newline";
    if (!more_a || !more_b || a != b) {
      return "line " + std::to_string(line) + ":\n  node:    " + (more_a ? a : "<end>") +
             "\n  isohost: " + (more_b ? b : "<end>");
    }
  }
}

class BufferScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(BufferScriptTest, PrintsWhatNodePrints) {
  const std::string name = GetParam();
  const std::string expected = ReadFile(ScriptPath("buffer/" + name + ".out"));
  ASSERT_FALSE(expected.empty()) << "no recorded output for " << name;
  CliResult result = RunCli({"run", ScriptPath("buffer/" + name + ".js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out == expected) << FirstDifference(expected, result.out);
}

INSTANTIATE_TEST_SUITE_P(Scripts, BufferScriptTest,
                         ::testing::Values("encodings", "methods", "numbers", "web", "text_coding", "string_decoder",
                                           "large_strings"),
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
