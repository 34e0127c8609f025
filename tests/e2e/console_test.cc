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
