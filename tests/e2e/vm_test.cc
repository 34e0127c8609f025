// The vm module in real workers: contexts made from objects, scripts, errors
// and time limits against what Node 20 prints for the same scripts
// (tests/e2e/scripts/vm/*.out), and what Node's output cannot show: that
// contexts are collected, that a vm time limit never outlives the worker's,
// and that vm costs nothing until it is required.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

// Sandbox globals, `this`, builtins of each context, instanceof across
// contexts, scripts reused across contexts, compileFunction, cached data.
TEST(VmTest, ContextsBehaveAsNodes) { ExpectSameOutputAsNode("vm/contexts"); }

// Node's codes and messages, timeouts (nested too), decorated stacks.
TEST(VmTest, ErrorsAndTimeoutsAreNodes) { ExpectSameOutputAsNode("vm/errors"); }

// vm.SourceTextModule and vm.SyntheticModule: argument checks, linking (a
// cycle among them), evaluation, errors, cached data, import.meta, import()
// from modules and scripts into contexts, time limits.
TEST(VmTest, ModulesBehaveAsNodes) { ExpectSameOutputAsNode("vm/modules", {"--node-option=--experimental-vm-modules"}); }

// import() in vm code without the flag (Node's two errors), and contexts with
// a microtask queue of their own (microtaskMode 'afterEvaluate').
TEST(VmTest, DynamicImportAndOwnMicrotaskQueuesAreNodes) { ExpectSameOutputAsNode("vm/dynamic_import"); }

TEST(VmTest, ModulesAndTheirContextsAreCollected) {
  CliResult result = RunCli({"run", "--v8-flag=--expose-gc", "--node-option=--experimental-vm-modules",
                             ScriptPath("vm/modules_collect.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "alive 0 of 200\n"
            "2000 modules later the heap grew by less than 8 MB: true\n")
      << result.err;
}

TEST(VmTest, AnUncaughtErrorOfVmCodeNamesItsPlaceOnce) {
  CliResult result = RunCli({"run", ScriptPath("vm/uncaught.js")});
  EXPECT_EQ(result.exit_code, 1);
  const std::string report =
      "uncaught_in_vm.js:2\n  null.x\n       ^\n\nTypeError: Cannot read properties of null (reading 'x')\n"
      "    at uncaught_in_vm.js:2:8\n";
  EXPECT_NE(result.err.find(report), std::string::npos) << result.err;
  EXPECT_EQ(CountOccurrences(result.err, "uncaught_in_vm.js:2\n"), 1) << result.err;
}

TEST(VmTest, ContextsAndScriptsAreCollected) {
  CliResult result = RunCli({"run", "--v8-flag=--expose-gc", ScriptPath("vm/collect.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "alive 0 of 150\n"
            "1000 contexts later the heap grew by less than 8 MB: true\n")
      << result.err;
}

TEST(VmTest, TheWorkersTimeLimitWinsOverALongerVmLimit) {
  auto start = std::chrono::steady_clock::now();
  CliResult result = RunCli({"run", "--timeout", "1", ScriptPath("vm/outlives_worker_limit.js")});
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(result.exit_code, 124) << result.err;
  EXPECT_EQ(result.out, "running\n");
  EXPECT_NE(result.err.find("timeout"), std::string::npos) << result.err;
  // Ended by the worker's limit (1 s), not the vm's (10 minutes).
  EXPECT_LT(elapsed, std::chrono::seconds(30));
}

TEST(VmTest, VmIsCompiledOnFirstUseOnly) {
  int empty = BuiltinsLoadedBySource("");
  int vm = BuiltinsLoadedBySource("require('vm').runInNewContext('1', {});");
  EXPECT_GT(empty, 0);
  EXPECT_GT(vm, empty);
  // Modules and import() callbacks are compiled when used, not with vm.
  int with_callback = BuiltinsLoadedBySource(
      "new (require('vm').Script)('1', { importModuleDynamically() {} }).runInThisContext();");
  EXPECT_GT(with_callback, vm);
}

}  // namespace
}  // namespace isohost::testing
