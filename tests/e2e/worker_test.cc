// The host library (isohost::Worker) with real worker processes.
#include "isohost/worker.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "host/launch/launcher.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::string Clone(const std::string& json) {
  auto value = clone::ParseJson(json);
  EXPECT_TRUE(value.ok());
  std::vector<std::uint8_t> bytes = clone::Encode(*value);
  return std::string(bytes.begin(), bytes.end());
}

std::string ToJson(std::string_view bytes) {
  auto value = clone::Decode({reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()});
  return value ? clone::ToJsonText(*value) : "<" + value.error().message + ">";
}

// Every test runs once per spawn strategy: workers must not differ by how
// their process was obtained.
class WorkerTest : public ::testing::TestWithParam<SpawnStrategy> {
 protected:
  void SetUp() override {
    uv_loop_init(&loop_);
    LauncherOptions options;
    options.default_strategy = GetParam();
    options.worker_binary = BinDir() + "/isohost-worker";
    launcher_ = std::make_unique<Launcher>(&loop_, options);
  }
  void TearDown() override {
    launcher_.reset();
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

  // Processes that stay while no worker runs: the zygote and the pool.
  int ExpectedIdleProcesses() {
    return (launcher_->zygote_alive() ? 1 : 0) + static_cast<int>(launcher_->pooled());
  }

  // Runs hello.js with `binary` standing in for isohost-worker.
  ExitInfo RunWithWorkerBinary(const std::string& binary) {
    WorkerOptions options = Options("hello.js");
    options.worker_binary = binary;
    auto worker = Spawn(std::move(options), Callbacks());
    return RunToExit(worker);
  }

  std::unique_ptr<Worker> Spawn(WorkerOptions options, WorkerCallbacks callbacks) {
    return Worker::Spawn(&loop_, std::move(options), std::move(callbacks), launcher_.get());
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
  std::unique_ptr<Launcher> launcher_;
  std::vector<std::string> messages_;
  std::string out_, err_;
  std::optional<ExitInfo> exit_;
};

TEST_P(WorkerTest, BurstOfTenThousandMessagesArrivesInOrder) {
  auto worker = Spawn(Options("burst.js", {"10000"}), Callbacks());
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kNormal) << info.message;
  ASSERT_EQ(messages_.size(), 10000u);
  for (int i : {0, 1, 4999, 9999}) EXPECT_EQ(ToJson(messages_[i]), "{\"i\":" + std::to_string(i) + "}");
  for (std::size_t i = 0; i < messages_.size(); ++i) {
    ASSERT_EQ(ToJson(messages_[i]), "{\"i\":" + std::to_string(i) + "}");
  }
}

TEST_P(WorkerTest, SixteenMebibyteMessageRoundTrips) {
  WorkerCallbacks callbacks = Callbacks();
  std::unique_ptr<Worker> worker;
  callbacks.on_message = [&](std::string_view data) {
    messages_.emplace_back(data);
    worker->PostMessage(data);  // echo, byte for byte
  };
  worker = Spawn(Options("big_message.js"), std::move(callbacks));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.code, 0) << info.message << err_;
  ASSERT_EQ(messages_.size(), 1u);
  EXPECT_GT(messages_[0].size(), 16u << 20);
  EXPECT_EQ(out_, "round trip ok: true 16777216\n");
}

// Sizes that go through the shared rings both ways, posted in one burst so
// the rings fill and later messages go inline until the reader catches up.
TEST_P(WorkerTest, LargeMessagesRoundTripIntactThroughTheSharedRings) {
  const std::size_t sizes[] = {20 << 10, 64 << 10, 1 << 20, 3 << 20};
  constexpr int kMessages = 40;
  std::vector<std::string> sent;
  for (int i = 0; i < kMessages; ++i) {
    std::string text(sizes[i % 4], static_cast<char>('a' + i % 26));
    text.replace(0, 8, "#" + std::to_string(1000000 + i));
    std::vector<std::uint8_t> bytes = clone::Encode(clone::CloneValue::String(text));
    sent.emplace_back(bytes.begin(), bytes.end());
  }
  auto worker = Spawn(Options("echo_back.js", {std::to_string(kMessages)}), Callbacks());
  for (const std::string& message : sent) ASSERT_TRUE(worker->PostMessage(message));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kNormal) << info.message << err_;
  ASSERT_EQ(messages_.size(), sent.size());
  for (std::size_t i = 0; i < sent.size(); ++i) {
    ASSERT_EQ(messages_[i].size(), sent[i].size()) << "message " << i;
    ASSERT_TRUE(messages_[i] == sent[i]) << "message " << i << " came back changed";
  }
}

