// Module customization hooks end to end: module.register() and Node's
// --experimental-loader/--loader, through real workers of the CLI, on the
// fixtures of tests/e2e/scripts/esm_hooks/. Each expected text is what Node
// 20.20 prints for the same command.
#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

bool Contains(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

std::string Fixture(const std::string& name) { return ScriptPath("esm_hooks/" + name); }

// register() with data for initialize(); resolve and load hooks serve
// modules of a scheme of their own as ES, JSON and CommonJS source, pass a
// builtin on to the default steps, and see the import attributes. The module
// the hooks and the application both import is evaluated once for each.
TEST(EsmHooksTest, RegisterServesModulesOfItsOwnScheme) {
  CliResult result = RunCli({"run", Fixture("register_virtual.mjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(initialize: {"prefix":"hooked"} this=undefined
hooked resolve virtual:entry from a file
hooked load virtual:entry {}
hooked resolve virtual:data from virtual:entry
hooked resolve virtual:cjs from virtual:entry
hooked load virtual:data {"type":"json"}
hooked load virtual:cjs {}
value: 42 cjs from a source /
shared module of the application: 1
)node");
}

// Hooks that break the chain's rules get Node's errors, each as the
// rejection of its import(); a TypedArray is a source as good as a string.
TEST(EsmHooksTest, BrokenHooksGetNodesErrors) {
  CliResult result = RunCli({"run", Fixture("bad_imports.mjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(incomplete: ERR_LOADER_CHAIN_INCOMPLETE "./bad_hooks.mjs 'resolve'" did not call the next hook in its chain and did not explicitly signal a short circuit. If this is intentional, include `shortCircuit: true` in the hook's return.
null: ERR_INVALID_RETURN_VALUE Expected an object to be returned from the "./bad_hooks.mjs 'resolve' hook's nextResolve()" function but got null.
url: ERR_INVALID_RETURN_PROPERTY_VALUE Expected a URL string to be returned for the "url" from the "./bad_hooks.mjs 'resolve'" hook but got type string ('not a url').
format: ERR_INVALID_RETURN_PROPERTY_VALUE Expected a string to be returned for the "format" from the "./bad_hooks.mjs 'resolve'" hook but got type boolean (true).
next-specifier: ERR_INVALID_ARG_TYPE The "node:internal/modules/esm/resolve 'resolve' hook's nextResolve() specifier" argument must be of type string. Received type number (42)
unknown-format: ERR_UNKNOWN_MODULE_FORMAT Unknown module format: esm for URL bad:unknown-format
source: ERR_INVALID_RETURN_PROPERTY_VALUE Expected a string, an ArrayBuffer, or a TypedArray to be returned for the "source" from the "./bad_hooks.mjs 'load'" hook but got type number (42).
no-format: ERR_UNKNOWN_MODULE_FORMAT Unknown module format: undefined for URL bad:no-format
scheme: ERR_UNSUPPORTED_ESM_URL_SCHEME Only URLs with a scheme in: file, data, and node are supported by the default ESM loader. Received protocol 'bad:'
typed-array: ok 7
)node");
}

// Two --loader options (both spellings of Node's command line): the last
// runs first, and a CommonJS entry goes through them too, still the main
// module.
TEST(EsmHooksTest, LoadersOfTheCommandLineChainLastFirst) {
  CliResult result = RunCli({"--no-warnings", "--loader", Fixture("log_hooks.mjs") + "?name=first",
                             "--experimental-loader=" + Fixture("log_hooks.mjs") + "?name=second",
                             Fixture("main.cjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(second resolve main.cjs
first resolve main.cjs
first load main.cjs as commonjs
second load main.cjs as commonjs
main: true dep
)node");
  // `isohost run` takes them as --node-option.
  CliResult run = RunCli({"run", "--node-option=--loader=" + Fixture("log_hooks.mjs") + "?name=only",
                          Fixture("main.cjs")});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "only resolve main.cjs\nonly load main.cjs as commonjs\nmain: true dep\n");
}

// Without --no-warnings, --experimental-loader warns as Node 20.20 does,
// with the --import that would do the same through register().
TEST(EsmHooksTest, LoaderOptionWarnsWithTheRegisterEquivalent) {
  CliResult result = RunCli({"--loader", "data:text/javascript,export const x = 'a'", "--loader",
                             "data:text/javascript,export {}", "-e", "console.log('ran')"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "ran\n");
  EXPECT_TRUE(Contains(result.err,
                       "ExperimentalWarning: `--experimental-loader` may be removed in the future; instead use "
                       "`register()`:\n--import 'data:text/javascript,import { register } from \"node:module\"; "
                       "import { pathToFileURL } from \"node:url\"; register(\"data%3Atext/javascript%2Cexport%20const"
                       "%20x%20%3D%20%27a%27\", pathToFileURL(\"./\")); register(\"data%3Atext/javascript%2Cexport%20%7B"
                       "%7D\", pathToFileURL(\"./\"));'\n"))
      << result.err;
}

// A loader that cannot be found stops the worker before its entry runs,
// with Node's error and exit status.
TEST(EsmHooksTest, MissingLoaderFailsBeforeTheEntry) {
  CliResult result = RunCli({"--loader", "./no-such-hooks.mjs", Fixture("main.cjs")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(Contains(result.err, "ERR_MODULE_NOT_FOUND")) << result.err;
  EXPECT_TRUE(Contains(result.err, "no-such-hooks.mjs")) << result.err;
  // Eval code too waits for the loaders.
  CliResult eval = RunCli({"--no-warnings", "--loader", "./no-such-hooks.mjs", "-e", "console.log('ran')"});
  EXPECT_EQ(eval.exit_code, 1);
  EXPECT_EQ(eval.out, "");
  EXPECT_TRUE(Contains(eval.err, "ERR_MODULE_NOT_FOUND")) << eval.err;
  CliResult no_value = RunCli({"--loader"});
  EXPECT_EQ(no_value.exit_code, 9);
  EXPECT_TRUE(Contains(no_value.err, "--loader requires an argument")) << no_value.err;
}

// A load hook may return WebAssembly (format 'wasm'): its imports are ES
// imports, its exports the module's.
TEST(EsmHooksTest, WasmFormatImportsAndExports) {
  CliResult result = RunCli({"--no-warnings", Fixture("wasm_import.mjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "exports: quad quad(5): 20\n");
}

// register() takes its specifier relative to its parent URL, 'data:' when
// none is given, from which nothing relative resolves.
// The hooks' end of a port given in transferList answers, and the worker
// still exits once its own work is done (the run would time out otherwise).
TEST(EsmHooksTest, PortsGivenToHooksKeepNoWorkerAlive) {
  CliResult result = RunCli({"run", "--timeout", "20", Fixture("register_port.mjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "hooks heard hello\nexit 0\n") << result.err;
}

TEST(EsmHooksTest, RegisterWithoutParentUrlCannotResolveRelative) {
  CliResult result = RunCli({"run", Fixture("register_without_parent.cjs")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "uncaught: ERR_UNSUPPORTED_RESOLVE_REQUEST Failed to resolve module specifier \"./virtual_hooks.mjs\" "
            "from \"data:\": Invalid relative URL or base scheme is not hierarchical.\n");
}

}  // namespace
}  // namespace isohost::testing
