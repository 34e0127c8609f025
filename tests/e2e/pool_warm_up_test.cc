// A pooled worker warms up while it waits for Start (Runtime::WarmUp, the
// warmUp of worker/js/internal/modules/cjs/loader.js): it runs the entry path of a script held
// in memory. These check that it does so only in the pool, and that the
// script it then runs sees nothing of it: module caches, package scopes,
// NODE_OPTIONS, the permission model.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "host/launch/launcher.h"
#include "isohost/worker.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

namespace fs = std::filesystem;

struct Outcome {
  SpawnStrategy strategy = SpawnStrategy::kDefault;
  ExitInfo exit;
  std::string out;
};

class PoolWarmUpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    uv_loop_init(&loop_);
    std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    root_ = fs::path(::testing::TempDir()) / ("pool-warm-up-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    LauncherOptions options;
    options.pool_size = 1;
    options.worker_binary = BinDir() + "/isohost-worker";
    pool_ = std::make_unique<Launcher>(&loop_, options);
    options.default_strategy = SpawnStrategy::kZygote;
    zygote_ = std::make_unique<Launcher>(&loop_, options);
  }
  void TearDown() override {
    pool_.reset();
    zygote_.reset();
    uv_run(&loop_, UV_RUN_DEFAULT);
    EXPECT_EQ(uv_loop_close(&loop_), 0) << "a handle was left open";
    fs::remove_all(root_);
  }

 public:
  void Write(const std::string& name, const std::string& text) {
    fs::create_directories((root_ / name).parent_path());
    std::ofstream(root_ / name) << text;
  }

  // Runs `script` (a file under the test's folder) in a worker from the pool
  // (filled and ready first) or, `pooled` false, forked by the zygote.
  Outcome Run(const std::string& script, bool pooled, WorkerOptions options = {}) {
    if (pooled) {
      pool_->FillPool();
      EXPECT_TRUE(pool_->WaitForPoolReady(10000));
    }
    options.script_path = (root_ / script).string();
    options.worker_binary = BinDir() + "/isohost-worker";
    Outcome outcome;
    bool exited = false;
    WorkerCallbacks callbacks;
    callbacks.on_output = [&outcome](StdioStream, std::string_view data, ConsoleLevel) { outcome.out += data; };
    callbacks.on_exit = [&](const ExitInfo& info) {
      outcome.exit = info;
      exited = true;
    };
    auto worker = Worker::Spawn(&loop_, options, std::move(callbacks), pooled ? pool_.get() : zygote_.get());
    outcome.strategy = worker->strategy();
    while (!exited) uv_run(&loop_, UV_RUN_ONCE);
    worker.reset();
    return outcome;
  }

  const fs::path& root() const { return root_; }
  Launcher& pool() { return *pool_; }

 protected:
  uv_loop_t loop_;
  fs::path root_;
  std::unique_ptr<Launcher> pool_;    // pooled workers, one kept ready
  std::unique_ptr<Launcher> zygote_;  // workers forked on demand
};

TEST_F(PoolWarmUpTest, OnlyAPooledWorkerWarmsUp) {
  Write("main.js", "require('worker_threads');\n");
  Outcome pooled = Run("main.js", true);
  ASSERT_EQ(pooled.strategy, SpawnStrategy::kPool);
  EXPECT_EQ(pooled.exit.code, 0) << pooled.exit.message;
  // It read its package scope, so it compiled the package.json reader ahead.
  EXPECT_GT(pooled.exit.stats.builtins_prewarmed, 0u);
  Outcome forked = Run("main.js", false);
  ASSERT_EQ(forked.strategy, SpawnStrategy::kZygote);
  EXPECT_EQ(forked.exit.code, 0) << forked.exit.message;
  EXPECT_EQ(forked.exit.stats.builtins_prewarmed, 0u);
  // What the warm-up compiled is all it added: the script itself loads the same.
  EXPECT_EQ(pooled.exit.stats.builtins_loaded, forked.exit.stats.builtins_loaded);
}

TEST_F(PoolWarmUpTest, TheScriptSeesNothingOfTheWarmUp) {
  // An ES package scope right where the warm-up's own scope said CommonJS,
  // and caches the script can look into.
  Write("app/package.json", R"({"name":"app","type":"module"})");
  Write("app/lib.js", "export const kind = 'esm';\n");
  Write("main.js",
        "const { kind } = require('./app/lib.js');\n"
        "const keys = Object.keys(require.cache).map((k) => k.slice(__dirname.length));\n"
        "console.log(JSON.stringify({ kind, keys, main: require.main === module,\n"
        "  mainModule: process.mainModule === module, children: module.children.length,\n"
        "  paths: Object.keys(module.constructor._pathCache).length }));\n");
  for (bool pooled : {true, false}) {
    Outcome outcome = Run("main.js", pooled);
    EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
    EXPECT_EQ(outcome.out,
              "{\"kind\":\"esm\",\"keys\":[\"/main.js\",\"/app/lib.js\"],\"main\":true,\"mainModule\":true,"
              "\"children\":1,\"paths\":2}\n")
        << (pooled ? "pooled" : "forked");
  }
}

