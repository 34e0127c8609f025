// A stand-in for isohost-worker that misbehaves on purpose: it speaks the
// real protocol over the real ipc::Channel (Hello, then Start), sends one
// large structured-clone message, which the channel puts in its shared ring,
// and then keeps overwriting that message's bytes with random ones from a
// thread while the host reads them. It stops when the host posts any message
// back, and exits normally. For tests/e2e/shared_ring_message_test.cc.
#include <unistd.h>
#include <uv.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ipc/channel.h"
#include "ipc/frame_format.h"
#include "isohost.pb.h"
#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"

namespace {

using isohost::ipc::Channel;

// Large enough for the ring (16 KiB and more), nested enough that a decoder
// reading changing bytes walks objects, arrays, strings and numbers.
std::vector<std::uint8_t> LargeMessage() {
  std::string json = "{\"items\":[";
  for (int i = 0; i < 4000; ++i) {
    if (i > 0) json += ',';
    json += "{\"id\":" + std::to_string(i) + ",\"name\":\"item number " + std::to_string(i) +
            "\",\"tags\":[\"a\",\"b\",3.5,true,null],\"nested\":{\"depth\":[[1],[2,[3]]]}}";
  }
  json += "]}";
  auto value = isohost::clone::ParseJson(json);
  if (!value.ok()) {
    std::fprintf(stderr, "ring_scribbler_worker: %s\n", value.error().message.c_str());
    std::exit(2);
  }
  return isohost::clone::Encode(*value);
}

class Scribbler {
 public:
  ~Scribbler() { Stop(); }

  void Start(char* data, std::size_t size) {
    thread_ = std::thread([this, data, size] {
      std::mt19937_64 random(std::random_device{}());
      while (!stop_.load(std::memory_order_relaxed)) {
        // Whole runs of random bytes at random places, and now and then a
        // plausible tag byte, so the decoder gets past the first check.
        std::size_t at = random() % size;
        std::size_t length = std::min<std::size_t>(size - at, 1 + random() % 64);
        for (std::size_t i = 0; i < length; ++i) {
          auto byte = static_cast<char>(random());
          __atomic_store_n(data + at + i, byte, __ATOMIC_RELAXED);
        }
        if (random() % 4 == 0) __atomic_store_n(data, static_cast<char>(0xFF), __ATOMIC_RELAXED);
      }
    });
  }

  void Stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace

int main() {
  uv_loop_t loop;
  uv_loop_init(&loop);
  Scribbler scribbler;
  std::unique_ptr<Channel> channel;
  bool sent = false;
  bool done = false;

  auto finish = [&] {
    scribbler.Stop();
    isohost::proto::Envelope exit;
    exit.mutable_exit()->set_code(0);
    exit.mutable_exit()->set_reason(isohost::proto::EXIT_REASON_NORMAL);
    channel->Send(exit);
    channel->FlushSync(5000);
    channel->Close();
    done = true;
  };

  Channel::Callbacks callbacks;
  callbacks.on_envelope = [&](isohost::proto::Envelope& envelope) {
    if (envelope.body_case() != isohost::proto::Envelope::kStart || sent) return;
    sent = true;
    std::vector<std::uint8_t> message = LargeMessage();
    char* in_ring = nullptr;
    channel->SendPortMessage(message.size(), [&](char* data) {
      std::memcpy(data, message.data(), message.size());
      in_ring = data;
    });
    channel->Flush();
    // The channel writes a message this large into its ring, and the view
    // stays mapped for as long as the channel lives.
    if (in_ring == nullptr) {
      std::fputs("ring_scribbler_worker: the message did not go through the ring\n", stderr);
      std::exit(3);
    }
    scribbler.Start(in_ring, message.size());
  };
  callbacks.on_close = [&](const std::string&) {
    scribbler.Stop();
    done = true;
  };
  callbacks.on_port_message = [&](std::string_view) {
    if (!done) finish();
  };
  channel = std::make_unique<Channel>(&loop, isohost::ipc::kWorkerChannelFd, std::move(callbacks));

  isohost::proto::Envelope hello;
  hello.mutable_hello()->set_protocol_version(isohost::proto::PROTOCOL_VERSION_CURRENT);
  hello.mutable_hello()->set_pid(static_cast<int>(::getpid()));
  channel->Send(hello);

  while (!done && uv_run(&loop, UV_RUN_ONCE) != 0) {
  }
  channel.reset();
  uv_run(&loop, UV_RUN_DEFAULT);
  uv_loop_close(&loop);
  return 0;
}