// A worker killed while large messages stream both ways through the rings:
// the host reports the crash, does not hang on the pipe it was writing, and
// the next worker's large messages arrive intact.
TEST_P(WorkerTest, WorkerKilledMidStreamOfLargeMessagesLeavesTheHostWorking) {
  std::vector<std::uint8_t> bytes = clone::Encode(clone::CloneValue::String(std::string(1 << 20, 'k')));
  std::string message(bytes.begin(), bytes.end());
  int echoes = 0;
  WorkerCallbacks callbacks = Callbacks();
  std::unique_ptr<Worker> worker;
  callbacks.on_message = [&](std::string_view data) {
    EXPECT_TRUE(data == message);
    if (++echoes == 20) {
      ::kill(worker->pid(), SIGKILL);
      for (int i = 0; i < 8; ++i) worker->PostMessage(message);  // into a pipe nobody reads now
      return;
    }
    worker->PostMessage(message);
  };
  worker = Spawn(Options("echo_back.js", {"1000000"}), std::move(callbacks));
  worker->PostMessage(message);
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kCrashed) << info.message;
  EXPECT_EQ(info.signal, SIGKILL);
  EXPECT_EQ(echoes, 20);

  exit_.reset();
  messages_.clear();
  auto next = Spawn(Options("echo_back.js", {"3"}), Callbacks());
  for (int i = 0; i < 3; ++i) next->PostMessage(message);
  info = RunToExit(next);
  EXPECT_EQ(info.reason, ExitReason::kNormal) << info.message;
  ASSERT_EQ(messages_.size(), 3u);
  for (const std::string& echo : messages_) EXPECT_TRUE(echo == message);
}

TEST_P(WorkerTest, WorkerKilledBySignalIsReportedAsCrashed) {
  WorkerCallbacks callbacks = Callbacks();
  std::unique_ptr<Worker> worker;
  callbacks.on_message = [&](std::string_view) { ::kill(worker->pid(), SIGSEGV); };
  worker = Spawn(Options("spin.js"), std::move(callbacks));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kCrashed);
  EXPECT_EQ(info.signal, SIGSEGV);
  EXPECT_EQ(info.code, 128 + SIGSEGV);
  EXPECT_NE(info.message.find("signal"), std::string::npos) << info.message;
}

TEST_P(WorkerTest, TerminateEndsARunningWorker) {
  WorkerCallbacks callbacks = Callbacks();
  std::unique_ptr<Worker> worker;
  callbacks.on_message = [&](std::string_view) { worker->Terminate(9, 2000); };
  worker = Spawn(Options("spin.js"), std::move(callbacks));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kTerminated);
  EXPECT_EQ(info.code, 9);
}

TEST_P(WorkerTest, GarbageFrameIsAProtocolErrorAndOutputIsKept) {
  ExitInfo info = RunWithWorkerBinary(ScriptPath("bad_frame_worker.sh"));
  EXPECT_EQ(info.reason, ExitReason::kProtocolError);
  EXPECT_NE(info.message.find("not a valid Envelope"), std::string::npos) << info.message;
  EXPECT_NE(err_.find("some native output before the bad frame"), std::string::npos) << err_;
}

TEST_P(WorkerTest, OversizeFrameIsAProtocolError) {
  ExitInfo info = RunWithWorkerBinary(ScriptPath("oversize_frame_worker.sh"));
  EXPECT_EQ(info.reason, ExitReason::kProtocolError);
  EXPECT_NE(info.message.find("exceeds the limit"), std::string::npos) << info.message;
}

TEST_P(WorkerTest, MissingWorkerBinaryIsAStartupFailure) {
  ExitInfo info = RunWithWorkerBinary("/nonexistent/isohost-worker");
  EXPECT_EQ(info.reason, ExitReason::kStartupFailed);
  EXPECT_NE(info.message.find("/nonexistent/isohost-worker"), std::string::npos) << info.message;
}

