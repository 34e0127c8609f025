// Large module files are read into external strings when they are ASCII
// (worker/loader/source_text.h): what the module sees of its own text, and what a
// non-ASCII file of the same size decodes to, must be as before.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

namespace fs = std::filesystem;

class SourceTextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    root_ = fs::path(::testing::TempDir()) / ("source-text-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // A module of ~200 KiB: a function whose body is long comments, and an
  // export of `value`.
  void WriteLargeModule(const std::string& name, const std::string& value) {
    std::ofstream out(root_ / name);
    out << "function body() {\n";
    for (int i = 0; i < 4000; ++i) out << "  // line " << i << " of a long module, padding it past 64 KiB\n";
    out << "}\nmodule.exports = { value: " << value << ", body };\n";
  }

  fs::path root_;
};

TEST_F(SourceTextTest, LargeModulesReadTheSameAsciiOrNot) {
  WriteLargeModule("ascii.js", "'plain'");
  WriteLargeModule("utf8.js", "'\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80'");
  std::ofstream(root_ / "main.js")
      << "const fs = require('fs');\n"
         "const ascii = require('./ascii.js');\n"
         "const utf8 = require('./utf8.js');\n"
         "const text = fs.readFileSync(__dirname + '/ascii.js', 'utf8');\n"
         // Function.prototype.toString reads the module's own source text.
         "console.log(ascii.value, ascii.body.toString().length, text.indexOf('}\\nmodule.exports') + 1,\n"
         "  utf8.value, utf8.value.length, utf8.body.toString() === ascii.body.toString());\n";
  for (const char* cache : {"--no-compile-cache", "--compile-cache"}) {
    std::vector<std::string> args{"run", cache};
    if (std::string(cache) == "--compile-cache") args.push_back((root_ / "cache").string());
    args.push_back((root_ / "main.js").string());
    // Twice with the cache: the second run compiles from it.
    for (int run = 0; run < 2; ++run) {
      CliResult result = RunCli(args);
      EXPECT_EQ(result.exit_code, 0) << result.err;
      std::string body_length = std::to_string(fs::file_size(root_ / "ascii.js") -
                                               std::string("\nmodule.exports = { value: 'plain', body };\n").size());
      EXPECT_EQ(result.out, "plain " + body_length + " " + body_length + " \xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 8 true\n")
          << cache << " run " << run;
    }
  }
}

}  // namespace
}  // namespace isohost::testing
