// The compile cache of user modules (worker/loader/compile_cache.h): a second run
// compiles from it, a damaged file is ignored and replaced, a changed module
// is compiled again, --no-compile-cache writes nothing. And process.env,
// which the loader now reads without building it, behaves as before.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

namespace fs = std::filesystem;

// A module well above the size the cache bothers with: `count` functions,
// of which the exported sum calls two; `op` changes the code, not its length.
std::string ModuleBody(int count, char op) {
  std::string body;
  for (int i = 0; i < count; ++i) {
    body += "function f" + std::to_string(i) + "(a, b) { return a * " + std::to_string(i) + " " + op + " b; }\n";
  }
  return body;
}

class CompileCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    root_ = fs::path(::testing::TempDir()) / ("compile-cache-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "app");
    cache_ = root_ / "cache";
    WriteModules('+');
    std::ofstream(root_ / "app" / "main.js") << "const lib = require('./lib.js');\n"
                                                "import('./lib.mjs').then((m) => console.log(lib.sum, m.sum));\n";
  }
  void TearDown() override { fs::remove_all(root_); }

  void WriteModules(char op) {
    std::string body = ModuleBody(200, op);
    // A hashbang line too: the CommonJS wrapper turns it into a comment.
    std::ofstream(root_ / "app" / "lib.js") << "#!/usr/bin/env node\n" << body
                                            << "module.exports = { sum: f1(2, 3) + f199(1, 1) };\n";
    std::ofstream(root_ / "app" / "lib.mjs") << body << "export const sum = f1(2, 3) + f199(1, 1);\n";
  }

  // Runs main.js with `flags`; returns its stats line, after checking the
  // output is the modules' sums.
  nlohmann::json Run(const std::vector<std::string>& flags, const std::string& expected_out) {
    std::vector<std::string> args{"run", "--stats"};
    args.insert(args.end(), flags.begin(), flags.end());
    args.push_back((root_ / "app" / "main.js").string());
    CliResult result = RunCli(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, expected_out) << result.err;
    std::size_t start = result.err.rfind("{\"worker\"");
    if (start == std::string::npos) {
      ADD_FAILURE() << "no stats in: " << result.err;
      return {};
    }
    return nlohmann::json::parse(result.err.substr(start, result.err.find('\n', start) - start));
  }

  nlohmann::json RunWithCache(const std::string& expected_out = "205 205\n") {
    return Run({"--compile-cache", cache_.string()}, expected_out);
  }

  std::vector<fs::path> CacheFiles() const {
    std::vector<fs::path> files;
    if (!fs::exists(cache_)) return files;
    for (const fs::directory_entry& entry : fs::directory_iterator(cache_)) files.push_back(entry.path());
    return files;
  }

  static void Expect(const nlohmann::json& stats, int hits, int misses, int rejected) {
    EXPECT_EQ(stats.value("compile_cache_hits", -1), hits) << stats.dump();
    EXPECT_EQ(stats.value("compile_cache_misses", -1), misses) << stats.dump();
    EXPECT_EQ(stats.value("compile_cache_rejected", -1), rejected) << stats.dump();
  }

  fs::path root_;
  fs::path cache_;
};

TEST_F(CompileCacheTest, ASecondRunCompilesFromTheCache) {
  Expect(RunWithCache(), 0, 2, 0);
  std::vector<fs::path> files = CacheFiles();
  EXPECT_EQ(files.size(), 2u);  // one per module, no temp file left behind
  for (const fs::path& file : files) EXPECT_EQ(file.extension(), ".cache") << file;
  Expect(RunWithCache(), 2, 0, 0);
  Expect(RunWithCache(), 2, 0, 0);
}

TEST_F(CompileCacheTest, ATruncatedFileIsIgnoredAndReplaced) {
  Expect(RunWithCache(), 0, 2, 0);
  for (const fs::path& file : CacheFiles()) fs::resize_file(file, fs::file_size(file) / 2);
  Expect(RunWithCache(), 0, 0, 2);
  Expect(RunWithCache(), 2, 0, 0);
}

