// Channel over a real socketpair and a real libuv loop.
#include "ipc/channel.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "ipc/fd_passing.h"
#include "ipc/frame_format.h"
#include "ipc/frame_writer.h"
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
            [received](proto::Envelope& envelope) {
              if (received != nullptr) received->push_back(envelope.port_message().data());
            },
            [closed_with, closed](const std::string& error) {
              if (closed_with != nullptr) *closed_with = error;
              if (closed != nullptr) *closed = true;
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

// A pipe made and announced before its end has a Channel (as the host does
// for a pooled worker): the peer takes it as soon as it reads, and the end
// that adopts it sends on it without announcing another.
TEST_F(ChannelTest, APipeAnnouncedAheadCarriesTheFramesOfTheEndThatAdoptsIt) {
  OutputPipe pipe;
  ASSERT_TRUE(AttachOutputPipe(fds_[0], &pipe));
  std::vector<std::string> at_a, at_b;
  bool b_closed = false;
  std::string b_error;
  b_ = Make(fds_[1], &at_b, &b_error, &b_closed);
  // The peer has the pipe before anything else comes.
  uv_run(&loop_, UV_RUN_NOWAIT);
  a_ = Make(fds_[0], &at_a, nullptr, nullptr);
  ASSERT_TRUE(a_->AdoptOutputPipe(std::move(pipe)));
  for (int i = 0; i < 100; ++i) a_->Send(MessageEnvelope("to b " + std::to_string(i)));
  b_->Send(MessageEnvelope("to a"));
  while (at_b.size() < 100 || at_a.empty()) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_EQ(at_b.front(), "to b 0");
  EXPECT_EQ(at_b.back(), "to b 99");
  EXPECT_EQ(at_a, std::vector<std::string>{"to a"});
  // A second PipeAttach would have failed the peer.
  EXPECT_FALSE(b_closed) << b_error;
  // Adopted once, not twice.
  OutputPipe another;
  EXPECT_FALSE(a_->AdoptOutputPipe(std::move(another)));
}

TEST_F(ChannelTest, AwaitFrameHoldsWhatItReadsForTheCallbacksInOrder) {
  std::vector<std::string> at_b;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr);
  b_ = Make(fds_[1], &at_b, nullptr, nullptr);
  for (const char* text : {"one", "two", "three"}) a_->Send(MessageEnvelope(text));
  std::string asked;
  EXPECT_TRUE(b_->AwaitFrame(
      [&](const proto::Envelope& envelope) {
        asked += envelope.port_message().data() + ",";
        return envelope.port_message().data() == "two";
      },
      5000));
  EXPECT_EQ(asked, "one,two,");
  EXPECT_TRUE(at_b.empty()) << "a frame reached the callbacks during the wait";
  // The held frames come first, then what is read later.
  a_->Send(MessageEnvelope("four"));
  // (NOWAIT: held frames come from a timer, after which a loop with
  // nothing else to do would wait for input.)
  while (at_b.size() < 4) uv_run(&loop_, UV_RUN_NOWAIT);
  EXPECT_EQ(at_b, (std::vector<std::string>{"one", "two", "three", "four"}));
  // None that matches: false once the time is up, and nothing is lost.
  a_->Send(MessageEnvelope("five"));
  EXPECT_FALSE(b_->AwaitFrame([](const proto::Envelope&) { return false; }, 50));
  while (at_b.size() < 5) uv_run(&loop_, UV_RUN_NOWAIT);
  EXPECT_EQ(at_b.back(), "five");
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
  options.max_message_size = 1000;  // frames that are not messages keep their own bound
  b_ = Make(fds_[1], &received, &error, &closed, options);
  EXPECT_EQ(b_->max_frame_size(), kMinMaxFrameSize);
  std::uint8_t header[4];
  EncodeFrameLength(1u << 30, header);
  ASSERT_EQ(::write(fds_[0], header, 4), 4);
  while (!closed) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_NE(error.find("exceeds the limit of " + std::to_string(kMinMaxFrameSize) + " bytes"), std::string::npos)
      << error;
  ::close(fds_[0]);
}

