// fs in real workers: scripts under scripts/fs/ use the synchronous API, the
// callbacks, fs/promises with FileHandle and the file streams (over paths,
// descriptors and FileHandles, the old open() protocol, the `fs` option) in a
// fresh temporary directory, and their output must be byte for byte what
// Node 20 printed for them (NAME.out, recorded with /usr/bin/node). Also:
// asynchronous calls leave the loop free while they wait, and the module
// costs nothing until required.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

class FsScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(FsScriptTest, PrintsWhatNodePrints) { ExpectSameOutputAsNode(std::string("fs/") + GetParam()); }

INSTANTIATE_TEST_SUITE_P(Scripts, FsScriptTest,
                         ::testing::Values("sync", "async", "errors", "streams", "stream_forms"),
                         [](const ::testing::TestParamInfo<const char*>& param) { return std::string(param.param); });

// A read that waits on the thread pool (a FIFO with no writer yet) while a
// timer on the loop starts the writer: a worker whose loop the read blocked
// would never finish (and --timeout would end it with 124).
TEST(FsTest, AsynchronousCallsLeaveTheLoopFree) {
  char dir_template[] = "/tmp/isohost-fs-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir_template), nullptr);
  const std::string dir = dir_template;
  const std::string fifo = dir + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  CliResult result = RunCli({"run", "--timeout", "60", ScriptPath("fs/nonblocking.js"), "--", fifo});
  std::filesystem::remove_all(dir);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "writer done: null\n"
            "read through the FIFO: null 8388608 true timer fired first: true\n"
            "promise read: second true\n"
            "large file: null true true\n");
}

// An idle worker compiles none of fs; one that requires it does.
TEST(FsTest, NothingIsBuiltUntilRequired) {
  int idle = BuiltinsLoaded({ScriptPath("empty.js")});
  int used = BuiltinsLoaded({ScriptPath("fs/requires_fs.js")});
  ASSERT_GE(idle, 0);
  EXPECT_GT(used, idle);
}

}  // namespace
}  // namespace isohost::testing
