// ES modules end to end: real workers through the CLI (and the library) run
// the fixtures of tests/e2e/scripts/esm/ and print what Node 20.20 prints for
// them (each expected text was checked against /usr/bin/node running the
// same file; where a worker differs from Node's main thread, such as
// isMainThread, the test says so).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

bool Contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

std::string EsmDir() { return ScriptPath("esm"); }

// Static imports of ES, CommonJS, JSON and builtin modules, live bindings,
// import.meta, import() of a module already loaded, and top-level await on a
// timer. Node prints `true null` on the last line: its main thread has no
// workerData.
TEST(EsmTest, EntryModuleWithStaticImportsMetaAndTopLevelAwait) {
  CliResult result = RunCli({"run", "--worker-data", R"({"n":1})", ScriptPath("esm/entry.mjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(greet.mjs evaluates first
hello from esm
live binding: 1 1
import.meta.url: true entry.mjs esm
import.meta.resolve: true node:fs
builtins: function function true
commonjs: true alpha beta alpha,beta,default
json: data 3
scope: undefined undefined undefined undefined
import() gives the same namespace: true
top-level await: after await false {"n":1}
)node");
}

// "type": "module" makes .js an ES module ("imports" and a .cjs beside it
// work); a .js file of a package without "type" whose syntax is an ES
// module's runs as one (Node 20's detection).
TEST(EsmTest, TypeModuleAndDetectedSyntaxRunAsModules) {
  CliResult typed = RunCli({"run", ScriptPath("esm/pkg/main.js")});
  EXPECT_EQ(typed.exit_code, 0) << typed.err;
  EXPECT_EQ(typed.out, "type module: helper.js is ESM legacy.cjs is CommonJS\n");
  CliResult detected = RunCli({"run", ScriptPath("esm/detect/main.js")});
  EXPECT_EQ(detected.exit_code, 0) << detected.err;
  EXPECT_EQ(detected.out, "detected as ESM: / undefined\n");
}

// CommonJS using ES modules: require() of ES modules as Node 20.20 does by
// default, import() resolved against the CommonJS file, JSON with and
// without its attribute, builtins, and the resolution errors.
TEST(EsmTest, CommonJsRequiresAndImportsModules) {
  CliResult result = RunCli({"run", ScriptPath("esm/from_cjs.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(greet.mjs evaluates first
require of ESM: "hello from require"
default export marked: true the default named
top-level await: ERR_REQUIRE_ASYNC_MODULE
import(): hello from import() bump,counter,greet
json: data
json without type: ERR_IMPORT_ASSERTION_TYPE_MISSING
builtin: function function
missing: ERR_MODULE_NOT_FOUND Cannot find module './lib/nope.mjs' imported from ./from_cjs.js
directory: ERR_UNSUPPORTED_DIR_IMPORT
no extension search: ERR_MODULE_NOT_FOUND
bare: ERR_MODULE_NOT_FOUND Cannot find package 'no-such-package' imported from ./from_cjs.js
)node");
}

TEST(EsmTest, SyntaxErrorNamesFileLineAndColumn) {
  CliResult result = RunCli({"run", ScriptPath("esm/errors/syntax.mjs")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(Contains(result.err, "file://" + EsmDir() + "/errors/syntax.mjs:2\nexport const broken = ;\n"
                                   "                      ^\n\nSyntaxError: Unexpected token ';'"))
      << result.err;
}

TEST(EsmTest, MissingExportIsALinkErrorAtTheImport) {
  CliResult result = RunCli({"run", ScriptPath("esm/errors/link.mjs")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(Contains(result.err, "file://" + EsmDir() + "/errors/link.mjs:1\nimport { missing } from './ok.mjs';\n"
                                   "         ^^^^^^^\n"))
      << result.err;
  EXPECT_TRUE(Contains(result.err,
                       "SyntaxError: The requested module './ok.mjs' does not provide an export named 'missing'"))
      << result.err;
}

TEST(EsmTest, MissingImportIsModuleNotFound) {
  CliResult result = RunCli({"run", ScriptPath("esm/errors/missing.mjs")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(Contains(result.err, "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '" + EsmDir() +
                                       "/errors/nope.mjs' imported from " + EsmDir() + "/errors/missing.mjs"))
      << result.err;
}

TEST(EsmTest, RejectedTopLevelAwaitIsUncaught) {
  CliResult result = RunCli({"run", ScriptPath("esm/errors/reject.mjs")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "before\n");
  EXPECT_TRUE(Contains(result.err, "file://" + EsmDir() + "/errors/reject.mjs:3\n"
                                   "throw new RangeError('rejected at top level');\n      ^\n\n"
                                   "RangeError: rejected at top level\n"))
      << result.err;
}

// Node 20.20 exits with 13 and prints nothing more; an exit code the script
// set itself stands.
TEST(EsmTest, UnsettledTopLevelAwaitExitsWith13) {
  CliResult result = RunCli({"run", ScriptPath("esm/errors/unsettled.mjs")});
  EXPECT_EQ(result.exit_code, 13) << result.err;
  EXPECT_EQ(result.out, "waiting forever\n");
  CliResult kept = RunCli({"run", ScriptPath("esm/errors/unsettled_exit0.mjs")});
  EXPECT_EQ(kept.exit_code, 0) << kept.err;
}

// parentPort and workerData from an ES entry point, for every spawn strategy.
class EsmSpawnTest : public ::testing::TestWithParam<const char*> {};

TEST_P(EsmSpawnTest, EntryModuleTalksToItsParent) {
  CliResult result = RunCli({"run", "--spawn", GetParam(), "--echo", "--worker-data", R"({"k":"v"})",
                             ScriptPath("esm/echo.mjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "echoed: {\"from\":\"esm\",\"workerData\":{\"k\":\"v\"}}\n");
}

INSTANTIATE_TEST_SUITE_P(Strategies, EsmSpawnTest, ::testing::Values("exec", "zygote", "pool"));

// WorkerOptions::script_path naming an ES module, through the library.
class EsmLibraryTest : public ::testing::TestWithParam<SpawnStrategy> {};

TEST_P(EsmLibraryTest, LibraryRunsAnEntryModule) {
  SupervisorOptions supervisor_options;
  supervisor_options.default_strategy = GetParam();
  supervisor_options.worker_binary = BinDir() + "/isohost-worker";
  Supervisor supervisor(supervisor_options);
  WorkerOptions options;
  options.script_path = ScriptPath("esm/library_entry.mjs");
  options.worker_binary = BinDir() + "/isohost-worker";
  std::string out;
  int messages = 0;
  bool done = false;
  ExitInfo last;
  SupervisedCallbacks callbacks;
  callbacks.on_output = [&out](std::uint64_t, StdioStream stream, std::string_view data, ConsoleLevel) {
    if (stream == StdioStream::kStdout) out.append(data);
  };
  callbacks.on_message = [&messages](std::uint64_t, std::string_view data) {
    if (!data.empty()) ++messages;
  };
  callbacks.on_done = [&](std::uint64_t, const ExitInfo& info, const std::string&) {
    last = info;
    done = true;
  };
  supervisor.Spawn(options, std::move(callbacks));
  while (!done) uv_run(supervisor.loop(), UV_RUN_ONCE);
  EXPECT_EQ(last.code, 0) << last.message;
  EXPECT_EQ(out, "greet.mjs evaluates first\nhello from the library\n");
  EXPECT_EQ(messages, 1);
}

INSTANTIATE_TEST_SUITE_P(Strategies, EsmLibraryTest,
                         ::testing::Values(SpawnStrategy::kExec, SpawnStrategy::kZygote, SpawnStrategy::kPool));

// ES modules cost a CommonJS worker nothing: the same output compiles
// fewer builtins without them than with (the loader, its resolver), and a
// CommonJS worker compiles what an empty one does plus nothing of ESM.
TEST(EsmTest, CommonJsWorkerCompilesNoModuleLoader) {
  auto builtins = [](const std::string& script) {
    CliResult result = RunCli({"run", "--stats", ScriptPath(script)});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, "hello\n");
    std::size_t start = result.err.rfind("{\"worker\"");
    if (start == std::string::npos) return -1;
    return nlohmann::json::parse(result.err.substr(start, result.err.find('\n', start) - start))["builtins_loaded"]
        .get<int>();
  };
  int cjs = builtins("esm/hello.cjs");
  int esm = builtins("esm/hello.mjs");
  EXPECT_GT(cjs, 0);
  EXPECT_GT(esm, cjs);
}

}  // namespace
}  // namespace isohost::testing