// An end made before it knows the limit (a worker made ahead of demand)
// raises it later: the frame reader's bound follows, so a frame longer than
// the default is taken in.
TEST_F(ChannelTest, RaisingTheMessageLimitRaisesTheFrameLimit) {
  std::vector<std::string> received;
  std::string error;
  bool closed = false;
  b_ = Make(fds_[1], &received, &error, &closed);
  b_->SetMaxMessageSize(96u << 20);
  EXPECT_EQ(b_->options().max_message_size, 96u << 20);
  EXPECT_EQ(b_->max_frame_size(), MaxFrameSizeFor(96u << 20));
  std::uint8_t header[4];
  EncodeFrameLength(static_cast<std::uint32_t>(PortMessageFrameSize(80u << 20)), header);
  ASSERT_EQ(::write(fds_[0], header, 4), 4);
  ::close(fds_[0]);  // only the header: the frame was accepted if it is reported cut short
  while (!closed) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_NE(error.find("closed in the middle of a frame"), std::string::npos) << error;
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

// An owner that buffers frames and never flushes them (a worker whose JS is
// busy): its background writer writes each burst once it is due, a burst
// after one already written included, and runs tasks; stopped and started
// again, it does both still.
TEST_F(ChannelTest, TheBackgroundWriterWritesWhatABusyOwnerLeftBuffered) {
  std::vector<std::string> at_b;
  std::string error;
  bool closed = false;
  ChannelOptions options;
  options.auto_flush = false;
  options.max_write_delay_ms = 2;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr, options);
  b_ = Make(fds_[1], &at_b, &error, &closed);
  // The owner opens its output (its pipe) with its first flush.
  a_->Send(MessageEnvelope("flushed"));
  a_->Flush();
  auto wait_for = [&](std::size_t count) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (at_b.size() < count && std::chrono::steady_clock::now() < deadline) uv_run(&loop_, UV_RUN_NOWAIT);
    return at_b.size() >= count;
  };
  ASSERT_TRUE(wait_for(1));
  for (int burst = 0; burst < 3; ++burst) {
    a_->Send(MessageEnvelope("burst " + std::to_string(burst) + " a"));
    a_->Send(MessageEnvelope("burst " + std::to_string(burst) + " b"));
    ASSERT_TRUE(wait_for(1 + 2 * (burst + 1))) << "burst " << burst << " stayed in the buffer";
  }
  EXPECT_EQ(at_b.back(), "burst 2 b");

  const std::thread::id owner = std::this_thread::get_id();
  std::thread::id ran_on = owner;
  EXPECT_TRUE(a_->RunOnBackgroundWriter([&] { ran_on = std::this_thread::get_id(); }, 30000));
  EXPECT_NE(ran_on, owner);
  a_->StopBackgroundWriter();
  EXPECT_FALSE(a_->RunOnBackgroundWriter([] {}, 30000));
  a_->ResumeBackgroundWriter();
  EXPECT_TRUE(a_->RunOnBackgroundWriter([] {}, 30000));
  a_->Send(MessageEnvelope("after a restart"));
  ASSERT_TRUE(wait_for(8));
  EXPECT_EQ(at_b.back(), "after a restart");
  EXPECT_EQ(error, "");
}

TEST_F(ChannelTest, FlushSyncGivesUpOnAPeerThatIsGone) {
  std::vector<std::string> at_a, at_b;
  std::string error_a, error_b;
  bool closed_a = false, closed_b = false;
  ChannelOptions options;
  options.auto_flush = false;
  a_ = Make(fds_[0], &at_a, &error_a, &closed_a, options);
  b_ = Make(fds_[1], &at_b, &error_b, &closed_b);
  a_->Send(MessageEnvelope("to b"));
  a_->Flush();
  b_->Send(MessageEnvelope("to a"));
  while (at_a.empty() || at_b.empty()) uv_run(&loop_, UV_RUN_ONCE);  // both on their pipes now
  b_.reset();
  // More than the pipe holds, so the writer would wait for a reader forever.
  for (int i = 0; i < 64; ++i) a_->Send(MessageEnvelope(std::string(64 * 1024, 'x')));
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(a_->FlushSync(30000));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20))
      << "FlushSync waited for its timeout instead of seeing the peer gone";
}

