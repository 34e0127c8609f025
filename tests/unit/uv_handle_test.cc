// The libuv handle owners of ipc/uv_handle.h on a real loop: an owner may go
// at any time, including inside its own callback, and no callback reaches it
// after; the loop then closes clean.
#include "base/uv_handle.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <memory>
#include <string>

#include "base/unique_fd.h"
#include "base/uv_loop.h"

namespace isohost::ipc {
namespace {

class UvHandleTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(uv_loop_init(&loop_), 0); }
  void TearDown() override {
    std::string still_open;
    EXPECT_EQ(base::CloseLoop(&loop_, &still_open), 0) << "left open: " << still_open;
  }

  uv_loop_t loop_;
};

TEST_F(UvHandleTest, TimerFiresAndADestroyedTimerNeverDoes) {
  int fired = 0;
  base::TimerHandle kept(&loop_);
  kept.Start(1, [&] { ++fired; });
  {
    base::TimerHandle dropped(&loop_);
    dropped.Start(1, [&] { fired += 100; });
  }
  uv_run(&loop_, UV_RUN_DEFAULT);
  EXPECT_EQ(fired, 1);
}

// Close(on_closed): the handle stops at once (its timer never fires), and
// on_closed runs once, from libuv's close callback, after Close() returned.
TEST_F(UvHandleTest, CloseWithACallbackRunsItOnceLibuvIsDone) {
  base::TimerHandle timer(&loop_);
  int fired = 0;
  int closed = 0;
  timer.Start(0, [&] { ++fired; });
  EXPECT_TRUE(timer.Close([&] { ++closed; }));
  EXPECT_EQ(closed, 0);
  EXPECT_FALSE(timer.is_open());
  // Nothing open: nothing to wait for, and the callback is not kept.
  EXPECT_FALSE(timer.Close([&] { closed += 100; }));
  uv_run(&loop_, UV_RUN_DEFAULT);
  EXPECT_EQ(fired, 0);
  EXPECT_EQ(closed, 1);
}

TEST_F(UvHandleTest, AnOwnerMayDestroyItselfInItsCallback) {
  auto timer = std::make_unique<base::TimerHandle>(&loop_);
  bool fired = false;
  timer->Start(0, [&] {
    fired = true;
    timer.reset();
  });
  uv_run(&loop_, UV_RUN_DEFAULT);
  EXPECT_TRUE(fired);
  EXPECT_EQ(timer, nullptr);
}

TEST_F(UvHandleTest, StreamReaderReadsAPipeToItsEndAndClosesIt) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  base::UniqueFd write_end(fds[1]);
  base::StreamReader reader(&loop_);
  ASSERT_EQ(reader.OpenPipe(fds[0]), 0);
  std::string got;
  bool ended = false;
  reader.StartReading([&](std::string_view data) { got.append(data); }, [&] { ended = true; });
  ASSERT_EQ(::write(write_end.get(), "hello, ", 7), 7);
  ASSERT_EQ(::write(write_end.get(), "pipe", 4), 4);
  write_end.reset();
  uv_run(&loop_, UV_RUN_DEFAULT);
  EXPECT_EQ(got, "hello, pipe");
  EXPECT_TRUE(ended);
}

TEST_F(UvHandleTest, StreamReaderThatOpenedNothingEndsAtOnce) {
  base::StreamReader reader(&loop_);
  bool ended = false;
  reader.StartReading([](std::string_view) {}, [&] { ended = true; });
  EXPECT_TRUE(ended);
}

TEST_F(UvHandleTest, PollHandleMovesToAnotherDescriptorFromInsideItsCallback) {
  int first[2];
  int second[2];
  ASSERT_EQ(::pipe(first), 0);
  ASSERT_EQ(::pipe(second), 0);
  base::UniqueFd first_read(first[0]), first_write(first[1]), second_read(second[0]), second_write(second[1]);
  base::PollHandle poll;
  std::string seen;
  ASSERT_EQ(poll.Open(&loop_, first_read.get(),
                      [&](int status, int events) {
                        ASSERT_EQ(status, 0);
                        ASSERT_TRUE(events & UV_READABLE);
                        char byte;
                        int from = seen.empty() ? first_read.get() : second_read.get();
                        ASSERT_EQ(::read(from, &byte, 1), 1);
                        seen += byte;
                        if (seen.size() == 1) {
                          ASSERT_EQ(poll.Reopen(&loop_, second_read.get()), 0);
                          poll.Set(UV_READABLE, true);
                        } else {
                          poll.Close();
                        }
                      }),
            0);
  poll.Set(UV_READABLE, true);
  ASSERT_EQ(::write(first_write.get(), "a", 1), 1);
  ASSERT_EQ(::write(second_write.get(), "b", 1), 1);
  uv_run(&loop_, UV_RUN_DEFAULT);
  EXPECT_EQ(seen, "ab");
}

TEST_F(UvHandleTest, AnUnreferencedHandleDoesNotKeepTheLoopRunning) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  base::UniqueFd read_end(fds[0]), write_end(fds[1]);
  base::PollHandle poll;
  ASSERT_EQ(poll.Open(&loop_, read_end.get(), [](int, int) {}), 0);
  poll.Set(UV_READABLE, false);
  EXPECT_EQ(uv_run(&loop_, UV_RUN_DEFAULT), 0);  // returns: nothing else to wait for
}

TEST_F(UvHandleTest, SignalArrivesOnTheLoop) {
  base::SignalHandle signal(&loop_);
  int got = 0;
  signal.Start(SIGUSR2, [&](int signum) {
    got = signum;
    signal.Close();
  });
  ASSERT_EQ(::raise(SIGUSR2), 0);
  uv_run(&loop_, UV_RUN_DEFAULT);
  EXPECT_EQ(got, SIGUSR2);
}

TEST(UvLoopTest, ClosingALoopNamesTheHandlesLeftOpen) {
  uv_loop_t loop;
  ASSERT_EQ(uv_loop_init(&loop), 0);
  uv_timer_t timer;
  ASSERT_EQ(uv_timer_init(&loop, &timer), 0);
  std::string still_open;
  EXPECT_EQ(base::CloseLoop(&loop, &still_open), UV_EBUSY);
  EXPECT_EQ(still_open, "timer");
  uv_close(reinterpret_cast<uv_handle_t*>(&timer), nullptr);
  EXPECT_EQ(base::CloseLoop(&loop, &still_open), 0);
}

}  // namespace
}  // namespace isohost::ipc
