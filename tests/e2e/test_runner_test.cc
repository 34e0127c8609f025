// node:test in real workers through the CLI: the TAP they print, their exit
// codes, hooks order, async and callback tests, mocks. Where node is
// installed, the same scripts run under it and the TAP must be the same but
// for durations and stack frames (whose file names are each runtime's own).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <regex>
#include <sstream>
#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

bool HaveNode() {
  return OnPath("node");
}

// Durations become X and the frames under `stack: |-` go: both differ from
// run to run or from runtime to runtime.
std::string Normalize(const std::string& tap) {
  static const std::regex kDuration("duration_ms:? [0-9.e-]+");
  std::istringstream in(tap);
  std::string out;
  std::string line;
  std::size_t stack_indent = std::string::npos;
  while (std::getline(in, line)) {
    std::size_t indent = line.find_first_not_of(' ');
    if (stack_indent != std::string::npos) {
      if (indent != std::string::npos && indent > stack_indent) continue;
      stack_indent = std::string::npos;
    }
    if (indent != std::string::npos && line.compare(indent, std::string::npos, "stack: |-") == 0) {
      stack_indent = indent;
    }
    out += std::regex_replace(line, kDuration, "duration_ms X") + "\n";
  }
  return out;
}

CliResult RunScript(const std::string& script) {
  return RunCli({"run", ScriptPath("test_runner/" + script)});
}

TEST(TestRunnerTest, EveryOutcomeIsReportedAsNodeReportsIt) {
  CliResult result = RunScript("shapes.js");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const std::string tap = Normalize(result.out);
  EXPECT_EQ(tap.rfind("TAP version 13\n# Subtest: passes\nok 1 - passes\n  ---\n  duration_ms X\n  ...\n", 0), 0u)
      << tap;
  EXPECT_NE(tap.find("not ok 2 - fails\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("  failureType: 'testCodeFailure'\n  error: |-\n    Expected values to be strictly equal:\n"),
            std::string::npos) << tap;
  EXPECT_NE(tap.find("  code: 'ERR_ASSERTION'\n  name: 'AssertionError'\n  expected: 2\n  actual: 1\n"
                     "  operator: 'strictEqual'\n"),
            std::string::npos) << tap;
  EXPECT_NE(tap.find("ok 3 - skipped # SKIP not here\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("not ok 4 - todo that fails # TODO\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("  error: 'plain'\n  code: 'ERR_TEST_FAILURE'\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("    # Subtest: sub ok\n    ok 1 - sub ok\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("      error: |-\n        bad\n        value\n      code: 'ERR_TEST_FAILURE'\n"
                     "      name: 'TypeError'\n"),
            std::string::npos) << tap;
  EXPECT_NE(tap.find("    1..2\nnot ok 6 - async with subtests\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("  failureType: 'subtestsFailed'\n  error: '1 subtest failed'\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("# a note \\# with hash\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("ok 7 - callback\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("  failureType: 'callbackAndPromisePresent'\n"
                     "  error: 'passed a callback but also returned a Promise'\n"),
            std::string::npos) << tap;
  EXPECT_NE(tap.find("  failureType: 'testTimeoutFailure'\n  error: 'test timed out after 20ms'\n"), std::string::npos)
      << tap;
  EXPECT_NE(tap.find("ok 10 - skips itself # SKIP decided inside\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("        # Subtest: deep\n        not ok 1 - deep\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("  type: 'suite'\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("ok 12 - skipped suite # SKIP\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("ok 13 - namedByFunction\n"), std::string::npos) << tap;
  EXPECT_NE(tap.find("1..13\n# tests 15\n# suites 3\n# pass 5\n# fail 6\n# cancelled 1\n# skipped 2\n# todo 1\n"
                     "# duration_ms X\n"),
            std::string::npos) << tap;
  EXPECT_NE(tap.find("  location: '" + ScriptPath("test_runner/shapes.js") + ":8:1'\n"), std::string::npos) << tap;

  if (!HaveNode()) GTEST_SKIP() << "node is not installed: nothing to compare with";
  ShellResult node = RunShell("node '" + ScriptPath("test_runner/shapes.js") + "'");
  EXPECT_EQ(node.exit_code, 1);
  EXPECT_EQ(tap, Normalize(node.out));
}

TEST(TestRunnerTest, PassingRunExitsZeroAndPrintsNothingElse) {
  CliResult result = RunScript("mock.js");
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(CountOccurrences(result.out, "\nok "), 4) << result.out;
  EXPECT_EQ(CountOccurrences(result.out, "not ok"), 0) << result.out;
  EXPECT_NE(result.out.find("# tests 4\n# suites 0\n# pass 4\n# fail 0\n"), std::string::npos) << result.out;
  EXPECT_EQ(result.err, "");
}

TEST(TestRunnerTest, HooksRunInNodesOrder) {
  CliResult result = RunScript("hooks.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const std::string expected =
      "order: root before, root beforeEach, first, root afterEach, first after, S before, root beforeEach, "
      "S beforeEach, a, S afterEach, root afterEach, root beforeEach, S beforeEach, N beforeEach, b, S afterEach, "
      "root afterEach, S after, root after\n";
  EXPECT_NE(result.out.find(expected), std::string::npos) << result.out;
  if (!HaveNode()) return;
  ShellResult node = RunShell("node '" + ScriptPath("test_runner/hooks.js") + "'");
  EXPECT_NE(node.out.find(expected), std::string::npos) << node.out;
}

TEST(TestRunnerTest, WorkerStaysAliveUntilTheLastTestEnds) {
  CliResult result = RunScript("alive.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // The test is declared, then runs after the script's own code, then waits.
  EXPECT_EQ(result.out.rfind("declared\nwaited true\nTAP version 13\n# Subtest: waits\nok 1 - waits\n", 0), 0u)
      << result.out;
  EXPECT_NE(result.out.find("# pass 1\n"), std::string::npos) << result.out;
}

TEST(TestRunnerTest, OnlyWithTheSchemeAndBadOptionsThrow) {
  CliResult result = RunScript("scheme.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // A test() that threw still began a run, which reports no tests, as Node's does.
  EXPECT_EQ(Normalize(result.out),
            "function true skip,todo,only,after,afterEach,before,beforeEach,describe,it,run,suite,test,mock\n"
            "MODULE_NOT_FOUND\nERR_OUT_OF_RANGE\nTAP version 13\n1..0\n# tests 0\n# suites 0\n# pass 0\n# fail 0\n"
            "# cancelled 0\n# skipped 0\n# todo 0\n# duration_ms X\n");
}

}  // namespace
}  // namespace isohost::testing
