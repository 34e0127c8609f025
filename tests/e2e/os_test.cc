// os in a real worker against /usr/bin/node on the same machine, run side
// by side at test time (the values are this machine's: kernel, interfaces,
// user): scripts/os/os.js prints what does not change while it runs and the
// shapes of what does. Skipped, saying why, without node.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(OsTest, PrintsWhatNodePrintsOnThisMachine) {
  if (!OnPath("node")) {
    GTEST_SKIP() << "node is not installed: nothing to compare with";
  }
  // Both start without the variables whose rules the script tries itself.
  const std::string env = "env -u TMPDIR -u TMP -u TEMP ";
  const std::string script = "'" + ScriptPath("os/os.js") + "'";
  ShellResult node = RunShell(env + "node " + script);
  ASSERT_EQ(node.exit_code, 0) << node.out;
  ASSERT_NE(node.out.find("getPriority no process throws SystemError ERR_SYSTEM_ERROR"), std::string::npos) << node.out;
  ShellResult isohost = RunShell(env + "'" + BinDir() + "/isohost' run " + script + " 2>&1");
  EXPECT_EQ(isohost.exit_code, 0);
  EXPECT_EQ(isohost.out, node.out);
}

}  // namespace
}  // namespace isohost::testing
