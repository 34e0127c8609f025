// Node's module options on the isohost CLI (--import, -r, -C, --input-type,
// --check, --preserve-symlinks[-main], NODE_OPTIONS) and the module errors
// Node gives, through real workers. Each expected text was checked against
// /usr/bin/node (20.20) running the same command on the fixtures of
// tests/e2e/scripts/module_options/.
#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

bool Contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

std::string Fixture(const std::string& name) { return ScriptPath("module_options/" + name); }

std::string Isohost() { return BinDir() + "/isohost"; }

// -r modules load first, then the --import modules, each evaluated (top-level
// await included) before the next, then the entry.
TEST(ModuleOptionsTest, RequireThenImportThenEntry) {
  CliResult result = RunCli({"--import", Fixture("preload.mjs"), "-r", Fixture("preload.cjs"), Fixture("entry.cjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "preload.cjs\npreload.mjs\npreload.mjs after await\nentry.cjs\n");
  CliResult eval = RunCli({"--import=" + Fixture("preload.mjs"), "-e", "console.log('eval')"});
  EXPECT_EQ(eval.out, "preload.mjs\npreload.mjs after await\neval\n") << eval.err;
}

// User conditions take part in "exports" matching for require() and import.
TEST(ModuleOptionsTest, ConditionsReachBothLoaders) {
  CliResult required = RunCli({"-C", "custom", Fixture("cond/main.cjs")});
  EXPECT_EQ(required.out, "require: custom\n") << required.err;
  CliResult imported = RunCli({"--conditions=custom", Fixture("cond/main.mjs")});
  EXPECT_EQ(imported.out, "import: custom\n") << imported.err;
  CliResult plain = RunCli({Fixture("cond/main.mjs")});
  EXPECT_EQ(plain.out, "import: default\n") << plain.err;
}

// --input-type=module runs -e as an ES module at file:///CWD/[eval1]; -p
// cannot print one; a file entry refuses the option (also from NODE_OPTIONS).
TEST(ModuleOptionsTest, InputType) {
  CliResult module = RunCli(
      {"--input-type=module", "-e", "console.log(typeof require, import.meta.url.endsWith('/[eval1]'))"});
  EXPECT_EQ(module.exit_code, 0) << module.err;
  EXPECT_EQ(module.out, "undefined true\n");
  CliResult print = RunCli({"--input-type", "module", "-p", "1"});
  EXPECT_EQ(print.exit_code, 1);
  EXPECT_TRUE(Contains(print.err, "Error [ERR_EVAL_ESM_CANNOT_PRINT]: --print cannot be used with ESM input"))
      << print.err;
  ShellResult file = RunShell("NODE_OPTIONS=--input-type=module " + Isohost() + " " + Fixture("json/main.mjs") +
                              " 2>&1");
  EXPECT_EQ(file.exit_code, 1);
  EXPECT_TRUE(Contains(file.out, "Error [ERR_INPUT_TYPE_NOT_ALLOWED]: --input-type can only be used with string "
                                 "input via --eval, --print, or STDIN"))
      << file.out;
  CliResult bad = RunCli({"--input-type=json", "-e", "1"});
  EXPECT_EQ(bad.exit_code, 9);
  EXPECT_TRUE(Contains(bad.err, "--input-type must be \"module\" or \"commonjs\"")) << bad.err;
}

// Eval input with ES syntax, top-level await in an expression included, runs
// as a module without the option.
TEST(ModuleOptionsTest, EvalDetectsModuleSyntax) {
  CliResult result = RunCli({"-e", "function f(v) { console.log(v); }; f(await Promise.resolve('awaited'));"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "awaited\n");
  CliResult cjs = RunCli({"--input-type=commonjs", "-e", "await 1"});
  EXPECT_EQ(cjs.exit_code, 1);
}

// --check compiles the entry as what it is and runs nothing.
TEST(ModuleOptionsTest, CheckCompilesWithoutRunning) {
  CliResult good = RunCli({"--check", Fixture("check/good.mjs")});
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_EQ(good.out, "");
  CliResult bad = RunCli({"-c", Fixture("check/bad.mjs")});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_TRUE(Contains(bad.err, "SyntaxError: Unexpected token ';'")) << bad.err;
}

// A main module reached through a symbolic link, and one named without its
// extension: under --preserve-symlinks[-main] its relative requires resolve
// from the link's folder.
TEST(ModuleOptionsTest, PreserveSymlinksMain) {
  ShellResult result = RunShell(
      "dir=$(mktemp -d) && mkdir \"$dir/nested\" \"$dir/nested2\" && "
      "echo \"require('./submodule_link.js'); console.log('loaded')\" > \"$dir/nested/entry.js\" && "
      ": > \"$dir/nested2/submodule.js\" && ln -s \"$dir/nested/entry.js\" \"$dir/index.js\" && "
      "ln -s \"$dir/nested2/submodule.js\" \"$dir/submodule_link.js\" && " +
      Isohost() + " --preserve-symlinks --preserve-symlinks-main \"$dir/index\" 2>&1; code=$?; " +
      Isohost() + " \"$dir/index.js\" >/dev/null 2>&1; echo \"without: $?\"; rm -rf \"$dir\"; exit $code");
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_EQ(result.out, "loaded\nwithout: 1\n");
}

// NODE_OPTIONS is read before the command line; a bad option in it is
// refused as on the command line.
TEST(ModuleOptionsTest, NodeOptionsVariable) {
  ShellResult result = RunShell("NODE_OPTIONS='--conditions custom' " + Isohost() + " " +
                                Fixture("cond/main.mjs") + " 2>&1");
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_EQ(result.out, "import: custom\n");
  ShellResult bad = RunShell("NODE_OPTIONS=--no-such-option " + Isohost() + " -e 1 2>&1");
  EXPECT_EQ(bad.exit_code, 9) << bad.out;
}

// require() of an ES module that is still loading, as Node words it.
TEST(ModuleOptionsTest, RequireEsmCycle) {
  CliResult result = RunCli({Fixture("cycle/require-a.cjs")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(Contains(result.err, "Error [ERR_REQUIRE_CYCLE_MODULE]: Cannot require() ES Module " +
                                       Fixture("cycle/a.mjs") + " in a cycle. (from " +
                                       Fixture("cycle/require-a.cjs") + ")"))
      << result.err;
  EXPECT_TRUE(Contains(result.err, "code: 'ERR_REQUIRE_CYCLE_MODULE'")) << result.err;
}

// A named import that a CommonJS module lacks gets Node's explanation, with
// the destructuring to use instead.
TEST(ModuleOptionsTest, MissingCommonJsExportIsExplained) {
  CliResult result = RunCli({Fixture("named/import.mjs")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(Contains(result.err,
                       "SyntaxError: Named export 'comeOn' not found. The requested module './fail.cjs' is a "
                       "CommonJS module, which may not support all module.exports as named exports.\n"
                       "CommonJS modules can always be imported via the default export, for example using:\n\n"
                       "import pkg from './fail.cjs';\nconst { comeOn: renamed } = pkg;\n"))
      << result.err;
}

// An import that names a file without its extension: the error says what
// require() would have found.
TEST(ModuleOptionsTest, ModuleNotFoundHint) {
  ShellResult result = RunShell("cd " + Fixture("hint") + " && " + Isohost() +
                                " --input-type=module -e 'import \"./print\"' 2>&1");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(Contains(result.out, "Did you mean to import \"./print.js\"?")) << result.out;
}

// A JSON file is one object for import and require(); builtins' named
// exports follow module.syncBuiltinESMExports().
TEST(ModuleOptionsTest, SharedJsonAndBuiltinLiveBindings) {
  CliResult json = RunCli({Fixture("json/main.mjs")});
  EXPECT_EQ(json.out, "same object: true\n") << json.err;
  CliResult sync = RunCli({"--input-type=module", "-e",
                           "import fs, { readFile } from 'node:fs'; import { syncBuiltinESMExports } from "
                           "'node:module'; fs.readFile = 42; syncBuiltinESMExports(); console.log(readFile);"});
  EXPECT_EQ(sync.out, "42\n") << sync.err;
}

// V8 10.2 names no identifier in this SyntaxError; Node 20's V8 does.
TEST(ModuleOptionsTest, UnexpectedIdentifierIsNamed) {
  CliResult result = RunCli({"-e", "var foo bar;"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(Contains(result.err, "SyntaxError: Unexpected identifier 'bar'")) << result.err;
}

}  // namespace
}  // namespace isohost::testing
