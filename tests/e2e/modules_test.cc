// require() as Node 20 has it, end to end: real workers through the CLI run
// fixture trees (tests/e2e/scripts/modules/) with node_modules and
// package.json main/exports/imports, and print what Node prints for them
// (each expected text was checked against /usr/bin/node running the same
// script in a worker_threads Worker).
#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(ModulesTest, CircularRequiresAndModuleObjectsAsInNode) {
  CliResult result = RunCli({"run", ScriptPath("modules/cycle_main.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(a: {"name":"a","partial":false,"fromB":"a partial=true"}
b: {"sawA":"a partial=true","loadedWhileB":false}
main: true . false null
names: cycle_main.js modules true true
children: ["cycle/a.js","cycle/b.js"] ["cycle/b.js"]
a module: true true cycle/a.js cycle/node_modules
exports this: true
reloaded b: true a partial=false 4
loaded later: false
loaded after main: true
)node");
}

// Node 20.20 prints the same (require() of an ES module included, which it
// allows by default), except for the .node file: Node reports why dlopen()
// failed, Isohost that it loads no addons.
TEST(ModulesTest, ExportsImportsNodeModulesAndTheirErrorsAsInNode) {
  CliResult result = RunCli({"run", ScriptPath("modules/resolution/main.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(pat/feat/a -> "pat feat a" @ node_modules/pat/lib/feat/a.js
pat/feat/a.js -> "pat feat a" @ node_modules/pat/lib/feat/a.js
pat/feat/internal/x !! ERR_PACKAGE_PATH_NOT_EXPORTED "Package subpath './feat/internal/x' is not defined by \"exports\" in ./node_modules/pat/package.json"
pat/both/internal/x -> "pat internal x" @ node_modules/pat/lib/feat/internal/x.js
pat/feat/../x !! ERR_INVALID_MODULE_SPECIFIER "Invalid module \"./feat/../x\" request is not a valid match in pattern \"./feat/*\" for the \"exports\" resolution of ./node_modules/pat/package.json"
pat/missing !! MODULE_NOT_FOUND "Cannot find module './node_modules/pat/lib/missing.js'" path=./node_modules/pat/package.json
pat/enc !! ERR_INVALID_MODULE_SPECIFIER "Invalid module \"file://./node_modules/pat/lib/a%2fb.js\" must not include encoded \"/\" or \"\\\" characters"
pat/space -> "pat with space" @ node_modules/pat/lib/with space.js
pat/nope !! ERR_PACKAGE_PATH_NOT_EXPORTED "Package subpath './nope' is not defined by \"exports\" in ./node_modules/pat/package.json"
pat !! ERR_PACKAGE_PATH_NOT_EXPORTED "No \"exports\" main defined in ./node_modules/pat/package.json"
arr -> "arr a" @ node_modules/arr/a.js
arr/bad -> "arr b" @ node_modules/arr/b.js
arr/none !! ERR_PACKAGE_PATH_NOT_EXPORTED "Package subpath './none' is not defined by \"exports\" in ./node_modules/arr/package.json"
arr/nulls !! ERR_PACKAGE_PATH_NOT_EXPORTED "Package subpath './nulls' is not defined by \"exports\" in ./node_modules/arr/package.json"
cond -> "cond node default" @ node_modules/cond/dist/node.js
cond/mixed -> "cond node default" @ node_modules/cond/dist/node.js
bad-target !! ERR_INVALID_PACKAGE_TARGET "Invalid \"exports\" main target \"lib/x.js\" defined in the package config ./node_modules/bad-target/package.json; targets must start with \"./\""
bad-target/up !! ERR_INVALID_PACKAGE_TARGET "Invalid \"exports\" target \"./../x.js\" defined for './up' in the package config ./node_modules/bad-target/package.json"
bad-target/obj !! ERR_INVALID_PACKAGE_TARGET "Invalid \"exports\" target \"5\" defined for './obj' in the package config ./node_modules/bad-target/package.json; targets must start with \"./\""
bad-target/nm !! ERR_INVALID_PACKAGE_TARGET "Invalid \"exports\" target \"./node_modules/x.js\" defined for './nm' in the package config ./node_modules/bad-target/package.json"
bad-target/num !! ERR_INVALID_PACKAGE_CONFIG "Invalid package config ./node_modules/bad-target/package.json. \"exports\" cannot contain numeric property keys."
bad-main !! MODULE_NOT_FOUND "Cannot find module './node_modules/bad-main/nope.js'. Please verify that the package.json has a valid \"main\" entry" path=./node_modules/bad-main/package.json requestPath=bad-main
@scope/deep -> {"inner":"inner of @scope/deep","self":true} @ node_modules/@scope/deep/index.js
#x -> "src/x.js" @ src/x.js
#bad !! MODULE_NOT_FOUND "Cannot find module '#bad'"
#p/a -> "lib/a.js" @ lib/a.js
#p/private/a !! ERR_PACKAGE_IMPORT_NOT_DEFINED "Package import specifier \"#p/private/a\" is not defined in package ./package.json imported from ./main.js"
#cond -> "src/x.js" @ src/x.js
#arr !! MODULE_NOT_FOUND "Cannot find module './src/nope.js'" path=./package.json
#nope !! ERR_PACKAGE_IMPORT_NOT_DEFINED "Package import specifier \"#nope\" is not defined in package ./package.json imported from ./main.js"
# !! ERR_INVALID_MODULE_SPECIFIER "Invalid module \"#\" is not a valid internal imports specifier name imported from ./main.js"
#/x !! ERR_INVALID_MODULE_SPECIFIER "Invalid module \"#/x\" is not a valid internal imports specifier name imported from ./main.js"
esm-pkg -> {"__esModule":true,"default":1} @ node_modules/esm-pkg/index.js
esm-pkg/plain.js !! undefined "module is not defined in ES module scope\nThis file is being treated as an ES module because it has a '.js' file extension and './node_modules/esm-pkg/package.json' contains \"type\": \"module\". To treat it as a CommonJS script, rename it to use the '.cjs' file extension."
esm-pkg/x.mjs -> {"__esModule":true,"default":1} @ node_modules/esm-pkg/x.mjs
esm-pkg/ok.cjs -> "cjs inside a module package" @ node_modules/esm-pkg/ok.cjs
addon !! ERR_DLOPEN_FAILED "./node_modules/addon/build/addon.node: native addons are not supported: Isohost does not load native addons"
node:nope !! ERR_UNKNOWN_BUILTIN_MODULE "No such built-in module: node:nope"
node:test -> undefined @ node:test
test !! MODULE_NOT_FOUND "Cannot find module 'test'\nRequire stack:\n- ./main.js"
./src/x -> "src/x.js" @ src/x.js
./src/ !! MODULE_NOT_FOUND "Cannot find module './src/'\nRequire stack:\n- ./main.js"
./nope !! MODULE_NOT_FOUND "Cannot find module './nope'\nRequire stack:\n- ./main.js"
)node");
}

TEST(ModulesTest, ModuleBuiltinApiAsInNode) {
  CliResult result = RunCli({"run", ScriptPath("modules/api_main.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(module is Module: true true true
builtins: 68 true false
isBuiltin: true true false true true true false false
custom extension: text: data.txt .js,.json,.node,.txt
extension tried when resolving: api/data.txt
compile hook: hooked js (rewritten)
paths: ["/a/node_modules/b/node_modules/c/node_modules","/a/node_modules/b/node_modules","/a/node_modules","/node_modules"] ["/node_modules"]
lookup paths: [""] null node_modules
resolve with paths: api/node_modules/far/index.js api/data.txt
createRequire: far away far away api/sub/hooked.js
_resolveFilename: api/sub/hooked.js fs
_load: true true
require(5): ERR_INVALID_ARG_TYPE The "id" argument must be of type string. Received type number (5)
require(""): ERR_INVALID_ARG_VALUE The argument 'id' must be a non-empty string. Received ''
require(undefined): ERR_INVALID_ARG_TYPE The "id" argument must be of type string. Received undefined
resolve(null): ERR_INVALID_ARG_TYPE The "request" argument must be of type string. Received null
createRequire(relative): ERR_INVALID_ARG_VALUE The argument 'filename' must be a file URL object, file URL string, or absolute path string. Received 'relative.js'
patched wrap: number
wrapper: ["(function (exports, require, module, __filename, __dirname) { ","\n});"]
)node");
}

// What the stubs can do as Node does, they do: net.isIP() and friends, and
// the argument checks of dns.lookupService() (Node's output, byte for byte).
TEST(ModulesTest, StubsJudgeAddressesAndArgumentsAsNode) {
  CliResult result = RunCli({"run", ScriptPath("modules/ip_checks.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node("1.2.3.4" 4
"01.2.3.4" 0
"256.1.1.1" 0
"::1" 6
"::" 6
"1::" 6
"fe80::1%eth0" 6
"::ffff:1.2.3.4" 6
"1:2:3:4:5:6:7:8" 6
"1:2:3:4:5:6:7:8:9" 0
"1::2::3" 0
"x" 0
"" 0
"1:2:3:4:5:6:1.2.3.4" 6
"1:2:3:4:5:6:7:1.2.3.4" 0
":1" 0
"1:" 0
ERR_INVALID_ARG_VALUE The argument 'address' is invalid. Received 'x'
ERR_SOCKET_BAD_PORT Port should be >= 0 and < 65536. Received type number (70000).
ERR_MISSING_ARGS The "address", "port", and "callback" arguments must be specified
ERR_INVALID_ARG_VALUE The argument 'address' is invalid. Received 'fasdfdsaf'
)node");
}

// Not Node's output: these modules work in Node. In a worker they load with
// Node's shape and throw a clear error only when used.
TEST(ModulesTest, UnavailableBuiltinsLoadAndThrowOnlyWhenUsed) {
  CliResult result = RunCli({"run", ScriptPath("modules/unavailable_main.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"node(loaded: function function true true
https.createServer -> Error ERR_NOT_AVAILABLE_IN_WORKER https.createServer is not available in an Isohost worker
new MySocket -> Error ERR_NOT_AVAILABLE_IN_WORKER tls.TLSSocket is not available in an Isohost worker
child_process.fork -> Error ERR_NOT_AVAILABLE_IN_WORKER child_process.fork is not available in an Isohost worker
dns.promises.resolve4 -> Error ERR_NOT_AVAILABLE_IN_WORKER dns/promises.resolve4 is not available in an Isohost worker
node:sea -> Error ERR_NOT_AVAILABLE_IN_WORKER sea.isSea is not available in an Isohost worker
promises: true true
aliases: true true
trace_events: ERR_TRACE_EVENTS_UNAVAILABLE Trace events are unavailable
still running
)node");
}

TEST(ModulesTest, UncaughtMissingModuleNamesTheRequireStack) {
  CliResult result = RunCli({"run", ScriptPath("modules/api/sub/requires_missing.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("Cannot find module 'no-such-package'"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("Require stack:\n- " + ScriptPath("modules/api/sub/requires_missing.js")),
            std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace isohost::testing