// A message whose bytes say which one it is, so a mix-up cannot pass.
std::string NumberedMessage(int index, std::size_t size) {
  std::string message(size, static_cast<char>('a' + index % 26));
  std::string tag = "#" + std::to_string(index) + "#";
  message.replace(0, std::min(tag.size(), size), tag, 0, std::min(tag.size(), size));
  return message;
}

// The other end of a Channel, played by hand over the raw socket: it says
// what a test wants and reads what the channel really sends.
class RawPeer {
 public:
  explicit RawPeer(int socket) : socket_(socket) {}
  ~RawPeer() {
    for (int fd : {pipe_in_, pipe_out_}) {
      if (fd >= 0) ::close(fd);
    }
  }

  // Frames go on the socket itself, with `fd` attached when it is not -1,
  // until AttachPipe().
  void Send(const proto::Envelope& envelope, int fd = -1) {
    std::string frame;
    ASSERT_TRUE(AppendFrame(envelope, kDefaultMaxFrameSize, &frame));
    if (pipe_out_ >= 0) {
      ASSERT_EQ(::write(pipe_out_, frame.data(), frame.size()), static_cast<ssize_t>(frame.size()));
      return;
    }
    ASSERT_EQ(SendWithFds(socket_, frame.data(), frame.size(), &fd, fd >= 0 ? 1 : 0),
              static_cast<long>(frame.size()));
  }
  // What an honest channel does first: its frames move to a pipe.
  void AttachPipe() {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    proto::Envelope attach;
    attach.mutable_pipe_attach();
    Send(attach, fds[0]);
    ::close(fds[0]);
    pipe_out_ = fds[1];
  }
  // A descriptor on the socket, as a ring's memfd travels.
  void SendFd(int fd) {
    const char byte = 'R';
    ASSERT_EQ(SendWithFds(socket_, &byte, 1, &fd, 1), 1);
  }

  // Reads `count` frames: from the socket until the channel's PipeAttach,
  // then from its pipe. `bytes` counts what came through the pipe; the
  // descriptor of each SharedRingAttach lands in `ring_fds`.
  std::vector<proto::Envelope> Read(std::size_t count, std::size_t* bytes = nullptr,
                                    std::vector<int>* ring_fds = nullptr) {
    std::vector<proto::Envelope> frames;
    std::vector<char> buffer(1 << 20);
    while (frames.size() < count) {
      long n;
      if (pipe_in_ < 0) {
        int fds[4];
        int fd_count = 0;
        n = RecvWithFds(socket_, buffer.data(), 6, fds, 4, &fd_count);  // a PipeAttach frame is 6 bytes
        received_.insert(received_.end(), fds, fds + fd_count);
      } else {
        n = ::read(pipe_in_, buffer.data(), buffer.size());
        if (n > 0 && bytes != nullptr) *bytes += static_cast<std::size_t>(n);
      }
      if (n <= 0) break;
      reader_.Feed(reinterpret_cast<const std::uint8_t*>(buffer.data()), static_cast<std::size_t>(n),
                   [&](proto::Envelope& envelope) {
                     if (envelope.has_pipe_attach() && !received_.empty()) {
                       pipe_in_ = received_.front();
                       received_.erase(received_.begin());
                     }
                     if (envelope.has_shared_ring_attach() && ring_fds != nullptr) {
                       char byte;
                       int fd = -1;
                       int fd_count = 0;
                       if (RecvWithFds(socket_, &byte, 1, &fd, 1, &fd_count) == 1 && fd_count == 1) {
                         ring_fds->push_back(fd);
                       }
                     }
                     frames.push_back(envelope);
                     return true;
                   });
    }
    return frames;
  }

 private:
  int socket_;
  int pipe_in_ = -1;
  int pipe_out_ = -1;
  std::vector<int> received_;
  FrameReader reader_{kDefaultMaxFrameSize};
};

