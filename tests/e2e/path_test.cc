// path (path.posix, path.win32, matchesGlob) in real workers, against what
// Node 20 printed for the same scripts (scripts/path/*.out, recorded with
// /usr/bin/node): edge cases of every function on both flavours.
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(PathTest, PosixAndWin32BehaveAsNodes) { ExpectSameOutputAsNode("path/path_cases"); }

TEST(PathTest, MatchesGlobBehavesAsNodes) { ExpectSameOutputAsNode("path/glob_cases"); }

// matchesGlob is experimental in Node 20, which says so once.
TEST(PathTest, MatchesGlobWarnsOnceThatItIsExperimental) {
  CliResult result = RunCli({"run", ScriptPath("path/glob_cases.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const std::string warning = "ExperimentalWarning: glob is an experimental feature";
  size_t first = result.err.find(warning);
  EXPECT_NE(first, std::string::npos) << result.err;
  EXPECT_EQ(result.err.find(warning, first + 1), std::string::npos) << result.err;
}

}  // namespace
}  // namespace isohost::testing
