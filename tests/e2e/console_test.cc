// console.Console in real workers: scripts/console/constructor.js prints what
// consoles over recording streams wrote, their keys, names and errors, and
// must print what Node 20 printed (constructor.out, recorded with
// /usr/bin/node).
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(ConsoleTest, ConsoleClassBehavesAsNodes) { ExpectSameOutputAsNode("console/constructor"); }

// Strings alone are joined without util.inspect; specifiers and other
// values still print as Node prints them.
TEST(ConsoleTest, FormatsAsNodeDoes) { ExpectSameOutputAsNode("console/formats"); }

// The console writes to the channel directly, yet its lines (and the
// process's warnings) go where a script sends them as it captures output:
// a replaced process.stdout.write or process.stderr.write, console._stdout,
// console.clear() on a stream that says it is a terminal; a process.stdout
// replaced after the console's first line is not the console's, as in Node.
TEST(ConsoleTest, OutputGoesWhereTheScriptRedirectsIt) { ExpectSameOutputAsNode("console/redirect"); }

// util.inspect (the largest builtin) is compiled when something is first
// inspected, not when the console is made or logs only strings.
TEST(ConsoleTest, UtilInspectIsCompiledOnlyWhenSomethingIsInspected) {
  int empty = BuiltinsLoadedBySource("");
  int strings = BuiltinsLoadedBySource("console.log('x', 'y'); console.error('z');\n");
  int object = BuiltinsLoadedBySource("console.log({ x: 1 });\n");
  ASSERT_GT(empty, 0);
  EXPECT_EQ(strings, empty + 1) << "the console alone";
  EXPECT_GT(object, strings);
}

// The class is compiled when console.Console is first read, not when the
// console is.
TEST(ConsoleTest, ConsoleClassIsCompiledOnFirstReadOnly) {
  int logs = BuiltinsLoadedBySource("console.log('x');\n");
  int reads_class = BuiltinsLoadedBySource("console.log(typeof console.Console);\n");
  ASSERT_GT(logs, 0);
  EXPECT_GT(reads_class, logs);
}

}  // namespace
}  // namespace isohost::testing