TEST_F(PoolWarmUpTest, NodeOptionsOfTheStartStillApply) {
  // The warm-up runs before the worker has its environment: it must not
  // settle the loader's options (NODE_OPTIONS) for it.
  Write("pre.js", "globalThis.preloaded = true;\n");
  Write("main.js", "console.log(globalThis.preloaded === true);\n");
  WorkerOptions options;
  options.env = std::map<std::string, std::string>{{"NODE_OPTIONS", "--require " + (root_ / "pre.js").string()}};
  Outcome outcome = Run("main.js", true, options);
  ASSERT_EQ(outcome.strategy, SpawnStrategy::kPool);
  EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
  EXPECT_EQ(outcome.out, "true\n");
}

TEST_F(PoolWarmUpTest, ThePermissionModelStillGuardsRequire) {
  // The warm-up reads its in-memory files with no permission model; the
  // script's own require() of a file outside its grant is still refused.
  Write("allowed/main.js",
        "try { require('../secret.js'); console.log('read'); } catch (err) { console.log(err.code); }\n");
  Write("secret.js", "module.exports = 1;\n");
  WorkerOptions options;
  Permissions permissions;
  permissions.fs_read = {(root_ / "allowed").string()};
  options.permissions = permissions;
  Outcome outcome = Run("allowed/main.js", true, options);
  ASSERT_EQ(outcome.strategy, SpawnStrategy::kPool);
  EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
  EXPECT_EQ(outcome.out, "ERR_ACCESS_DENIED\n");
}

// The pool's workers compile the script of its last spawn while they wait
// (PrepareEntry): the next spawn of that script skips its compile.
TEST_F(PoolWarmUpTest, TheScriptOfTheLastSpawnIsCompiledAhead) {
  Write("main.js", "console.log('main ran');\n");
  Outcome first = Run("main.js", true);
  EXPECT_EQ(first.out, "main ran\n");
  EXPECT_FALSE(first.exit.stats.entry_prepared) << "the pool had no script to expect yet";
  Outcome second = Run("main.js", true);
  ASSERT_EQ(second.strategy, SpawnStrategy::kPool);
  EXPECT_EQ(second.exit.code, 0) << second.exit.message;
  EXPECT_EQ(second.out, "main ran\n");
  EXPECT_TRUE(second.exit.stats.entry_prepared);
  // Another script: compiled at Start, and the pool expects it from then on.
  Write("other.js", "console.log('other ran');\n");
  Outcome other = Run("other.js", true);
  EXPECT_EQ(other.out, "other ran\n");
  EXPECT_FALSE(other.exit.stats.entry_prepared);
  EXPECT_TRUE(Run("other.js", true).exit.stats.entry_prepared);
}

// The compile made ahead is used only for the very text the worker reads at
// Start: a script edited after the pool compiled it runs as it is now.
TEST_F(PoolWarmUpTest, AScriptEditedAfterItWasCompiledAheadRunsAsItIsNow) {
  bool stale_guess_seen = false;
  // The pooled worker compiles the guess when it gets to it; it is given
  // time to, and the edit comes after. Should it not have had the time, the
  // edit is what it compiled, and the round is tried again.
  for (int round = 0; round < 5 && !stale_guess_seen; ++round) {
    Write("main.js", "console.log('before the edit');\n");
    EXPECT_EQ(Run("main.js", true).out, "before the edit\n");
    pool_->FillPool();
    ASSERT_TRUE(pool_->WaitForPoolReady(10000));
    ::usleep(200 * 1000);
    Write("main.js", "console.log('after the edit', typeof module);\n");
    Outcome outcome = Run("main.js", true);
    EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
    EXPECT_EQ(outcome.out, "after the edit object\n");
    stale_guess_seen = !outcome.exit.stats.entry_prepared;
  }
  EXPECT_TRUE(stale_guess_seen) << "the pooled worker never compiled the script before the edit";
}

// A guess that cannot compile costs the script nothing: it meets its own
// error at Start, reported as it would be anyway.
TEST_F(PoolWarmUpTest, AGuessThatDoesNotCompileChangesNothing) {
  Write("main.js", "console.log('fine');\n");
  EXPECT_EQ(Run("main.js", true).out, "fine\n");
  Write("main.js", "console.log('broken'\n");
  Outcome broken = Run("main.js", true);
  EXPECT_EQ(broken.exit.code, 1);
  EXPECT_FALSE(broken.exit.stats.entry_prepared);
  EXPECT_NE(broken.out.find("SyntaxError: missing ) after argument list"), std::string::npos) << broken.out;
  // The pool expected the broken script this time, and could not compile it.
  Outcome again = Run("main.js", true);
  EXPECT_EQ(again.exit.code, 1);
  EXPECT_EQ(again.out, broken.out);
  EXPECT_FALSE(again.exit.stats.entry_prepared);
}

