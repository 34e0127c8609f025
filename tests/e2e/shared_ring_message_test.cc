// A large message reaches on_message as a view into the worker's shared
// ring, which the worker can still write. A worker that rewrites the bytes
// while the host decodes them must not crash the host: each decode gives a
// value or a decode error. The worker is a stand-in
// (standins/ring_scribbler_worker.cc) that speaks the real protocol.
#include <gtest/gtest.h>
#include <uv.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "isohost/clone_codec.h"
#include "isohost/worker.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(SharedRingMessageTest, HostDecodesAMessageTheWorkerKeepsRewriting) {
  uv_loop_t loop;
  ASSERT_EQ(uv_loop_init(&loop), 0);
  WorkerOptions options;
  options.worker_binary = BinDir() + "/ring_scribbler_worker";
  options.script_path = ScriptPath("hello.js");  // sent in Start, unused by the stand-in
  options.spawn = SpawnStrategy::kExec;

  int messages = 0;
  std::size_t message_size = 0;
  int decodes = 0;
  int values = 0;
  int errors = 0;
  std::string first_error;
  ExitInfo exit;
  bool exited = false;
  std::unique_ptr<Worker> worker;

  WorkerCallbacks callbacks;
  callbacks.on_message = [&](std::string_view data) {
    ++messages;
    message_size = data.size();
    std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
    // Decode the same view over and over while the worker scribbles on it,
    // until a change has shown (the scribbling reached us) or long enough.
    auto start = std::chrono::steady_clock::now();
    while (decodes < 200 ||
           (errors == 0 && std::chrono::steady_clock::now() - start < std::chrono::seconds(20))) {
      clone::Result<clone::CloneValue> value = clone::Decode(bytes);
      ++decodes;
      if (value.ok()) {
        ++values;
      } else {
        if (first_error.empty()) first_error = value.error().message;
        ++errors;
      }
    }
    // Any message back tells the stand-in to stop and exit.
    worker->PostMessage(std::string_view("\xFF\x0F_", 3));
  };
  callbacks.on_exit = [&](const ExitInfo& info) {
    exit = info;
    exited = true;
  };
  worker = Worker::Spawn(&loop, std::move(options), std::move(callbacks));
  uv_run(&loop, UV_RUN_DEFAULT);
  worker.reset();
  uv_run(&loop, UV_RUN_DEFAULT);
  ASSERT_EQ(uv_loop_close(&loop), 0);

  ASSERT_TRUE(exited);
  EXPECT_EQ(exit.reason, ExitReason::kNormal) << exit.message;
  EXPECT_EQ(exit.code, 0);
  EXPECT_EQ(messages, 1);
  EXPECT_GT(message_size, 16u << 10);  // large enough for the ring
  EXPECT_EQ(values + errors, decodes);
  EXPECT_GT(errors, 0) << "the worker's scribbling never showed in " << decodes << " decodes";
  std::printf("%d decodes of a %zu-byte message: %d values, %d errors (first: %s)\n", decodes, message_size,
              values, errors, first_error.c_str());
}

}  // namespace
}  // namespace isohost::testing
