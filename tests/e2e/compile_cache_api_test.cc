// Node 22's compile cache API (module.enableCompileCache(),
// getCompileCacheDir(), flushCompileCache(), constants.compileCacheStatus)
// over the worker's compile cache, and how the cache directory is kept:
// a size limit past which the oldest files go, and temp files of writers
// that died before their rename taken away.
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

namespace fs = std::filesystem;

// A module well above the size the cache bothers with.
std::string LargeModule(const std::string& name) {
  std::string body;
  for (int i = 0; i < 200; ++i) body += "function " + name + std::to_string(i) + "() { return " + std::to_string(i) + "; }\n";
  return body + "module.exports = " + name + "199();\n";
}

class CompileCacheApiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    root_ = fs::path(::testing::TempDir()) / ("compile-cache-api-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    cache_ = root_ / "cache";
    std::ofstream(root_ / "a.js") << LargeModule("a");
    std::ofstream(root_ / "b.js") << LargeModule("b");
  }
  void TearDown() override { fs::remove_all(root_); }

  // Runs `source` as main.js with `flags`; returns [stdout, stats].
  std::pair<std::string, nlohmann::json> Run(const std::string& source, const std::vector<std::string>& flags) {
    std::ofstream(root_ / "main.js", std::ios::trunc) << source;
    std::vector<std::string> args{"run", "--stats"};
    args.insert(args.end(), flags.begin(), flags.end());
    args.push_back((root_ / "main.js").string());
    CliResult result = RunCli(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    std::size_t start = result.err.rfind("{\"worker\"");
    if (start == std::string::npos) {
      ADD_FAILURE() << "no stats in: " << result.err;
      return {result.out, {}};
    }
    return {result.out, nlohmann::json::parse(result.err.substr(start, result.err.find('\n', start) - start))};
  }

  std::vector<fs::path> Files(const std::string& extension) const {
    std::vector<fs::path> files;
    if (!fs::exists(cache_)) return files;
    for (const fs::directory_entry& entry : fs::directory_iterator(cache_)) {
      if (entry.path().extension() == extension) files.push_back(entry.path());
    }
    return files;
  }

  fs::path root_;
  fs::path cache_;
};

TEST_F(CompileCacheApiTest, EnableCompileCacheTurnsItOnForWhatLoadsNext) {
  const std::string script =
      "const m = require('module');\n"
      "const before = m.getCompileCacheDir();\n"
      "const first = m.enableCompileCache(" + nlohmann::json(cache_.string()).dump() + ");\n"
      "const second = m.enableCompileCache();\n"
      "require('./a.js');\n"
      "m.flushCompileCache();\n"
      "console.log(JSON.stringify([before, first, second, m.getCompileCacheDir(), m.constants.compileCacheStatus]));\n";
  const std::string dir = nlohmann::json(cache_.string()).dump();
  const std::string expected = "[null,{\"status\":1,\"directory\":" + dir + "},{\"status\":2,\"directory\":" + dir +
                               "}," + dir + ",{\"FAILED\":0,\"ENABLED\":1,\"ALREADY_ENABLED\":2,\"DISABLED\":3}]\n";
  auto [out, stats] = Run(script, {"--no-compile-cache"});
  EXPECT_EQ(out, expected);
  EXPECT_EQ(stats.value("compile_cache_misses", -1), 1) << stats.dump();
  EXPECT_EQ(Files(".cache").size(), 1u);
  // The next worker that enables it compiles a.js from the file.
  auto [again, again_stats] = Run(script, {"--no-compile-cache"});
  EXPECT_EQ(again, expected);
  EXPECT_EQ(again_stats.value("compile_cache_hits", -1), 1) << again_stats.dump();
}