TEST_F(ChannelTest, FramesMoveToAPipeAndLargeMessagesToASharedRing) {
  a_ = Make(fds_[0], nullptr, nullptr, nullptr);
  RawPeer peer(fds_[1]);
  std::string message(64 * 1024, 'm');
  std::string second(64 * 1024, 'n');
  ASSERT_TRUE(a_->SendPortMessage(message));
  ASSERT_TRUE(a_->SendPortMessage(second));
  ASSERT_TRUE(a_->SendPortMessage("small"));
  std::size_t bytes = 0;
  std::vector<int> ring_fds;
  std::vector<proto::Envelope> frames = peer.Read(5, &bytes, &ring_fds);
  ASSERT_EQ(frames.size(), 5u);
  EXPECT_TRUE(frames[0].has_pipe_attach()) << "the first frame, on the socket";
  ASSERT_TRUE(frames[1].has_shared_ring_attach());
  ASSERT_EQ(ring_fds.size(), 1u) << "the ring's memfd comes on the socket";
  ASSERT_TRUE(frames[2].has_shared_port_message());
  ASSERT_TRUE(frames[3].has_shared_port_message());
  EXPECT_EQ(frames[4].port_message().data(), "small");
  EXPECT_LT(bytes, 100u) << "the large messages went through the pipe";

  std::string error;
  auto ring = SharedRingReader::Map(ring_fds[0], frames[1].shared_ring_attach().capacity(), &error);
  ASSERT_TRUE(ring) << error;
  for (int i : {2, 3}) {
    std::string_view view;
    const proto::SharedPortMessage& shared = frames[i].shared_port_message();
    ASSERT_TRUE(ring->View(shared.position(), shared.length(), &view, &error)) << error;
    EXPECT_TRUE(view == (i == 2 ? message : second)) << "frame " << i;
  }
  ::close(fds_[1]);
}

TEST_F(ChannelTest, WithoutAPipeFramesStayOnTheSocketAndMessagesInline) {
  ChannelOptions options;
  options.use_pipe = false;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr, options);
  RawPeer peer(fds_[1]);
  ASSERT_TRUE(a_->SendPortMessage(std::string(64 * 1024, 'm')));
  std::vector<char> buffer(128 * 1024);
  std::size_t got = 0;
  int fds[4];
  int fd_count = 0;
  while (got < 64 * 1024) {
    long n = RecvWithFds(fds_[1], buffer.data(), buffer.size(), fds, 4, &fd_count);
    ASSERT_GT(n, 0);
    ASSERT_EQ(fd_count, 0) << "a descriptor came on a channel told to use no pipe";
    got += static_cast<std::size_t>(n);
  }
  EXPECT_GT(got, 64u * 1024) << "the message and its frame, inline";
  ::close(fds_[1]);
}

// A descriptor sent before a frame is the one that frame claims, and the
// shared ring's memfd, which travels the same way, still comes after it.
TEST_F(ChannelTest, ADescriptorGoesOnTheSocketForTheFrameAfterIt) {
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  ASSERT_EQ(::write(pipe_fds[1], "through", 7), 7);
  ::close(pipe_fds[1]);
  std::string read_through;
  std::vector<std::size_t> messages;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr);
  b_ = std::make_unique<Channel>(
      &loop_, fds_[1],
      Channel::Callbacks{[&](proto::Envelope& envelope) {
                           messages.push_back(envelope.port_message().data().size());
                           if (envelope.port_message().data() != "descriptor follows") return;
                           base::UniqueFd fd = b_->ReceiveDescriptor();
                           char buffer[16];
                           ssize_t n = fd ? ::read(fd.get(), buffer, sizeof buffer) : -1;
                           if (n > 0) read_through.assign(buffer, static_cast<std::size_t>(n));
                         },
                         [](const std::string&) {}, nullptr});
  ASSERT_TRUE(a_->SendDescriptor(pipe_fds[0]));
  ::close(pipe_fds[0]);  // the peer has its own
  ASSERT_TRUE(a_->SendPortMessage("descriptor follows"));
  ASSERT_TRUE(a_->SendPortMessage(std::string(64 * 1024, 'r')));
  while (messages.size() < 2) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_EQ(read_through, "through");
  EXPECT_EQ(messages[1], 64u * 1024) << "the ring's memfd was not taken for the pipe's";
}

TEST_F(ChannelTest, NoDescriptorGoesOnAChannelWithoutAPipe) {
  ChannelOptions options;
  options.use_pipe = false;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr, options);
  EXPECT_FALSE(a_->SendDescriptor(STDIN_FILENO)) << "it would arrive among the frames";
  ::close(fds_[1]);
}

