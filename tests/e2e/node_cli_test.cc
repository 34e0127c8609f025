// Node's command line on the isohost CLI (`isohost FILE`, `-e`, `-p`, `-`,
// Node options), and a worker that spawns process.execPath the way Node's
// own tests do and gets JavaScript run.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(NodeCliTest, FileAndArgumentsAsUnderNode) {
  CliResult result = RunCli({ScriptPath("node_cli/argv.js"), "a", "--b"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "{\"argv\":[\"" + ScriptPath("node_cli/argv.js") +
                            "\",\"a\",\"--b\"],\"execArgv\":[],\"filename\":\"argv.js\",\"main\":true}\n");
}

TEST(NodeCliTest, ExitCodeIsTheWorkers) {
  CliResult result = RunCli({ScriptPath("exit_code.js"), "42"});
  EXPECT_EQ(result.exit_code, 42) << result.err;
  CliResult eval = RunCli({"-e", "process.exitCode = 3"});
  EXPECT_EQ(eval.exit_code, 3) << eval.err;
}

TEST(NodeCliTest, EvalHasRequireAndNodesArgv) {
  CliResult result = RunCli({"-e",
                             "console.log(require('path').join('a', 'b'), __filename, __dirname, "
                             "JSON.stringify(process.argv.slice(1)), process.argv[0] === process.execPath)",
                             "x", "y"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "a/b [eval] . [\"x\",\"y\"] true\n");
}

TEST(NodeCliTest, EvalIsAScriptInTheGlobalScopeWithBuiltinsAsGlobals) {
  CliResult result = RunCli({"--eval=var top = 1; console.log(globalThis.top, typeof os.cpus, typeof module.exports)"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "1 function object\n");
}

TEST(NodeCliTest, EvalErrorNamesEvalAndExitsWithOne) {
  CliResult result = RunCli({"-e", "throw new RangeError('from eval')"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(Contains(result.err, "[eval]:1")) << result.err;
  EXPECT_TRUE(Contains(result.err, "RangeError: from eval")) << result.err;
}

TEST(NodeCliTest, PrintLogsTheCompletionValueAsConsoleLogWould) {
  CliResult object = RunCli({"-p", "({ a: 1, b: [1, 'two'], c: { d: null } })"});
  EXPECT_EQ(object.exit_code, 0) << object.err;
  EXPECT_EQ(object.out, "{ a: 1, b: [ 1, 'two' ], c: { d: null } }\n");
  CliResult string = RunCli({"--print", "process.argv.length + ' args'", "a"});
  EXPECT_EQ(string.out, "2 args\n") << string.err;
  CliResult nothing = RunCli({"-p", "undefined"});
  EXPECT_EQ(nothing.out, "undefined\n") << nothing.err;
}

TEST(NodeCliTest, ScriptFromStdin) {
  const std::string script = "console.log(__filename, JSON.stringify(process.argv.slice(1)))";
  CliResult dash = RunCli({"-", "p", "q"}, script);
  EXPECT_EQ(dash.exit_code, 0) << dash.err;
  EXPECT_EQ(dash.out, "[stdin] [\"-\",\"p\",\"q\"]\n");
  CliResult bare = RunCli({}, script);
  EXPECT_EQ(bare.out, "[stdin] [\"-\"]\n") << bare.err;
}

TEST(NodeCliTest, V8FlagsReachTheWorkerAndExecArgv) {
  CliResult without = RunCli({"-p", "typeof gc"});
  EXPECT_EQ(without.out, "undefined\n") << without.err;
  for (const char* flag : {"--expose-gc", "--expose_gc"}) {
    CliResult with = RunCli({flag, "-p", "typeof gc + ' ' + JSON.stringify(process.execArgv)"});
    EXPECT_EQ(with.exit_code, 0) << with.err;
    EXPECT_EQ(with.out, std::string("function [\"") + flag + "\"]\n");
  }
  CliResult natives =
      RunCli({"--allow-natives-syntax", "--stack-size=900", "-p", "typeof %GetOptimizationStatus(Math.max)"});
  EXPECT_EQ(natives.out, "number\n") << natives.err;
}

TEST(NodeCliTest, MaxOldSpaceSizeIsTheWorkersHeapLimit) {
  CliResult roomy = RunCli({ScriptPath("node_cli/alloc.js")});
  EXPECT_EQ(roomy.exit_code, 0) << roomy.err;
  EXPECT_EQ(roomy.out, "kept 1500000\n");
  CliResult tight = RunCli({"--max-old-space-size=16", ScriptPath("node_cli/alloc.js")});
  EXPECT_EQ(tight.exit_code, 134) << tight.err;
  EXPECT_EQ(tight.out, "");
  EXPECT_TRUE(Contains(tight.err, "heap limit 16 MB")) << tight.err;
}

TEST(NodeCliTest, WarningOptionsSetWhatProcessOffers) {
  const std::string code = "process.emitWarning('careful'); process.emitWarning('old', 'DeprecationWarning');";
  CliResult plain = RunCli({"-e", code});
  EXPECT_TRUE(Contains(plain.err, "Warning: careful")) << plain.err;
  EXPECT_TRUE(Contains(plain.err, "DeprecationWarning: old")) << plain.err;
  CliResult quiet = RunCli({"--no-warnings", "-e", code});
  EXPECT_EQ(quiet.exit_code, 0);
  EXPECT_EQ(quiet.err, "");
  CliResult no_deprecation = RunCli({"--no-deprecation", "-e", code + "console.log(process.noDeprecation)"});
  EXPECT_EQ(no_deprecation.out, "true\n");
  EXPECT_TRUE(Contains(no_deprecation.err, "Warning: careful")) << no_deprecation.err;
  EXPECT_FALSE(Contains(no_deprecation.err, "DeprecationWarning")) << no_deprecation.err;
  CliResult throwing = RunCli({"--throw-deprecation", "-e", code});
  EXPECT_EQ(throwing.exit_code, 1);
  EXPECT_TRUE(Contains(throwing.err, "DeprecationWarning: old")) << throwing.err;
  CliResult pending = RunCli({"--pending-deprecation", "--trace-warnings", "-p", "process.execArgv.join(' ')"});
  EXPECT_EQ(pending.out, "--pending-deprecation --trace-warnings\n") << pending.err;
}

// --title names the process (process.title), on the command line, where it
// is in execArgv, or in NODE_OPTIONS, where it is not.
TEST(NodeCliTest, TitleIsWhatProcessTitleReads) {
  CliResult given = RunCli({"--title", "given-title", "-p", "process.title + ' ' + process.execArgv[1]"});
  EXPECT_EQ(given.exit_code, 0) << given.err;
  EXPECT_EQ(given.out, "given-title given-title\n");
  ShellResult from_env = RunShell("NODE_OPTIONS=--title=from-env '" + BinDir() +
                                  "/isohost' -p 'process.title + \" \" + process.execArgv.length'");
  EXPECT_EQ(from_env.exit_code, 0);
  EXPECT_EQ(from_env.out, "from-env 0\n");
  CliResult plain = RunCli({"-p", "process.title.length > 0"});
  EXPECT_EQ(plain.out, "true\n");
}

// --trace-exit: process.exit() writes a warning and where it was called
// (Node writes the same warning and stack, as node:PID).
TEST(NodeCliTest, TraceExitSaysWhereProcessExitWasCalled) {
  CliResult traced = RunCli({"--trace-exit", "-e", "function leave() { process.exit(7); }\nleave();"});
  EXPECT_EQ(traced.exit_code, 7);
  EXPECT_TRUE(Contains(traced.err, ") WARNING: Exited the environment with code 7\n    at process.exit ("))
      << traced.err;
  EXPECT_TRUE(Contains(traced.err, "at leave ([eval]:1:28)\n    at [eval]:2:1")) << traced.err;
  ShellResult from_env = RunShell("NODE_OPTIONS=--trace-exit '" + BinDir() + "/isohost' -e 'process.exit()' 2>&1");
  EXPECT_EQ(from_env.exit_code, 0);
  EXPECT_TRUE(Contains(from_env.out, "WARNING: Exited the environment with code 0\n")) << from_env.out;
  CliResult untraced = RunCli({"-e", "process.exit(7)"});
  EXPECT_EQ(untraced.exit_code, 7);
  EXPECT_EQ(untraced.err, "");
}

// --disable-warning, on the command line or in NODE_OPTIONS, by name or
// code: those warnings are not written; the others are.
TEST(NodeCliTest, DisableWarningKeepsThoseWarningsUnwritten) {
  const std::string code =
      "process.emitWarning('by name', 'ExperimentalWarning');"
      "process.emitWarning('by code', { code: 'W_HIDDEN' });"
      "process.emitWarning('shown', { code: 'W_SHOWN' });";
  CliResult given = RunCli({"--disable-warning=ExperimentalWarning", "--disable-warning", "W_HIDDEN", "-e", code});
  EXPECT_EQ(given.exit_code, 0) << given.err;
  EXPECT_FALSE(Contains(given.err, "by name")) << given.err;
  EXPECT_FALSE(Contains(given.err, "by code")) << given.err;
  EXPECT_TRUE(Contains(given.err, "[W_SHOWN] Warning: shown")) << given.err;
  ShellResult from_env = RunShell("NODE_OPTIONS='--disable-warning=W_HIDDEN' '" + BinDir() + "/isohost' -e \"" +
                                  code + "\" 2>&1");
  EXPECT_EQ(from_env.exit_code, 0);
  EXPECT_TRUE(Contains(from_env.out, "ExperimentalWarning: by name")) << from_env.out;
  EXPECT_FALSE(Contains(from_env.out, "by code")) << from_env.out;
}

// `isohost ARGS...` must exit 0 and print scripts/node_cli/OUT, which Node 20
// printed for `node ARGS...`.
void ExpectNodesOutput(const std::vector<std::string>& args, const std::string& out) {
  const std::string expected = ReadFile(ScriptPath("node_cli/" + out));
  ASSERT_FALSE(expected.empty()) << "no recorded output " << out;
  CliResult result = RunCli(args);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out == expected) << out << ": " << FirstDifference(expected, result.out) << "\n" << result.err;
}

TEST(NodeCliTest, PendingDeprecationWarnsAsNodesDoes) {
  const std::string script = ScriptPath("node_cli/deprecations.js");
  ExpectNodesOutput({script}, "deprecations.out");
  ExpectNodesOutput({"--pending-deprecation", script}, "deprecations_pending.out");
}

TEST(NodeCliTest, ZeroFillBuffersZeroesWhatAllocUnsafeHandsOut) {
  // Without the option the script sees the bytes it wrote before: it can
  // tell, so "zeroed" below means something.
  CliResult plain = RunCli({"--expose-gc", ScriptPath("node_cli/zero_fill.js")});
  EXPECT_EQ(plain.out, "dirty\n") << plain.err;
  CliResult zeroed = RunCli({"--expose-gc", "--zero-fill-buffers", ScriptPath("node_cli/zero_fill.js")});
  EXPECT_EQ(zeroed.out, "zeroed\n") << zeroed.err;
}

TEST(NodeCliTest, NoExperimentalRequireModuleRefusesRequireOfEsm) {
  const std::string script = ScriptPath("node_cli/require_esm.js");
  ExpectNodesOutput({script}, "require_esm.out");
  ExpectNodesOutput({"--no-experimental-require-module", script}, "require_esm_refused.out");
  ExpectNodesOutput({"--experimental-require-module", script}, "require_esm.out");
}

TEST(NodeCliTest, RunTakesNodeOptions) {
  const std::string script = ScriptPath("node_cli/deprecations.js");
  ExpectNodesOutput({"run", "--node-option=--pending-deprecation", script}, "deprecations_pending.out");
  CliResult both = RunCli({"run", "--node-option=--expose-gc", "--node-option=--zero-fill-buffers", "--prefix",
                           ScriptPath("node_cli/zero_fill.js")});
  EXPECT_EQ(both.out, "[1] zeroed\n") << both.err;
  CliResult bad = RunCli({"run", "--node-option=--expose-internals-of-nothing", script});
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_EQ(bad.out, "");
  EXPECT_TRUE(Contains(bad.err, "bad option: --expose-internals-of-nothing")) << bad.err;
  CliResult help = RunCli({"run", "--help"});
  EXPECT_TRUE(Contains(help.out, "--node-option")) << help.out;
}

TEST(NodeCliTest, BadOptionIsNamedWithNodesExitCode) {
  for (const char* option : {"--no-such-option", "--stack-size=lots", "-x"}) {
    CliResult result = RunCli({option, "-e", "console.log('ran')"});
    EXPECT_EQ(result.exit_code, 9) << option;
    EXPECT_EQ(result.out, "") << option;
    EXPECT_TRUE(Contains(result.err, std::string("bad option: ") + option)) << result.err;
  }
  CliResult missing = RunCli({"-e"});
  EXPECT_EQ(missing.exit_code, 9);
  EXPECT_TRUE(Contains(missing.err, "-e requires an argument")) << missing.err;
}

// The runtime's internal modules (and internal/test/binding) are reachable
// by require, import and node: only under --expose-internals, in both
// command lines, as Node's are; without it they are what Node says then.
TEST(NodeCliTest, ExposeInternalsGatesTheInternalModules) {
  const std::string script = ScriptPath("node_cli/internals_gate.js");
  const std::string hidden = "MODULE_NOT_FOUND MODULE_NOT_FOUND ERR_UNKNOWN_BUILTIN_MODULE false ERR_MODULE_NOT_FOUND";
  const std::string exposed = "object function object true object";
  CliResult node_without = RunCli({script});
  EXPECT_EQ(node_without.exit_code, 0) << node_without.err;
  EXPECT_EQ(node_without.out, hidden + " []\n");
  CliResult run_without = RunCli({"run", script});
  EXPECT_EQ(run_without.out, hidden + " []\n") << run_without.err;
  CliResult node_with = RunCli({"--expose-internals", script});
  EXPECT_EQ(node_with.exit_code, 0) << node_with.err;
  EXPECT_EQ(node_with.out, exposed + " [\"--expose-internals\"]\n");
  CliResult run_with = RunCli({"run", "--expose-internals", script});
  EXPECT_EQ(run_with.out, exposed + " [\"--expose-internals\"]\n") << run_with.err;
  CliResult eval_with = RunCli({"--expose-internals", "-p", "typeof require('internal/util').sleep"});
  EXPECT_EQ(eval_with.out, "function\n") << eval_with.err;
}

TEST(NodeCliTest, SubcommandsComeFirst) {
  CliResult run = RunCli({"run", ScriptPath("node_cli/argv.js"), "--", "a"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(Contains(run.out, "\"argv\":[\"" + ScriptPath("node_cli/argv.js") + "\",\"a\"]")) << run.out;
  CliResult no_script = RunCli({"run"});
  EXPECT_NE(no_script.exit_code, 0);
  EXPECT_TRUE(Contains(no_script.err, "script is required")) << no_script.err;
  // A script named like a subcommand, given with its directory.
  CliResult named_run = RunCli({ScriptPath("node_cli/run"), "a"});
  EXPECT_EQ(named_run.exit_code, 0) << named_run.err;
  EXPECT_EQ(named_run.out, "the script named run, a\n");
  CliResult help = RunCli({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_TRUE(Contains(help.out, "isohost [NODE-OPTIONS] -e|--eval CODE")) << help.out;
}

TEST(NodeCliTest, WorkerSpawnsExecPathAndJavaScriptRuns) {
  for (const char* form : {"run", "node"}) {
    CliResult result = std::string(form) == "run" ? RunCli({"run", ScriptPath("node_cli/spawn_self.js")})
                                                  : RunCli({ScriptPath("node_cli/spawn_self.js")});
    EXPECT_EQ(result.exit_code, 0) << form << ": " << result.err;
    EXPECT_EQ(result.out, "2\n5 \"child x\\n\"\nfunction\n") << form;
  }
  CliResult exec_path = RunCli({"-p", "process.execPath === process.argv0 && process.execPath"});
  EXPECT_EQ(exec_path.out, BinDir() + "/isohost\n") << exec_path.err;
}

}  // namespace
}  // namespace isohost::testing