TEST_P(WorkerTest, WorkerDataAndArgvReachTheScript) {
  WorkerOptions options = Options("hello.js");
  options.script_path.clear();
  options.script_source =
      "const { workerData, parentPort } = require('worker_threads');"
      "parentPort.postMessage({ data: workerData, argv: process.argv.slice(2), env: process.env.ONLY });";
  options.worker_data = Clone("{\"n\":[1,2]}");
  options.argv = {"a", "b"};
  options.env = std::map<std::string, std::string>{{"ONLY", "this"}};
  auto worker = Spawn(std::move(options), Callbacks());
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.code, 0) << err_;
  ASSERT_EQ(messages_.size(), 1u);
  EXPECT_EQ(ToJson(messages_[0]), "{\"data\":{\"n\":[1,2]},\"argv\":[\"a\",\"b\"],\"env\":\"this\"}");
}

TEST_P(WorkerTest, HundredSequentialSpawnsLeakNoFdsOrProcesses) {
  // Warm up once so lazily opened descriptors (e.g. the loop's signal pipe) exist.
  {
    auto worker = Spawn(Options("hello.js"), Callbacks());
    RunToExit(worker);
  }
  // A pool refills on a timer: fill it now, so that it holds the same
  // processes and descriptors at both counts.
  if (GetParam() == SpawnStrategy::kPool) launcher_->FillPool();
  int fds_before = CountOpenFds();
  for (int i = 0; i < 100; ++i) {
    exit_.reset();
    auto worker = Spawn(Options("hello.js"), Callbacks());
    ExitInfo info = RunToExit(worker);
    ASSERT_EQ(info.code, 0) << info.message;
  }
  uv_run(&loop_, UV_RUN_NOWAIT);
  if (GetParam() == SpawnStrategy::kPool) launcher_->FillPool();
  EXPECT_EQ(CountOpenFds(), fds_before);
  EXPECT_EQ(CountDescendants(), ExpectedIdleProcesses()) << "a worker process was not reaped";
  EXPECT_EQ(out_.size(), 101 * std::string("hello world\n").size());
}

TEST_P(WorkerTest, DestroyingARunningWorkerKillsAndReapsIt) {
  auto worker = Spawn(Options("spin.js"), Callbacks());
  while (messages_.empty()) uv_run(&loop_, UV_RUN_ONCE);
  worker.reset();
  // A zygote reaps its workers itself, a moment later.
  for (int i = 0; i < 200 && CountDescendants() != ExpectedIdleProcesses(); ++i) usleep(10000);
  EXPECT_EQ(CountDescendants(), ExpectedIdleProcesses());
}

TEST_P(WorkerTest, WorkersShareNoRandomState) {
  // Math.random() and V8's hash seed both come from the isolate's random
  // number generator, seeded when the isolate is made: after the fork, in
  // each worker. Two workers must not produce the same sequence.
  WorkerOptions options = Options("hello.js");
  options.script_path.clear();
  options.script_source =
      "require('worker_threads').parentPort.postMessage([Math.random(), Math.random(), Math.random()]);";
  std::vector<std::string> sequences;
  for (int i = 0; i < 3; ++i) {
    exit_.reset();
    auto worker = Spawn(options, Callbacks());
    RunToExit(worker);
  }
  ASSERT_EQ(messages_.size(), 3u);
  std::set<std::string> distinct;
  for (const std::string& message : messages_) distinct.insert(ToJson(message));
  EXPECT_EQ(distinct.size(), 3u) << ToJson(messages_[0]) << " " << ToJson(messages_[1]);
}

TEST_P(WorkerTest, ReportsHowItWasSpawned) {
  auto worker = Spawn(Options("hello.js"), Callbacks());
  SpawnStrategy used = worker->strategy();
  RunToExit(worker);
  if (GetParam() == SpawnStrategy::kPool) {
    // The first spawn finds the pool empty and forks from the zygote.
    EXPECT_EQ(used, SpawnStrategy::kZygote);
  } else {
    EXPECT_EQ(used, GetParam());
  }
}

INSTANTIATE_TEST_SUITE_P(Strategies, WorkerTest,
                         ::testing::Values(SpawnStrategy::kExec, SpawnStrategy::kZygote, SpawnStrategy::kPool),
                         [](const ::testing::TestParamInfo<SpawnStrategy>& info) {
                           return std::string(SpawnStrategyName(info.param));
                         });

}  // namespace
}  // namespace isohost::testing