TEST_F(ChannelTest, MessagesOfEverySizeArriveIntactAndInOrder) {
  std::vector<std::string> at_b;
  std::string error;
  bool closed = false;
  a_ = Make(fds_[0], nullptr, &error, &closed);
  b_ = std::make_unique<Channel>(
      &loop_, fds_[1],
      Channel::Callbacks{[&](proto::Envelope& envelope) { at_b.push_back(envelope.port_message().data()); },
                         [](const std::string&) {}, nullptr,
                         [&](std::string_view data) { at_b.emplace_back(data); }});
  // Around the threshold, a ping-pong size, and sizes that fill the 4 MiB
  // ring so that later ones go inline until the reader catches up. Two
  // rounds, so the second reuses what the first released.
  const std::size_t sizes[] = {100, (16 << 10) - 1, 16 << 10, 64 << 10, 1 << 20, 3 << 20, 5 << 20};
  int index = 0;
  for (int round = 0; round < 2; ++round) {
    std::vector<std::string> sent;
    for (int i = 0; i < 21; ++i, ++index) {
      sent.push_back(NumberedMessage(index, sizes[i % 7]));
      ASSERT_TRUE(a_->SendPortMessage(sent.back()));
    }
    while (at_b.size() < sent.size()) uv_run(&loop_, UV_RUN_ONCE);
    ASSERT_EQ(at_b.size(), sent.size());
    for (std::size_t i = 0; i < sent.size(); ++i) {
      ASSERT_EQ(at_b[i].size(), sent[i].size()) << "message " << i << " of round " << round;
      ASSERT_TRUE(at_b[i] == sent[i]) << "message " << i << " of round " << round << " differs";
    }
    at_b.clear();
  }
  EXPECT_FALSE(closed) << error;
}

TEST_F(ChannelTest, TheRingIsOffWhenItsCapacityIsZero) {
  ChannelOptions options;
  options.shared_ring_capacity = 0;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr, options);
  RawPeer peer(fds_[1]);
  ASSERT_TRUE(a_->SendPortMessage(std::string(64 * 1024, 'm')));
  std::vector<proto::Envelope> frames = peer.Read(2);
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_TRUE(frames[0].has_pipe_attach());
  EXPECT_EQ(frames[1].port_message().data().size(), 64u * 1024);
  ::close(fds_[1]);
}

// The message limit at both ends, at limit - 1, limit and limit + 1: below
// 16 KiB messages go inline, at 100 KiB through the shared ring.
class ChannelLimitTest : public ChannelTest, public ::testing::WithParamInterface<std::size_t> {
 protected:
  // An end that takes messages as views, as the host and the worker do.
  std::unique_ptr<Channel> MakeReceiver(int fd, std::vector<std::string>* received, std::string* error,
                                        bool* closed, ChannelOptions options) {
    return std::make_unique<Channel>(
        &loop_, fd,
        Channel::Callbacks{[](proto::Envelope&) {},
                           [error, closed](const std::string& why) {
                             *error = why;
                             *closed = true;
                           },
                           nullptr, [received](std::string_view data) { received->emplace_back(data); }},
        options);
  }
  static ChannelOptions WithLimit(std::size_t limit) {
    ChannelOptions options;
    options.max_message_size = limit;
    return options;
  }
};

TEST_P(ChannelLimitTest, ASenderSendsUpToTheLimitAndRefusesMore) {
  const std::size_t limit = GetParam();
  std::vector<std::string> at_b;
  std::string error;
  bool closed = false;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr, WithLimit(limit));
  b_ = MakeReceiver(fds_[1], &at_b, &error, &closed, WithLimit(limit));
  std::vector<std::string> sent = {NumberedMessage(1, limit - 1), NumberedMessage(2, limit)};
  for (const std::string& message : sent) EXPECT_TRUE(a_->SendPortMessage(message));
  EXPECT_FALSE(a_->SendPortMessage(NumberedMessage(3, limit + 1)));
  EXPECT_TRUE(a_->is_open()) << "a refused message leaves the channel as it was";
  sent.push_back("after");
  EXPECT_TRUE(a_->SendPortMessage(sent.back()));
  while (at_b.size() < sent.size() && !closed) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_FALSE(closed) << error;
  EXPECT_TRUE(at_b == sent) << "received " << at_b.size() << " messages";
}