TEST_F(CompileCacheTest, ACorruptFileIsIgnoredAndReplaced) {
  Expect(RunWithCache(), 0, 2, 0);
  for (const fs::path& file : CacheFiles()) {
    std::fstream stream(file, std::ios::in | std::ios::out | std::ios::binary);
    // Bytes of V8's data, past the header and the path, are flipped.
    std::string bytes((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
    for (std::size_t i = bytes.size() / 2; i < bytes.size() / 2 + 64 && i < bytes.size(); ++i) bytes[i] ^= 0x5a;
    stream.seekp(0);
    stream.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  Expect(RunWithCache(), 0, 0, 2);
  Expect(RunWithCache(), 2, 0, 0);
  // Garbage in place of a cache file: ignored and replaced all the same.
  for (const fs::path& file : CacheFiles()) std::ofstream(file, std::ios::trunc) << "not a cache file";
  Expect(RunWithCache(), 0, 0, 2);
  Expect(RunWithCache(), 2, 0, 0);
}

TEST_F(CompileCacheTest, AChangedModuleIsCompiledAgain) {
  Expect(RunWithCache(), 0, 2, 0);
  // The same length, other code: only the mtime tells the files apart.
  WriteModules('-');
  for (const char* name : {"lib.js", "lib.mjs"}) {
    fs::path file = root_ / "app" / name;
    fs::last_write_time(file, fs::last_write_time(file) + std::chrono::seconds(5));
  }
  Expect(RunWithCache("197 197\n"), 0, 2, 0);
  Expect(RunWithCache("197 197\n"), 2, 0, 0);
  // Another size.
  std::ofstream(root_ / "app" / "lib.js", std::ios::app) << "// grown\n";
  Expect(RunWithCache("197 197\n"), 1, 1, 0);
}

TEST_F(CompileCacheTest, NoCompileCacheReadsAndWritesNothing) {
  ::setenv("XDG_CACHE_HOME", cache_.string().c_str(), 1);
  nlohmann::json stats = Run({"--no-compile-cache"}, "205 205\n");
  Expect(stats, 0, 0, 0);
  EXPECT_FALSE(fs::exists(cache_));
  // Without the flag the cache is on, under $XDG_CACHE_HOME/isohost.
  Expect(Run({}, "205 205\n"), 0, 2, 0);
  Expect(Run({}, "205 205\n"), 2, 0, 0);
  ::unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(fs::exists(cache_ / "isohost") ? std::distance(fs::directory_iterator(cache_ / "isohost"),
                                                           fs::directory_iterator())
                                           : 0,
            2);
}

TEST_F(CompileCacheTest, NodesVariableNamesTheDirectory) {
  ::setenv("NODE_COMPILE_CACHE", cache_.string().c_str(), 1);
  Expect(Run({}, "205 205\n"), 0, 2, 0);
  Expect(Run({}, "205 205\n"), 2, 0, 0);
  ::unsetenv("NODE_COMPILE_CACHE");
  EXPECT_EQ(CacheFiles().size(), 2u);
}

// The workers of `isohost pool` share one cache: the first run writes the
// task module's file, the second compiles from it.
TEST_F(CompileCacheTest, PoolWorkersShareTheCache) {
  std::ofstream(root_ / "app" / "task.js") << "const lib = require('./lib.js');\n"
                                             "module.exports = (n) => n + lib.sum;\n";
  std::string task = (root_ / "app" / "task.js").string();
  for (int run = 0; run < 2; ++run) {
    CliResult result = RunCli({"pool", "--compile-cache", cache_.string(), task, "-n", "2", "-q"}, "1\n2\n");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_NE(result.out.find("\"result\":206"), std::string::npos) << result.out;
  }
  EXPECT_EQ(CacheFiles().size(), 1u);  // lib.js; task.js is too small to bother
  std::ofstream(root_ / "app" / "task.js", std::ios::trunc) << "module.exports = (n) => n;\n";
  CliResult result = RunCli({"pool", "--no-compile-cache", task, "-n", "1", "-q"}, "1\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

TEST_F(CompileCacheTest, SmallModulesAreNotCached) {
  std::ofstream(root_ / "app" / "main.js", std::ios::trunc) << "console.log(require('./small.js'));\n";
  std::ofstream(root_ / "app" / "small.js") << "module.exports = 42;\n";
  Expect(RunWithCache("42\n"), 0, 0, 0);
  EXPECT_TRUE(CacheFiles().empty());
}

// The loader reads HOME and NODE_PATH without building process.env; what the
// script sees of the environment is unchanged: the host's variables in its
// order, then the script's, each a string, and native code sees the changes.
TEST(LazyProcessEnvTest, BehavesAsBefore) {
  ::setenv("ISOHOST_E2E_LAZY_A", "a", 1);
  ::setenv("ISOHOST_E2E_LAZY_B", "b", 1);
  std::string script = ::testing::TempDir() + "/lazy-env-" + std::to_string(::getpid()) + ".js";
  std::ofstream(script) << R"(
const os = require('os');
const before = os.homedir();
const same = before === process.env.HOME;
const keys = Object.keys(process.env);
const hostOrder = keys.filter((k) => k.startsWith('ISOHOST_E2E_LAZY_'));
process.env.ISOHOST_E2E_LAZY_C = 3;
process.env.HOME = '/elsewhere';
delete process.env.ISOHOST_E2E_LAZY_A;
const after = Object.keys(process.env).filter((k) => k.startsWith('ISOHOST_E2E_LAZY_'));
console.log(same ? 'same' : 'differs', keys.length > 2);
console.log(JSON.stringify(hostOrder), JSON.stringify(after), typeof process.env.ISOHOST_E2E_LAZY_C);
console.log('ISOHOST_E2E_LAZY_A' in process.env, 'ISOHOST_E2E_LAZY_B' in process.env, os.homedir());
)";
  std::string home = ::getenv("HOME") != nullptr ? ::getenv("HOME") : "";
  CliResult result = RunCli({"run", script});
  ::unsetenv("ISOHOST_E2E_LAZY_A");
  ::unsetenv("ISOHOST_E2E_LAZY_B");
  std::remove(script.c_str());
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // environ keeps the order variables were first set in.
  EXPECT_EQ(result.out, std::string(home.empty() ? "differs" : "same") +
                            " true\n"
                            "[\"ISOHOST_E2E_LAZY_A\",\"ISOHOST_E2E_LAZY_B\"] "
                            "[\"ISOHOST_E2E_LAZY_B\",\"ISOHOST_E2E_LAZY_C\"] string\n"
                            "false true /elsewhere\n");
}

}  // namespace
}  // namespace isohost::testing
