// fs.watch, fs.watchFile and fs.promises.watch in real workers, on real
// files: scripts under scripts/fs_watch/ print the events, the Stats and the
// errors, which must be byte for byte what Node 20 printed for them
// (NAME.out, recorded with /usr/bin/node). Also: recursive watching follows
// the tree as it changes and leaves no watch behind; a watcher that is
// referenced holds the worker and one that is not (or is closed) does not;
// a worker may end with watchers open; and nothing of it is built before
// the first watch.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

// Each run that should end at once gets this bound: a worker a watcher held
// by mistake is ended with 124 instead of waiting forever.
constexpr const char* kNoHang = "30";

class FsWatchScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(FsWatchScriptTest, PrintsWhatNodePrints) { ExpectSameOutputAsNode(std::string("fs_watch/") + GetParam()); }

INSTANTIATE_TEST_SUITE_P(Scripts, FsWatchScriptTest, ::testing::Values("events", "errors", "watch_file"),
                         [](const ::testing::TestParamInfo<const char*>& param) { return std::string(param.param); });

// A worker forked from the zygote makes its own inotify descriptor and uses
// the thread pool for its polls as an exec'd one does.
TEST(FsWatchTest, WorkersFromTheZygoteWatchToo) {
  for (const char* name : {"events", "watch_file"}) {
    const std::string script = std::string("fs_watch/") + name;
    CliResult result = RunCli({"run", "--spawn", "zygote", "--timeout", kNoHang, ScriptPath(script + ".js")});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    const std::string expected = ReadFile(ScriptPath(script + ".out"));
    EXPECT_TRUE(result.out == expected) << FirstDifference(expected, result.out);
  }
}

// What Isohost reports here is not what Node 20 does: Node watches every
// file and misses what happens in a directory that replaced a watched one,
// and reports a link into the tree as renamed whenever the tree changes.
// Isohost watches each directory, reports every entry by its path relative
// to the root (with 'change' for writes), never follows links, and keeps
// exactly one inotify watch per directory of the tree: three at the end
// (the root, a and a/b), none after close().
TEST(FsWatchTest, RecursiveWatchFollowsTheTreeAsItChanges) {
  CliResult result = RunCli({"run", "--timeout", kNoHang, ScriptPath("fs_watch/recursive.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "a file below a subdirectory:\n"
            "  rename a/b/new.txt\n"
            "  change a/b/new.txt\n"
            "change it:\n"
            "  change a/b/new.txt\n"
            "a tree made at once:\n"
            "  rename c\n"
            "  rename c/d\n"
            "  rename c/d/e\n"
            "  rename c/d/e/deep.txt\n"
            "a file in the new tree:\n"
            "  rename c/d/e/later.txt\n"
            "  change c/d/e/later.txt\n"
            "through the link (not followed):\n"
            "  rename top.txt\n"
            "  change top.txt\n"
            "a subdirectory moved:\n"
            "  rename c\n"
            "  rename a/moved\n"
            "  rename a/moved/d\n"
            "  rename a/moved/d/e\n"
            "  rename a/moved/d/e/deep.txt\n"
            "  rename a/moved/d/e/later.txt\n"
            "a file in the moved tree:\n"
            "  rename a/moved/d/there.txt\n"
            "  change a/moved/d/there.txt\n"
            "a subtree removed:\n"
            "  rename a/moved/d/e/deep.txt\n"
            "  rename a/moved/d/e/later.txt\n"
            "  rename a/moved/d/e\n"
            "  rename a/moved/d/there.txt\n"
            "  rename a/moved/d\n"
            "  rename a/moved\n"
            "a directory replaced by another of its name:\n"
            "  rename a/b/new.txt\n"
            "  rename a/b/old.txt\n"
            "  rename a/b\n"
            "a file in the new one:\n"
            "  rename a/b/fresh.txt\n"
            "  change a/b/fresh.txt\n"
            "inotify watches: 3\n"
            "closed\n"
            "after close: 1\n");
}

// Every kind of watcher, unreferenced, not persistent, closed or stopped:
// the worker ends when its script does. (Under Node 20 this script never
// ends: unref() of a recursive watch does nothing there.)
TEST(FsWatchTest, UnreferencedOrClosedWatchersDoNotHoldTheWorker) {
  CliResult result = RunCli({"run", "--timeout", kNoHang, ScriptPath("fs_watch/unreferenced.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "promise event: new\niterator done\nexit\n");
}

// A referenced watcher is all that keeps the worker alive until the change
// it waits for, which an unreferenced timer makes: without the hold the
// worker would end first and print only "exit".
TEST(FsWatchTest, AReferencedWatcherHoldsTheWorkerUntilClosed) {
  const std::pair<const char*, const char*> kinds[] = {
      {"watch", "watch saw file\n"},
      {"recursive", "recursive watch saw sub/file\n"},
      {"watchFile", "watchFile saw it grow\n"},
      {"promise", "promises.watch saw file\n"},
  };
  for (const auto& [kind, line] : kinds) {
    CliResult result = RunCli({"run", "--timeout", kNoHang, ScriptPath("fs_watch/referenced.js"), "--", kind});
    EXPECT_EQ(result.exit_code, 0) << kind << ": " << result.err;
    EXPECT_EQ(result.out, std::string(line) + "exit\n") << kind;
  }
}

// Open, referenced watchers of every kind do not stand in the way of an
// exit, nor of an uncaught exception.
TEST(FsWatchTest, AWorkerEndsWithItsWatchersOpen) {
  CliResult exited = RunCli({"run", "--timeout", kNoHang, ScriptPath("fs_watch/exit_with_watchers.js")});
  EXPECT_EQ(exited.exit_code, 3) << exited.err;
  EXPECT_EQ(exited.err, "");
  CliResult threw =
      RunCli({"run", "--timeout", kNoHang, ScriptPath("fs_watch/exit_with_watchers.js"), "--", "throw"});
  EXPECT_EQ(threw.exit_code, 1);
  EXPECT_NE(threw.err.find("Error: ended by an exception"), std::string::npos) << threw.err;
  EXPECT_EQ(threw.err.find("handles left open"), std::string::npos) << threw.err;
}

// Requiring fs, or reading fs.watch, builds none of the watchers; the first
// watch does.
TEST(FsWatchTest, NothingIsBuiltUntilTheFirstWatch) {
  int required = BuiltinsLoadedBySource("require('fs');");
  int named = BuiltinsLoadedBySource(
      "const fs = require('fs'); typeof fs.watch + typeof fs.watchFile + typeof fs.unwatchFile;");
  int watched = BuiltinsLoadedBySource("require('fs').watch(__dirname).close();");
  ASSERT_GT(required, 0);
  EXPECT_EQ(named, required);
  EXPECT_GT(watched, required);
}

}  // namespace
}  // namespace isohost::testing
