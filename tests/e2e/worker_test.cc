// The host library (isohost::Worker) with real worker processes.
#include "isohost/worker.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <optional>
#include <string>
#include <vector>

#include "ipc/clone_codec.h"
#include "ipc/clone_json.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::string Clone(const std::string& json) {
  auto value = ipc::ParseJson(json);
  EXPECT_TRUE(value.ok());
  std::vector<std::uint8_t> bytes = ipc::Encode(*value);
  return std::string(bytes.begin(), bytes.end());
}

std::string ToJson(std::string_view bytes) {
  auto value = ipc::Decode({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
  return value ? ipc::ToJsonText(*value) : "<" + value.error().message + ">";
}

class WorkerTest : public ::testing::Test {
 protected:
  void SetUp() override { uv_loop_init(&loop_); }
  void TearDown() override {
    uv_run(&loop_, UV_RUN_DEFAULT);
    EXPECT_EQ(uv_loop_close(&loop_), 0) << "a handle was left open";
  }

  WorkerOptions Options(const std::string& script, std::vector<std::string> argv = {}) {
    WorkerOptions options;
    options.script_path = ScriptPath(script);
    options.argv = std::move(argv);
    options.worker_binary = BinDir() + "/isohost-worker";
    return options;
  }

  // Runs the loop until the worker reports its exit.
  ExitInfo RunToExit(std::unique_ptr<Worker>& worker) {
    while (!exit_) uv_run(&loop_, UV_RUN_ONCE);
    worker.reset();
    return *exit_;
  }

  WorkerCallbacks Callbacks() {
    WorkerCallbacks callbacks;
    callbacks.on_message = [this](std::string_view data) { messages_.emplace_back(data); };
    callbacks.on_output = [this](StdioStream stream, std::string_view data, ConsoleLevel) {
      (stream == StdioStream::kStdout ? out_ : err_).append(data);
    };
    callbacks.on_exit = [this](const ExitInfo& info) { exit_ = info; };
    return callbacks;
  }

  uv_loop_t loop_;
  std::vector<std::string> messages_;
  std::string out_, err_;
  std::optional<ExitInfo> exit_;
};

TEST_F(WorkerTest, BurstOfTenThousandMessagesArrivesInOrder) {
  auto worker = Worker::Spawn(&loop_, Options("burst.js", {"10000"}), Callbacks());
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kNormal) << info.message;
  ASSERT_EQ(messages_.size(), 10000u);
  for (int i : {0, 1, 4999, 9999}) EXPECT_EQ(ToJson(messages_[i]), "{\"i\":" + std::to_string(i) + "}");
  for (std::size_t i = 0; i < messages_.size(); ++i) {
    ASSERT_EQ(ToJson(messages_[i]), "{\"i\":" + std::to_string(i) + "}");
  }
}

TEST_F(WorkerTest, SixteenMebibyteMessageRoundTrips) {
  WorkerCallbacks callbacks = Callbacks();
  std::unique_ptr<Worker> worker;
  callbacks.on_message = [&](std::string_view data) {
    messages_.emplace_back(data);
    worker->PostMessage(data);  // echo, byte for byte
  };
  worker = Worker::Spawn(&loop_, Options("big_message.js"), std::move(callbacks));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.code, 0) << info.message << err_;
  ASSERT_EQ(messages_.size(), 1u);
  EXPECT_GT(messages_[0].size(), 16u << 20);
  EXPECT_EQ(out_, "round trip ok: true 16777216\n");
}

TEST_F(WorkerTest, WorkerKilledBySignalIsReportedAsCrashed) {
  WorkerCallbacks callbacks = Callbacks();
  std::unique_ptr<Worker> worker;
  callbacks.on_message = [&](std::string_view) { ::kill(worker->pid(), SIGSEGV); };
  worker = Worker::Spawn(&loop_, Options("spin.js"), std::move(callbacks));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kCrashed);
  EXPECT_EQ(info.signal, SIGSEGV);
  EXPECT_EQ(info.code, 128 + SIGSEGV);
  EXPECT_NE(info.message.find("signal"), std::string::npos) << info.message;
}