TEST_P(ChannelLimitTest, AMessageOverTheReceiversLimitClosesItWithReason) {
  const std::size_t limit = GetParam();
  std::vector<std::string> at_b;
  std::string error;
  bool closed = false;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr, WithLimit(2 * limit));
  b_ = MakeReceiver(fds_[1], &at_b, &error, &closed, WithLimit(limit));
  for (std::size_t size : {limit - 1, limit, limit + 1}) ASSERT_TRUE(a_->SendPortMessage(std::string(size, 'q')));
  while (!closed) uv_run(&loop_, UV_RUN_ONCE);
  ASSERT_EQ(at_b.size(), 2u);
  EXPECT_EQ(at_b[0].size(), limit - 1);
  EXPECT_EQ(at_b[1].size(), limit);
  EXPECT_NE(error.find("message of " + std::to_string(limit + 1) + " bytes exceeds the limit of " +
                       std::to_string(limit) + " bytes"),
            std::string::npos)
      << error;
}

// As a worker does with Start: the frame that brings the new limit is read
// in the same read as the message that needs it.
TEST_P(ChannelLimitTest, ALimitSetWhileReadingAppliesToTheNextFrame) {
  const std::size_t limit = GetParam();
  std::vector<std::string> at_b;
  std::string error;
  bool closed = false;
  ChannelOptions sender = WithLimit(2 * limit);
  sender.auto_flush = false;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr, sender);
  b_ = std::make_unique<Channel>(
      &loop_, fds_[1],
      Channel::Callbacks{[&](proto::Envelope& envelope) {
                           if (envelope.has_stdio_ack()) b_->SetMaxMessageSize(envelope.stdio_ack().bytes());
                         },
                         [&](const std::string& why) {
                           error = why;
                           closed = true;
                         },
                         nullptr, [&](std::string_view data) { at_b.emplace_back(data); }},
      WithLimit(limit / 2));
  proto::Envelope new_limit;
  new_limit.mutable_stdio_ack()->set_bytes(limit);
  a_->Send(new_limit);
  ASSERT_TRUE(a_->SendPortMessage(std::string(limit, 'r')));
  a_->Flush();
  while (at_b.empty() && !closed) uv_run(&loop_, UV_RUN_ONCE);
  EXPECT_FALSE(closed) << error;
  ASSERT_EQ(at_b.size(), 1u);
  EXPECT_EQ(at_b[0].size(), limit);
}

INSTANTIATE_TEST_SUITE_P(InlineAndShared, ChannelLimitTest,
                         ::testing::Values(std::size_t{1000}, std::size_t{100} << 10),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                           return info.param < (16u << 10) ? std::string("Inline") : std::string("SharedRing");
                         });

// A peer that breaks the pipe or ring protocol: each way gets its own
// reason, and the channel closes instead of reading outside what it mapped.
class ChannelPeerTest : public ChannelTest {
 protected:
  std::string ErrorAfter(const std::function<void(RawPeer&)>& misbehave, ChannelOptions options = {}) {
    std::vector<std::string> received;
    std::string error;
    bool closed = false;
    b_ = Make(fds_[1], &received, &error, &closed, options);
    RawPeer peer(fds_[0]);
    misbehave(peer);
    while (!closed) uv_run(&loop_, UV_RUN_ONCE);
    ::close(fds_[0]);
    return error;
  }

  static proto::Envelope Attach(std::uint64_t capacity) {
    proto::Envelope envelope;
    envelope.mutable_shared_ring_attach()->set_capacity(capacity);
    return envelope;
  }
  static proto::Envelope Shared(std::uint64_t position, std::uint64_t length) {
    proto::Envelope envelope;
    envelope.mutable_shared_port_message()->set_position(position);
    envelope.mutable_shared_port_message()->set_length(length);
    return envelope;
  }
  static proto::Envelope PipeAttach() {
    proto::Envelope envelope;
    envelope.mutable_pipe_attach();
    return envelope;
  }
  // A real ring's descriptor, as an honest peer would send it.
  int RingFd(std::size_t capacity) {
    std::string error;
    writer_ = SharedRingWriter::Create(capacity, &error);
    return writer_ ? writer_->TakeFd() : -1;
  }
  // The pipe, then a ring of `capacity` bytes, as an honest peer does.
  void AttachRing(RawPeer& peer, std::size_t capacity) {
    peer.AttachPipe();
    int fd = RingFd(capacity);
    peer.SendFd(fd);
    ::close(fd);
    peer.Send(Attach(capacity));
  }
  std::unique_ptr<SharedRingWriter> writer_;
};

