// Channel over a real socketpair and a real libuv loop.
#include "ipc/channel.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include "ipc/frame_format.h"
#include "tests/unit/envelopes.h"

namespace isohost::ipc {
namespace {

class ChannelTest : public ::testing::Test {
 protected:
  void SetUp() override {
    uv_loop_init(&loop_);
    ASSERT_EQ(MakeChannelSocketPair(fds_), 0);
  }
  void TearDown() override {
    a_.reset();
    b_.reset();
    uv_run(&loop_, UV_RUN_DEFAULT);
    EXPECT_EQ(uv_loop_close(&loop_), 0) << "a handle was left open";
  }

  std::unique_ptr<Channel> Make(int fd, std::vector<std::string>* received, std::string* closed_with,
                                bool* closed, ChannelOptions options = {}) {
    return std::make_unique<Channel>(
        &loop_, fd,
        Channel::Callbacks{
            [received](proto::Envelope& envelope) { received->push_back(envelope.port_message().data()); },
            [closed_with, closed](const std::string& error) {
              *closed_with = error;
              *closed = true;
            },
            nullptr},
        options);
  }

  uv_loop_t loop_;
  int fds_[2];
  std::unique_ptr<Channel> a_;
  std::unique_ptr<Channel> b_;
};

TEST_F(ChannelTest, FramesArriveInOrderBothWays) {
  std::vector<std::string> at_a, at_b;
  std::string error_a, error_b;
  bool closed_a = false, closed_b = false;
  a_ = Make(fds_[0], &at_a, &error_a, &closed_a);
  b_ = Make(fds_[1], &at_b, &error_b, &closed_b);
  for (int i = 0; i < 1000; ++i) a_->Send(MessageEnvelope("to b " + std::to_string(i)));
  b_->Send(MessageEnvelope(std::string(5 << 20, 'z')));  // larger than a socket buffer
  while (at_b.size() < 1000 || at_a.size() < 1) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_EQ(at_b.front(), "to b 0");
  EXPECT_EQ(at_b.back(), "to b 999");
  EXPECT_EQ(at_a[0].size(), 5u << 20);
  a_.reset();  // b sees a clean close
  while (!closed_b) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_EQ(error_b, "");
}

TEST_F(ChannelTest, HighWaterMarkTellsTheProducerToPause) {
  std::vector<std::string> at_b;
  std::string error;
  bool closed = false;
  ChannelOptions options;
  options.high_water_mark = 64 * 1024;
  int drains = 0;
  a_ = std::make_unique<Channel>(&loop_, fds_[0],
                                 Channel::Callbacks{[](proto::Envelope&) {}, [](const std::string&) {},
                                                    [&drains] { ++drains; }},
                                 options);
  // Nobody reads yet: the socket buffer fills, then ours passes the mark.
  bool below = true;
  int sent = 0;
  while (below && sent < 100000) {
    below = a_->Send(MessageEnvelope(std::string(4096, 'x')));
    ++sent;
  }
  EXPECT_FALSE(below) << "Send() never reported the high-water mark";
  EXPECT_GT(a_->buffered_bytes(), options.high_water_mark);
  b_ = Make(fds_[1], &at_b, &error, &closed);
  while (drains == 0) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_LE(a_->buffered_bytes(), options.high_water_mark);
  while (static_cast<int>(at_b.size()) < sent) uv_run(&loop_, UV_RUN_ONCE);
}

TEST_F(ChannelTest, GarbageFromPeerClosesWithReason) {
  std::vector<std::string> received;
  std::string error;
  bool closed = false;
  b_ = Make(fds_[1], &received, &error, &closed);
  const char garbage[] = "\x05\x00\x00\x00\xff\xff\xff\xff\xff";
  ASSERT_EQ(::write(fds_[0], garbage, sizeof garbage - 1), static_cast<ssize_t>(sizeof garbage - 1));
  while (!closed) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_NE(error.find("bad frame from peer"), std::string::npos) << error;
  EXPECT_FALSE(b_->is_open());
  ::close(fds_[0]);
}

TEST_F(ChannelTest, OversizeFrameFromPeerClosesWithReason) {
  std::vector<std::string> received;
  std::string error;
  bool closed = false;
  ChannelOptions options;
  options.max_frame_size = 1000;
  b_ = Make(fds_[1], &received, &error, &closed, options);
  std::uint8_t header[4];
  EncodeFrameLength(1u << 30, header);
  ASSERT_EQ(::write(fds_[0], header, 4), 4);
  while (!closed) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_NE(error.find("exceeds the limit of 1000 bytes"), std::string::npos) << error;
  ::close(fds_[0]);
}

TEST_F(ChannelTest, TruncatedFrameAtCloseIsReported) {
  std::vector<std::string> received;
  std::string error;
  bool closed = false;
  b_ = Make(fds_[1], &received, &error, &closed);
  std::uint8_t header[6];
  EncodeFrameLength(100, header);
  header[4] = 0x1a;
  header[5] = 0x00;
  ASSERT_EQ(::write(fds_[0], header, sizeof header), static_cast<ssize_t>(sizeof header));
  ::close(fds_[0]);
  while (!closed) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_NE(error.find("closed in the middle of a frame"), std::string::npos) << error;
}

TEST_F(ChannelTest, FlushSyncWritesEverythingBeforeReturning) {
  std::vector<std::string> at_b;
  std::string error;
  bool closed = false;
  ChannelOptions options;
  options.auto_flush = false;
  a_ = std::make_unique<Channel>(&loop_, fds_[0],
                                 Channel::Callbacks{[](proto::Envelope&) {}, [](const std::string&) {}, nullptr},
                                 options);
  for (int i = 0; i < 100; ++i) a_->Send(MessageEnvelope("m" + std::to_string(i)));
  EXPECT_GT(a_->buffered_bytes(), 0u);  // not flushed automatically
  EXPECT_TRUE(a_->FlushSync(1000));
  EXPECT_EQ(a_->buffered_bytes(), 0u);
  a_.reset();
  b_ = Make(fds_[1], &at_b, &error, &closed);
  while (!closed) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_EQ(at_b.size(), 100u);
  EXPECT_EQ(error, "");
}

}  // namespace
}  // namespace isohost::ipc