TEST_F(CompileCacheApiTest, EnableCompileCacheSaysWhyNot) {
  const std::string script = "console.log(JSON.stringify(require('module').enableCompileCache(process.argv[2])));\n";
  // On already: the host's directory.
  auto [on, on_stats] = Run(script, {"--compile-cache", cache_.string()});
  EXPECT_EQ(on, "{\"status\":2,\"directory\":" + nlohmann::json(cache_.string()).dump() + "}\n");
  // A file where the directory should be: FAILED, with the reason.
  std::ofstream(root_ / "file") << "x";
  std::string file_dir = (root_ / "file" / "cache").string();
  auto [failed, failed_stats] = Run(
      "const r = require('module').enableCompileCache(" + nlohmann::json(file_dir).dump() + ");\n"
      "console.log(r.status, typeof r.message, r.directory, require('module').getCompileCacheDir());\n",
      {"--no-compile-cache"});
  EXPECT_EQ(failed, "0 string undefined undefined\n");
  // Node's variable turns it off whatever the script asks.
  ::setenv("NODE_DISABLE_COMPILE_CACHE", "1", 1);
  auto [disabled, disabled_stats] = Run(script, {"--no-compile-cache"});
  ::unsetenv("NODE_DISABLE_COMPILE_CACHE");
  EXPECT_EQ(disabled, "{\"status\":3,\"message\":\"Disabled by NODE_DISABLE_COMPILE_CACHE\"}\n");
  // Under the permission model a worker writes no code others would run.
  auto [sandboxed, sandboxed_stats] = Run(
      "const r = require('module').enableCompileCache(" + nlohmann::json(cache_.string() + "2").dump() + ");\n"
      "console.log(r.status, r.message);\n",
      {"--no-compile-cache", "--sandbox"});
  EXPECT_EQ(sandboxed, "0 The compile cache is not available under the permission model\n");
  EXPECT_FALSE(fs::exists(cache_.string() + "2"));
  // Not a directory name or options object.
  auto [thrown, thrown_stats] = Run(
      "try { require('module').enableCompileCache(42); } catch (err) { console.log(err.code); }\n",
      {"--no-compile-cache"});
  EXPECT_EQ(thrown, "ERR_INVALID_ARG_TYPE\n");
}

TEST_F(CompileCacheApiTest, TheOldestFilesGoPastTheSizeLimit) {
  Run("require('./a.js');\n", {"--compile-cache", cache_.string()});
  std::vector<fs::path> first = Files(".cache");
  ASSERT_EQ(first.size(), 1u);
  std::uintmax_t size = fs::file_size(first[0]);
  // Room for one and a half files: b.js's file pushes a.js's out.
  std::string limit = std::to_string(size + size / 2);
  Run("require('./b.js');\n", {"--compile-cache", cache_.string(), "--compile-cache-max-bytes", limit});
  std::vector<fs::path> second = Files(".cache");
  ASSERT_EQ(second.size(), 1u);
  EXPECT_NE(second[0], first[0]);
  // Without the limit (256 MiB) both stay.
  Run("require('./a.js');\n", {"--compile-cache", cache_.string()});
  EXPECT_EQ(Files(".cache").size(), 2u);
}

TEST_F(CompileCacheApiTest, TempFilesOfDeadWritersAreRemoved) {
  fs::create_directories(cache_);
  // A pid no process has (pid_max is at most 2^22), one that is alive (this
  // test's), and one alive but whose file is hours old.
  pid_t dead = 4194303;
  while (dead > 1 && (::kill(dead, 0) == 0 || errno != ESRCH)) --dead;
  fs::path abandoned = cache_ / ("0123456789abcdef.cache." + std::to_string(dead) + ".1.tmp");
  fs::path live = cache_ / ("0123456789abcdef.cache." + std::to_string(::getpid()) + ".1.tmp");
  fs::path old = cache_ / ("0123456789abcdef.cache." + std::to_string(::getpid()) + ".2.tmp");
  for (const fs::path& file : {abandoned, live, old}) std::ofstream(file) << "partial";
  fs::last_write_time(old, fs::file_time_type::clock::now() - std::chrono::hours(2));
  // A worker that writes a cache file tidies the directory.
  Run("require('./a.js');\n", {"--compile-cache", cache_.string()});
  EXPECT_EQ(Files(".cache").size(), 1u);
  EXPECT_FALSE(fs::exists(abandoned));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_FALSE(fs::exists(old));
}

}  // namespace
}  // namespace isohost::testing