TEST_F(ChannelPeerTest, PipeWithoutItsDescriptor) {
  std::string error = ErrorAfter([&](RawPeer& peer) { peer.Send(PipeAttach()); });
  EXPECT_NE(error.find("a pipe came without its descriptor"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, PipeThatIsNotAPipe) {
  std::string error = ErrorAfter([&](RawPeer& peer) {
    int fd = RingFd(4096);
    peer.Send(PipeAttach(), fd);
    ::close(fd);
  });
  EXPECT_NE(error.find("is not one"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, SecondPipe) {
  std::string error = ErrorAfter([&](RawPeer& peer) {
    peer.AttachPipe();
    peer.Send(PipeAttach());
  });
  EXPECT_NE(error.find("a second pipe"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, SharedMessageBeforeItsRing) {
  std::string error = ErrorAfter([&](RawPeer& peer) {
    peer.AttachPipe();
    peer.Send(Shared(0, 100));
  });
  EXPECT_NE(error.find("a shared message before its ring"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, RingBeforeThePipe) {
  std::string error = ErrorAfter([&](RawPeer& peer) { peer.Send(Attach(64 << 10)); });
  EXPECT_NE(error.find("a shared message ring before the pipe"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, RingWithoutItsDescriptor) {
  std::string error = ErrorAfter([&](RawPeer& peer) {
    peer.AttachPipe();
    peer.Send(Attach(1 << 20));
  });
  EXPECT_NE(error.find("came without its descriptor"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, SecondRing) {
  std::string error = ErrorAfter([&](RawPeer& peer) {
    AttachRing(peer, 64 << 10);
    peer.Send(Attach(64 << 10));
  });
  EXPECT_NE(error.find("a second shared message ring"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, RingThatIsNotASealedMemfd) {
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  std::string error = ErrorAfter([&](RawPeer& peer) {
    peer.AttachPipe();
    peer.SendFd(pipe_fds[0]);
    peer.Send(Attach(1 << 20));
  });
  EXPECT_NE(error.find("not a sealed memfd"), std::string::npos) << error;
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
}

TEST_F(ChannelPeerTest, RingOfAnotherSizeThanAnnounced) {
  std::string error = ErrorAfter([&](RawPeer& peer) {
    peer.AttachPipe();
    int fd = RingFd(64 << 10);
    peer.SendFd(fd);
    ::close(fd);
    peer.Send(Attach(1 << 20));
  });
  EXPECT_NE(error.find("is not the 1048576 bytes announced"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, SharedMessageOutsideTheRing) {
  std::string error = ErrorAfter([&](RawPeer& peer) {
    AttachRing(peer, 64 << 10);
    peer.Send(Shared((64 << 10) - 10, 100));
  });
  EXPECT_NE(error.find("lies outside the ring"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, SharedMessageOverTheLimit) {
  ChannelOptions options;
  options.max_message_size = 1000;
  std::string error = ErrorAfter(
      [&](RawPeer& peer) {
        AttachRing(peer, 64 << 10);
        peer.Send(Shared(0, 5000));
      },
      options);
  EXPECT_NE(error.find("message of 5000 bytes exceeds the limit of 1000 bytes"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, InlineMessageOverTheLimit) {
  ChannelOptions options;
  options.max_message_size = 1000;
  std::string error = ErrorAfter([&](RawPeer& peer) { peer.Send(MessageEnvelope(std::string(1001, 'x'))); },
                                 options);
  EXPECT_NE(error.find("message of 1001 bytes exceeds the limit of 1000 bytes"), std::string::npos) << error;
}

TEST_F(ChannelPeerTest, DescriptorsNoFrameClaims) {
  std::string error = ErrorAfter([&](RawPeer& peer) {
    for (int i = 0; i < 5; ++i) {
      int fd = RingFd(4096);
      peer.Send(MessageEnvelope("m"), fd);  // fds riding on ordinary frames
      ::close(fd);
    }
  });
  EXPECT_NE(error.find("descriptors that no frame claims"), std::string::npos) << error;
}

}  // namespace
}  // namespace isohost::ipc

namespace isohost::ipc {
namespace {

// A receiver of task frames, as the host and the worker are, made into
// `holder`: it views each payload, keeps a copy and releases it.
void MakeTaskReceiver(uv_loop_t* loop, int fd, std::unique_ptr<Channel>* holder, std::vector<std::string>* payloads,
                      std::vector<bool>* shared, std::string* error, bool* closed) {
  *holder = std::make_unique<Channel>(
      loop, fd,
      Channel::Callbacks{[holder, payloads, shared](proto::Envelope& envelope) {
                           if (!envelope.has_task_run()) return;
                           std::string_view data;
                           if (!(*holder)->ViewPayload(envelope.task_run().task(), &data)) return;
                           payloads->emplace_back(data);
                           shared->push_back(envelope.task_run().task().has_shared());
                           (*holder)->ReleasePayload(envelope.task_run().task());
                         },
                         [error, closed](const std::string& why) {
                           *error = why;
                           *closed = true;
                         },
                         nullptr});
}

TEST_F(ChannelTest, TaskPayloadsGoInlineWhenSmallAndThroughTheRingWhenLarge) {
  std::vector<std::string> payloads;
  std::vector<bool> shared;
  std::string error;
  bool closed = false;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr);
  MakeTaskReceiver(&loop_, fds_[1], &b_, &payloads, &shared, &error, &closed);
  std::vector<std::string> sent;
  // Twelve 1 MiB payloads through a 4 MiB ring: it is reused as they are released.
  for (int i = 0; i < 24; ++i) {
    sent.push_back(NumberedMessage(i, i % 2 == 0 ? 100 : 1 << 20));
    proto::Envelope envelope;
    envelope.mutable_task_run()->set_id(static_cast<std::uint64_t>(i));
    const std::string& bytes = sent.back();
    ASSERT_TRUE(a_->SendWithPayload(envelope, envelope.mutable_task_run()->mutable_task(), bytes.size(),
                                    [&bytes](char* at) { std::memcpy(at, bytes.data(), bytes.size()); }));
    while (payloads.size() < sent.size() && !closed) uv_run(&loop_, UV_RUN_ONCE);
  }
  ASSERT_FALSE(closed) << error;
  ASSERT_EQ(payloads.size(), sent.size());
  for (std::size_t i = 0; i < sent.size(); ++i) {
    EXPECT_TRUE(payloads[i] == sent[i]) << "payload " << i << " differs";
    EXPECT_EQ(shared[i], i % 2 == 1) << "payload " << i;
  }
}

TEST_F(ChannelTest, ATaskPayloadOverTheLimitIsNotSent) {
  ChannelOptions options;
  options.max_message_size = 1000;
  a_ = Make(fds_[0], nullptr, nullptr, nullptr, options);
  proto::Envelope envelope;
  bool written = false;
  EXPECT_FALSE(a_->SendWithPayload(envelope, envelope.mutable_task_run()->mutable_task(), 1001,
                                   [&written](char*) { written = true; }));
  EXPECT_FALSE(written);
  EXPECT_EQ(a_->buffered_bytes(), 0u);
  ::close(fds_[1]);
}

TEST_F(ChannelPeerTest, SharedTaskPayloadOutsideTheRing) {
  std::vector<std::string> payloads;
  std::vector<bool> shared;
  std::string error;
  bool closed = false;
  MakeTaskReceiver(&loop_, fds_[1], &b_, &payloads, &shared, &error, &closed);
  RawPeer peer(fds_[0]);
  AttachRing(peer, 64 << 10);
  proto::Envelope envelope;
  envelope.mutable_task_run()->mutable_task()->mutable_shared()->set_position((64 << 10) - 10);
  envelope.mutable_task_run()->mutable_task()->mutable_shared()->set_length(100);
  peer.Send(envelope);
  while (!closed) uv_run(&loop_, UV_RUN_ONCE);
  ::close(fds_[0]);
  EXPECT_TRUE(payloads.empty());
  EXPECT_NE(error.find("lies outside the ring"), std::string::npos) << error;
}

}  // namespace
}  // namespace isohost::ipc
