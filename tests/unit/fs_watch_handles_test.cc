// The handles behind fs.watch and fs.watchFile (worker/api/fs/watch_handles.h)
// on a real loop and real files: each reports what it watches, may be
// destroyed at any time (inside its callback, or while its stat is still on
// the thread pool), and leaves the loop closable: no handle, internal or
// not, is left behind.
#include "worker/api/fs/watch_handles.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "base/uv_loop.h"

namespace isohost::worker::fs {
namespace {

class FsWatchHandlesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(uv_loop_init(&loop_), 0);
    char dir[] = "/tmp/isohost-watch-handles-XXXXXX";
    ASSERT_NE(::mkdtemp(dir), nullptr);
    dir_ = dir;
  }
  void TearDown() override {
    std::string still_open;
    EXPECT_EQ(base::CloseLoop(&loop_, &still_open), 0) << "left open: " << still_open;
    std::filesystem::remove_all(dir_);
  }

  uv_loop_t loop_;
  std::string dir_;
};

TEST_F(FsWatchHandlesTest, EventHandleReportsAnEntryAndMayGoInsideItsCallback) {
  auto handle = std::make_unique<FsEventHandle>(&loop_);
  std::string name;
  int events = 0;
  ASSERT_EQ(handle->Start(dir_.c_str(),
                          [&](const char* filename, int got_events, int status) {
                            EXPECT_EQ(status, 0);
                            name = filename != nullptr ? filename : "";
                            events = got_events;
                            handle.reset();  // more events of this write never reach it
                          }),
            0);
  std::ofstream(dir_ + "/made") << "x";
  uv_run(&loop_, UV_RUN_DEFAULT);
  EXPECT_EQ(handle, nullptr);
  EXPECT_EQ(name, "made");
  EXPECT_TRUE(events & UV_RENAME);
}

TEST_F(FsWatchHandlesTest, EventHandleOfAMissingPathFailsAndStillCloses) {
  FsEventHandle handle(&loop_);
  EXPECT_EQ(handle.Start((dir_ + "/missing").c_str(), [](const char*, int, int) { ADD_FAILURE(); }), UV_ENOENT);
}

TEST_F(FsWatchHandlesTest, AnUnreferencedEventHandleDoesNotKeepTheLoopRunning) {
  FsEventHandle handle(&loop_);
  ASSERT_EQ(handle.Start(dir_.c_str(), [](const char*, int, int) {}), 0);
  handle.SetReferenced(false);
  EXPECT_EQ(uv_run(&loop_, UV_RUN_DEFAULT), 0);
}

TEST_F(FsWatchHandlesTest, PollHandleReportsAMissingFileThenItsCreation) {
  const std::string path = dir_ + "/polled";
  FsPollHandle handle(&loop_);
  int calls = 0;
  ASSERT_EQ(handle.Start(path.c_str(), 5,
                         [&](int status, const uv_stat_t* previous, const uv_stat_t* current) {
                           if (++calls == 1) {
                             EXPECT_EQ(status, UV_ENOENT);
                             EXPECT_EQ(current->st_ino, 0u);
                             std::ofstream(path) << "abc";
                             return;
                           }
                           EXPECT_EQ(status, 0);
                           EXPECT_EQ(previous->st_ino, 0u);
                           EXPECT_EQ(current->st_size, 3u);
                           handle.Close();
                         }),
            0);
  uv_run(&loop_, UV_RUN_DEFAULT);
  EXPECT_EQ(calls, 2);
}

// uv_fs_poll_t keeps a timer and a request of its own: closed while its
// first stat is still on the thread pool, it is freed only after that.
TEST_F(FsWatchHandlesTest, PollHandleClosedWhileItsStatRunsLeavesNothing) {
  auto handle = std::make_unique<FsPollHandle>(&loop_);
  ASSERT_EQ(handle->Start(dir_.c_str(), 5, [](int, const uv_stat_t*, const uv_stat_t*) { ADD_FAILURE(); }), 0);
  handle.reset();
  uv_run(&loop_, UV_RUN_DEFAULT);
}

}  // namespace
}  // namespace isohost::worker::fs