// Only a regular file is read on a guess: a FIFO put in the script's place
// would block the read, and the worker with it, until a writer came.
TEST_F(PoolWarmUpTest, AGuessThatIsNoRegularFileIsNotRead) {
  Write("main.js", "console.log('a file');\n");
  EXPECT_EQ(Run("main.js", true).out, "a file\n");
  fs::remove(root_ / "main.js");
  ASSERT_EQ(::mkfifo((root_ / "main.js").c_str(), 0600), 0);
  pool_->FillPool();
  ASSERT_TRUE(pool_->WaitForPoolReady(10000));
  ::usleep(100 * 1000);  // the pooled worker had its guess by now
  fs::remove(root_ / "main.js");
  Write("main.js", "console.log('a file again');\n");
  Outcome outcome = Run("main.js", true);
  EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
  EXPECT_EQ(outcome.out, "a file again\n");
}

// A module the compile cache lists for the script that loads it (64 KiB
// and more), which says `marker`.
std::string LargeModule(const std::string& marker) {
  std::string text = "module.exports = { marker: '" + marker + "', lines: [\n";
  while (text.size() < 80 * 1024) text += "  'a line that makes this module one of the large ones',\n";
  return text + "] };\n";
}

constexpr char kLargeModuleMain[] =
    "const big = require('./big.js');\nconsole.log(big.marker, big.lines.length > 1000);\n";

// main.js requiring big.js (saying `marker`), run twice from the pool with
// a compile cache in `cache`: the worker now waiting in the pool has had
// the time to make big.js ready.
WorkerOptions PoolWithLargeModuleReady(PoolWarmUpTest& test, const std::string& marker) {
  test.Write("big.js", LargeModule(marker));
  test.Write("main.js", kLargeModuleMain);
  WorkerOptions options;
  options.compile_cache_dir = (test.root() / "cache").string();
  for (int run = 0; run < 2; ++run) EXPECT_EQ(test.Run("main.js", true, options).out, marker + " true\n");
  test.pool().FillPool();
  EXPECT_TRUE(test.pool().WaitForPoolReady(10000));
  ::usleep(200 * 1000);
  return options;
}

// The pool's workers read, and compile from the compile cache, the large
// modules the last run of the script they expect loaded: the next spawn of
// that script takes both from them.
TEST_F(PoolWarmUpTest, TheLargeModulesOfTheLastRunAreReadAndCompiledAhead) {
  Write("big.js", LargeModule("first"));
  Write("main.js", kLargeModuleMain);
  WorkerOptions options;
  options.compile_cache_dir = (root_ / "cache").string();
  Outcome first = Run("main.js", true, options);
  EXPECT_EQ(first.out, "first true\n");
  EXPECT_EQ(first.exit.stats.modules_prepared, 0u) << "there was no list of the script yet";
  EXPECT_EQ(first.exit.stats.compile_cache_misses, 1u);
  // The worker of this spawn was told the script as the first one started,
  // maybe before its list was written; the next one surely after.
  EXPECT_EQ(Run("main.js", true, options).out, "first true\n");
  Outcome third = Run("main.js", true, options);
  ASSERT_EQ(third.strategy, SpawnStrategy::kPool);
  EXPECT_EQ(third.exit.code, 0) << third.exit.message;
  EXPECT_EQ(third.out, "first true\n");
  EXPECT_EQ(third.exit.stats.modules_prepared, 1u);
  EXPECT_EQ(third.exit.stats.compile_cache_hits, 1u);
  EXPECT_EQ(third.exit.stats.compile_cache_misses, 0u);
  // The same worker forked on demand has nothing ready, and the same hit.
  Outcome forked = Run("main.js", false, options);
  EXPECT_EQ(forked.out, "first true\n");
  EXPECT_EQ(forked.exit.stats.modules_prepared, 0u);
  EXPECT_EQ(forked.exit.stats.compile_cache_hits, 1u);
}

