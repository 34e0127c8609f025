// fs in real workers: scripts under scripts/fs/ use the synchronous API, the
// callbacks, fs/promises with FileHandle, the file streams (over paths,
// descriptors and FileHandles, the old open() protocol, the `fs` option),
// every argument form of read and write, fs.Dir, whole files with flush and
// AbortSignals, names in other encodings and openAsBlob in a fresh temporary
// directory, and their output must be byte for byte what Node 20 printed for
// them (NAME.out, recorded with /usr/bin/node). Also: asynchronous calls
// leave the loop free while they wait, a write past the file size limit
// fails with EFBIG, a Dir dropped unclosed gives its descriptor back, and the module
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
                         ::testing::Values("sync", "async", "errors", "streams", "stream_forms", "read_write", "dir",
                                           "whole_files", "cp"),
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

// Under `ulimit -f 1` a write past the limit fails with Node's EFBIG error
// (the worker ignores SIGXFSZ, as Node does) and leaves what fit.
TEST(FsTest, WritePastTheFileSizeLimitFailsWithEfbig) {
  const std::string script = ScriptPath("fs/file_size_limit.js");
  ShellResult isohost = RunShell("ulimit -f 1 && '" + BinDir() + "/isohost' run '" + script + "' 2>&1");
  EXPECT_EQ(isohost.exit_code, 0) << isohost.out;
  EXPECT_NE(isohost.out.find("EFBIG: file too large, write EFBIG -27 write size "), std::string::npos) << isohost.out;
  if (OnPath("node")) {
    ShellResult node = RunShell("ulimit -f 1 && node '" + script + "' 2>&1");
    EXPECT_EQ(isohost.out, node.out);
  }
}

// A Dir that is never closed closes its directory when it is collected.
TEST(FsTest, DirDroppedUnclosedIsClosedWhenCollected) {
  CliResult result = RunCli({"--expose-gc", ScriptPath("fs/dir_collected.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "held 100, left after collection 0\n");
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