TEST_F(WorkerTest, TerminateEndsARunningWorker) {
  WorkerCallbacks callbacks = Callbacks();
  std::unique_ptr<Worker> worker;
  callbacks.on_message = [&](std::string_view) { worker->Terminate(9, 2000); };
  worker = Worker::Spawn(&loop_, Options("spin.js"), std::move(callbacks));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kTerminated);
  EXPECT_EQ(info.code, 9);
}

TEST_F(WorkerTest, GarbageFrameIsAProtocolErrorAndOutputIsKept) {
  WorkerOptions options = Options("hello.js");
  options.worker_binary = ScriptPath("bad_frame_worker.sh");
  auto worker = Worker::Spawn(&loop_, std::move(options), Callbacks());
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kProtocolError);
  EXPECT_NE(info.message.find("not a valid Envelope"), std::string::npos) << info.message;
  EXPECT_NE(err_.find("some native output before the bad frame"), std::string::npos) << err_;
}

TEST_F(WorkerTest, OversizeFrameIsAProtocolError) {
  WorkerOptions options = Options("hello.js");
  options.worker_binary = ScriptPath("oversize_frame_worker.sh");
  auto worker = Worker::Spawn(&loop_, std::move(options), Callbacks());
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kProtocolError);
  EXPECT_NE(info.message.find("exceeds the limit"), std::string::npos) << info.message;
}

TEST_F(WorkerTest, MissingWorkerBinaryIsAStartupFailure) {
  WorkerOptions options = Options("hello.js");
  options.worker_binary = "/nonexistent/isohost-worker";
  auto worker = Worker::Spawn(&loop_, std::move(options), Callbacks());
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kStartupFailed);
  EXPECT_NE(info.message.find("/nonexistent/isohost-worker"), std::string::npos) << info.message;
}

TEST_F(WorkerTest, WorkerDataAndArgvReachTheScript) {
  WorkerOptions options = Options("hello.js");
  options.script_path.clear();
  options.script_source =
      "const { workerData, parentPort } = require('worker_threads');"
      "parentPort.postMessage({ data: workerData, argv: process.argv.slice(2), env: process.env.ONLY });";
  options.worker_data = Clone("{\"n\":[1,2]}");
  options.argv = {"a", "b"};
  options.env = std::map<std::string, std::string>{{"ONLY", "this"}};
  auto worker = Worker::Spawn(&loop_, std::move(options), Callbacks());
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.code, 0) << err_;
  ASSERT_EQ(messages_.size(), 1u);
  EXPECT_EQ(ToJson(messages_[0]), "{\"data\":{\"n\":[1,2]},\"argv\":[\"a\",\"b\"],\"env\":\"this\"}");
}

TEST_F(WorkerTest, HundredSequentialSpawnsLeakNoFdsOrProcesses) {
  // Warm up once so lazily opened descriptors (e.g. the loop's signal pipe) exist.
  {
    auto worker = Worker::Spawn(&loop_, Options("hello.js"), Callbacks());
    RunToExit(worker);
  }
  int fds_before = CountOpenFds();
  for (int i = 0; i < 100; ++i) {
    exit_.reset();
    auto worker = Worker::Spawn(&loop_, Options("hello.js"), Callbacks());
    ExitInfo info = RunToExit(worker);
    ASSERT_EQ(info.code, 0) << info.message;
  }
  uv_run(&loop_, UV_RUN_NOWAIT);
  EXPECT_EQ(CountOpenFds(), fds_before);
  EXPECT_EQ(CountChildren(), 0) << "a worker process was not reaped";
  EXPECT_EQ(out_.size(), 101 * std::string("hello world\n").size());
}

TEST_F(WorkerTest, DestroyingARunningWorkerKillsAndReapsIt) {
  auto worker = Worker::Spawn(&loop_, Options("spin.js"), Callbacks());
  while (messages_.empty()) uv_run(&loop_, UV_RUN_ONCE);
  worker.reset();
  EXPECT_EQ(CountChildren(), 0);
}

}  // namespace
}  // namespace isohost::testing