// The builtins the script's last run loaded are compiled ahead too (for a
// script with large modules), and only compiled: each one's code runs when
// the script requires it.
TEST_F(PoolWarmUpTest, TheBuiltinsOfTheLastRunAreCompiledAhead) {
  Write("big.js", LargeModule("big"));
  Write("main.js",
        "require('./big.js');\n"
        "const fs = require('fs');\n"
        "console.log(fs.readFileSync(__filename, 'utf8').length > 0, require('path').basename(__filename));\n");
  WorkerOptions options;
  options.compile_cache_dir = (root_ / "cache").string();
  for (int run = 0; run < 2; ++run) EXPECT_EQ(Run("main.js", true, options).out, "true main.js\n");
  Outcome third = Run("main.js", true, options);
  ASSERT_EQ(third.strategy, SpawnStrategy::kPool);
  EXPECT_EQ(third.exit.code, 0) << third.exit.message;
  EXPECT_EQ(third.out, "true main.js\n");
  EXPECT_GE(third.exit.stats.builtins_prepared, 2u) << "fs and path at least";
  Outcome forked = Run("main.js", false, options);
  EXPECT_EQ(forked.out, "true main.js\n");
  EXPECT_EQ(forked.exit.stats.builtins_prepared, 0u);
  // The same builtins loaded, whichever compiled them.
  EXPECT_EQ(third.exit.stats.builtins_loaded, forked.exit.stats.builtins_loaded);
}

// A module edited after a pooled worker read it is read again at Start,
// and runs as it is now.
TEST_F(PoolWarmUpTest, AModuleEditedAfterItWasReadAheadRunsAsItIsNow) {
  WorkerOptions options = PoolWithLargeModuleReady(*this, "before");
  Write("big.js", LargeModule("after the edit"));
  Outcome outcome = Run("main.js", true, options);
  EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
  EXPECT_EQ(outcome.out, "after the edit true\n");
  EXPECT_EQ(outcome.exit.stats.modules_prepared, 0u);
  EXPECT_EQ(outcome.exit.stats.compile_cache_misses, 1u);
}

// So is one whose mode changed (a file made unreadable must fail to load as
// it would have).
TEST_F(PoolWarmUpTest, AModuleWhoseModeChangedAfterItWasReadAheadIsReadAgain) {
  WorkerOptions options = PoolWithLargeModuleReady(*this, "big");
  fs::permissions(root_ / "big.js", fs::perms::owner_read | fs::perms::owner_write);
  Outcome outcome = Run("main.js", true, options);
  EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
  EXPECT_EQ(outcome.out, "big true\n");
  EXPECT_EQ(outcome.exit.stats.modules_prepared, 0u);
}

// Modules made ready from one cache directory are not taken by a worker
// whose Start names another: its cache hits and misses are its own.
TEST_F(PoolWarmUpTest, AnotherCacheDirectoryTakesNoneOfTheModulesMadeReady) {
  WorkerOptions options = PoolWithLargeModuleReady(*this, "big");
  options.compile_cache_dir = (root_ / "other-cache").string();
  Outcome outcome = Run("main.js", true, options);
  EXPECT_EQ(outcome.out, "big true\n");
  EXPECT_EQ(outcome.exit.stats.modules_prepared, 0u);
  EXPECT_EQ(outcome.exit.stats.compile_cache_hits, 0u);
  EXPECT_EQ(outcome.exit.stats.compile_cache_misses, 1u);
}

// A damaged module list is ignored, then written anew; a listed path that is
// no regular file any more is not opened (a FIFO would block the worker).
TEST_F(PoolWarmUpTest, ADamagedListOrAListedFifoCostsNothing) {
  Write("big.js", LargeModule("big"));
  Write("main.js",
        "if (require('fs').statSync(__dirname + '/big.js').isFile()) require('./big.js');\nconsole.log('ran');\n");
  WorkerOptions options;
  options.compile_cache_dir = (root_ / "cache").string();
  EXPECT_EQ(Run("main.js", true, options).out, "ran\n");
  int lists = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(root_ / "cache")) {
    if (entry.path().extension() != ".modules") continue;
    ++lists;
    std::ofstream(entry.path(), std::ios::trunc) << "ISOHML01\n" << (root_ / "main.js").string() << "\n/no/such";
  }
  ASSERT_EQ(lists, 1);
  for (int run = 0; run < 2; ++run) {
    Outcome outcome = Run("main.js", true, options);
    EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
    EXPECT_EQ(outcome.out, "ran\n");
  }
  EXPECT_EQ(Run("main.js", true, options).exit.stats.modules_prepared, 1u) << "the list was not written anew";
  fs::remove(root_ / "big.js");
  ASSERT_EQ(::mkfifo((root_ / "big.js").c_str(), 0600), 0);
  for (int run = 0; run < 2; ++run) {
    Outcome outcome = Run("main.js", true, options);
    EXPECT_EQ(outcome.exit.code, 0) << outcome.exit.message;
    EXPECT_EQ(outcome.out, "ran\n");
    EXPECT_EQ(outcome.exit.stats.modules_prepared, 0u);
  }
}

}  // namespace
}  // namespace isohost::testing
