// URL, URLSearchParams and the url, querystring and punycode modules, in
// real workers: against the WPT url data (when it is there), and against
// what Node 20 prints for the same scripts (tests/e2e/scripts/url_*.out).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(UrlTest, WhatwgApiBehavesAsNodes) { ExpectSameOutputAsNode("url_whatwg"); }

TEST(UrlTest, UrlModuleBehavesAsNodes) { ExpectSameOutputAsNode("url_legacy"); }

TEST(UrlTest, QuerystringAndPunycodeBehaveAsNodes) { ExpectSameOutputAsNode("url_querystring"); }

// url.parse() warns once (DEP0170) about a port that is not a number.
TEST(UrlTest, LegacyParseWarnsOnceAboutAnInvalidPort) {
  // The script parses two such URLs.
  CliResult result = RunCli({"run", ScriptPath("url_legacy.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const std::string warning = "The URL http://[::1 is invalid. Future versions of Node.js will throw an error.";
  size_t first = result.err.find(warning);
  EXPECT_NE(first, std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("is invalid. Future versions", first + warning.size()), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("DeprecationWarning"), std::string::npos) << result.err;
}

size_t Count(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++count;
  return count;
}

TEST(UrlTest, DeprecationWarningsOnlyWhenPending) {
  CliResult quiet = RunCli({"run", ScriptPath("url_deprecations.js")});
  EXPECT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_EQ(quiet.out, "tda\n");
  EXPECT_EQ(quiet.err.find("DeprecationWarning"), std::string::npos) << quiet.err;

  setenv("NODE_PENDING_DEPRECATION", "1", 1);
  CliResult pending = RunCli({"run", ScriptPath("url_deprecations.js")});
  unsetenv("NODE_PENDING_DEPRECATION");
  EXPECT_EQ(pending.exit_code, 0) << pending.err;
  EXPECT_EQ(pending.out, "tda\n");
  EXPECT_EQ(Count(pending.err, "`url.parse()` behavior is not standardized"), 1u) << pending.err;
  EXPECT_EQ(Count(pending.err, "The `punycode` module is deprecated."), 1u) << pending.err;
}

// The one-match parse of common URLs and the state machine agree.
TEST(UrlTest, CommonUrlsParseAsTheStateMachineParsesThem) {
  CliResult result = RunCli({"run", ScriptPath("url_fast_path.js")});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find(", differ 0\n"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("compared 0,"), std::string::npos) << result.out;
}

TEST(UrlTest, GlobalsAreLazyAndReplaceThemselves) {
  CliResult result = RunCli({"run", ScriptPath("url_globals.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "listed: true true\n"
            "URL seen first: data enumerable=false configurable=true writable=true\n"
            "URL after: data enumerable=false configurable=true writable=true\n"
            "same class: true true URL\n"
            "assigned first: replaced data enumerable=false configurable=true writable=true\n"
            "module keeps the class: function URLSearchParams\n");
}

// A worker that never reads URL compiles none of it; one that does compiles
// the URL files, and require('url') the rest.
TEST(UrlTest, UrlIsCompiledOnFirstUseOnly) {
  int empty = BuiltinsLoadedBySource("");
  int untouched = BuiltinsLoadedBySource("typeof globalThis; Object.keys(process.env);");
  int url = BuiltinsLoadedBySource("new URL('https://example.com/').href;");
  int module = BuiltinsLoadedBySource("require('url').parse('https://example.com/');");
  EXPECT_GT(empty, 0);
  EXPECT_EQ(untouched, empty);
  EXPECT_GT(url, empty);
  EXPECT_GT(module, url);
}

// --- WPT ------------------------------------------------------------------------

std::string WptUrlDir() {
  const char* from_env = std::getenv("ISOHOST_WPT_URL_DIR");
  return from_env != nullptr && *from_env != '\0' ? from_env : ISOHOST_WPT_URL_DIR;
}

bool IsFile(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

// The WPT url data of Node's test fixtures (urltestdata.json and the rest,
// from denoland/node_test), which is not part of this repository: the test
// says where it looked when it is absent.
TEST(UrlWptTest, UrlTestDataPasses) {
  const std::string dir = WptUrlDir();
  if (!IsFile(dir + "/urltestdata.json")) {
    GTEST_SKIP() << "WPT url data not found at " << dir
                 << " (set ISOHOST_WPT_URL_DIR or the CMake cache variable of that name to the folder that "
                    "holds urltestdata.json, e.g. node_test/test/fixtures/wpt/url/resources)";
  }
  CliResult result = RunCli({"run", ScriptPath("url_wpt.js"), "--", dir});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::map<std::string, nlohmann::json> files;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) {
    nlohmann::json report = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    ASSERT_TRUE(report.is_object()) << line;
    files[report["file"].get<std::string>()] = report;
  }
  for (const auto& [file, report] : files) {
    const double passed = report["passed"].get<double>();
    const double total = report["total"].get<double>();
    std::printf("WPT %s: %.0f of %.0f pass (%.2f%%)\n", file.c_str(), passed, total, 100.0 * passed / total);
    RecordProperty(file, std::to_string(static_cast<int>(passed)) + "/" + std::to_string(static_cast<int>(total)));
  }
  ASSERT_EQ(files.count("urltestdata.json"), 1u) << result.out;
  ASSERT_EQ(files.count("setters_tests.json"), 1u) << result.out;
  const nlohmann::json& data = files["urltestdata.json"];
  EXPECT_GT(data["total"].get<int>(), 800) << data.dump();
  EXPECT_GE(data["passed"].get<double>(), 0.99 * data["total"].get<double>()) << data.dump(2);
  const nlohmann::json& setters = files["setters_tests.json"];
  EXPECT_GE(setters["passed"].get<double>(), 0.99 * setters["total"].get<double>()) << setters.dump(2);
  // IDNA data newer than the system's ICU fails on the characters Unicode
  // has changed since; the rest must pass.
  if (files.count("toascii.json") != 0) {
    const nlohmann::json& toascii = files["toascii.json"];
    EXPECT_GE(toascii["passed"].get<double>(), 0.9 * toascii["total"].get<double>()) << toascii.dump(2);
  }
}

}  // namespace
}  // namespace isohost::testing
