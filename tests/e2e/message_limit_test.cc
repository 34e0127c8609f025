// The message limit, agreed by both ends: the host gives it to the worker in
// Start, whichever way the worker's process was obtained, and each end
// refuses a message over it with an error that names the real limit, at
// limit - 1, limit and limit + 1, inline and through the shared rings.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "host/launch/launcher.h"
#include "isohost/clone_codec.h"
#include "isohost/worker.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

// The structured-clone bytes of a string.
std::string Clone(const std::string& text) {
  std::vector<std::uint8_t> bytes = clone::Encode(clone::CloneValue::String(text));
  return std::string(bytes.begin(), bytes.end());
}

// Those of `length` times 'x', as the worker's scripts make them.
std::string StringMessage(std::size_t length) { return Clone(std::string(length, 'x')); }

// A message of exactly `size` bytes: a string of a length that makes it so.
std::string MessageOfSize(std::size_t size) {
  std::size_t overhead = StringMessage(size).size() - size;
  for (std::size_t length = size > overhead ? size - overhead : 0; length <= size; ++length) {
    std::string message = StringMessage(length);
    if (message.size() == size) return message;
  }
  ADD_FAILURE() << "no string message is " << size << " bytes";
  return {};
}

// How many 'x' make a message of `size` bytes in the worker: the same
// encoding as StringMessage (V8's one-byte string), checked by the tests.
std::size_t LengthForSize(std::size_t size) {
  return size - (StringMessage(size).size() - size);
}

class MessageLimitTest : public ::testing::Test {
 protected:
  void SetUp() override { uv_loop_init(&loop_); }
  void TearDown() override {
    launcher_.reset();
    uv_run(&loop_, UV_RUN_DEFAULT);
    EXPECT_EQ(uv_loop_close(&loop_), 0) << "a handle was left open";
  }

  // A launcher whose workers come by `strategy`; a pool is filled and its
  // workers made ready first, so that the worker is one made ahead of
  // demand, with its channel, before the limit was known.
  void UseStrategy(SpawnStrategy strategy) {
    strategy_ = strategy;
    LauncherOptions options;
    options.default_strategy = strategy;
    options.pool_size = 1;
    options.worker_binary = BinDir() + "/isohost-worker";
    launcher_ = std::make_unique<Launcher>(&loop_, options);
    if (strategy == SpawnStrategy::kPool) {
      launcher_->FillPool();
      ASSERT_TRUE(launcher_->WaitForPoolReady(30000)) << "the pool did not get ready";
    }
  }

  std::unique_ptr<Worker> Spawn(const std::string& script, std::vector<std::string> argv, std::size_t limit) {
    WorkerOptions options;
    options.script_path = ScriptPath(script);
    options.argv = std::move(argv);
    options.worker_binary = BinDir() + "/isohost-worker";
    options.limits.max_message_bytes = limit;
    WorkerCallbacks callbacks;
    callbacks.on_message = [this](std::string_view data) { messages_.emplace_back(data); };
    callbacks.on_output = [this](StdioStream stream, std::string_view data, ConsoleLevel) {
      (stream == StdioStream::kStdout ? out_ : err_).append(data);
    };
    callbacks.on_exit = [this](const ExitInfo& info) { exit_ = info; };
    auto worker = Worker::Spawn(&loop_, std::move(options), std::move(callbacks), launcher_.get());
    EXPECT_EQ(worker->strategy(), strategy_);
    return worker;
  }

  ExitInfo RunToExit(std::unique_ptr<Worker>& worker) {
    while (!exit_) uv_run(&loop_, UV_RUN_ONCE);
    worker.reset();
    return *exit_;
  }

  uv_loop_t loop_;
  SpawnStrategy strategy_ = SpawnStrategy::kExec;
  std::unique_ptr<Launcher> launcher_;
  std::vector<std::string> messages_;
  std::string out_, err_;
  std::optional<ExitInfo> exit_;
};

// Below 16 KiB messages go inline; at 100 KiB through the shared rings.
class SmallLimitTest : public MessageLimitTest,
                       public ::testing::WithParamInterface<std::tuple<SpawnStrategy, std::size_t>> {
 protected:
  void SetUp() override {
    MessageLimitTest::SetUp();
    UseStrategy(std::get<0>(GetParam()));
  }
  std::size_t limit() const { return std::get<1>(GetParam()); }
};

TEST_P(SmallLimitTest, AWorkerPostsUpToTheLimitAndGetsARangeErrorAbove) {
  const std::size_t limit = this->limit();
  ASSERT_EQ(StringMessage(LengthForSize(limit)).size(), limit);
  auto worker = Spawn("post_lengths.js",
                      {std::to_string(LengthForSize(limit - 1)), std::to_string(LengthForSize(limit)),
                       std::to_string(LengthForSize(limit + 1))},
                      limit);
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kNormal) << info.message << err_;
  EXPECT_EQ(info.code, 0);
  ASSERT_EQ(messages_.size(), 3u) << out_;
  EXPECT_TRUE(messages_[0] == StringMessage(LengthForSize(limit - 1)));
  EXPECT_TRUE(messages_[1] == StringMessage(LengthForSize(limit)));
  EXPECT_TRUE(messages_[2] == Clone("done"));
  EXPECT_EQ(out_, std::to_string(LengthForSize(limit + 1)) + ": RangeError: message of " +
                      std::to_string(limit + 1) + " bytes exceeds the limit of " + std::to_string(limit) +
                      " bytes\n");
}

TEST_P(SmallLimitTest, TheHostRefusesAMessageOverTheLimitAndTheWorkerGoesOn) {
  const std::size_t limit = this->limit();
  auto worker = Spawn("echo_back.js", {"2"}, limit);
  std::string error;
  EXPECT_TRUE(worker->PostMessage(MessageOfSize(limit - 1), &error)) << error;
  EXPECT_FALSE(worker->PostMessage(MessageOfSize(limit + 1), &error));
  EXPECT_EQ(error, "message of " + std::to_string(limit + 1) + " bytes exceeds the limit of " +
                       std::to_string(limit) + " bytes");
  EXPECT_TRUE(worker->PostMessage(MessageOfSize(limit), &error)) << error;
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kNormal) << info.message << err_;
  EXPECT_EQ(info.code, 0);
  ASSERT_EQ(messages_.size(), 2u);
  EXPECT_TRUE(messages_[0] == MessageOfSize(limit - 1)) << "the worker echoes what it got";
  EXPECT_TRUE(messages_[1] == MessageOfSize(limit));
}

INSTANTIATE_TEST_SUITE_P(
    StrategiesAndPaths, SmallLimitTest,
    ::testing::Combine(::testing::Values(SpawnStrategy::kExec, SpawnStrategy::kZygote, SpawnStrategy::kPool),
                       ::testing::Values(std::size_t{1000}, std::size_t{100} << 10)),
    [](const ::testing::TestParamInfo<std::tuple<SpawnStrategy, std::size_t>>& info) {
      return std::string(SpawnStrategyName(std::get<0>(info.param))) +
             (std::get<1>(info.param) < (16u << 10) ? "_Inline" : "_SharedRing");
    });

// A limit above the 64 MiB default: the worker's channel, made with the
// default, takes the limit from Start, so an 80 MiB message goes to the
// worker and comes back intact.
class LargeLimitTest : public MessageLimitTest, public ::testing::WithParamInterface<SpawnStrategy> {
 protected:
  void SetUp() override {
    MessageLimitTest::SetUp();
    UseStrategy(GetParam());
  }
};

TEST_P(LargeLimitTest, AnEightyMebibyteMessageRoundTripsUnderANinetySixMebibyteLimit) {
  std::string message = StringMessage(80u << 20);
  std::unique_ptr<Worker> worker = Spawn("echo_back.js", {"1"}, 96u << 20);
  std::string error;
  EXPECT_TRUE(worker->PostMessage(message, &error)) << error;
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kNormal) << info.message << err_;
  ASSERT_EQ(messages_.size(), 1u);
  EXPECT_EQ(messages_[0].size(), message.size());
  EXPECT_TRUE(messages_[0] == message) << "the message came back changed";
}

INSTANTIATE_TEST_SUITE_P(Strategies, LargeLimitTest,
                         ::testing::Values(SpawnStrategy::kExec, SpawnStrategy::kZygote, SpawnStrategy::kPool),
                         [](const ::testing::TestParamInfo<SpawnStrategy>& info) {
                           return std::string(SpawnStrategyName(info.param));
                         });

TEST_F(MessageLimitTest, ALimitNoFrameCanCarryFailsTheSpawn) {
  UseStrategy(SpawnStrategy::kExec);
  std::unique_ptr<Worker> worker = Spawn("hello.js", {}, std::size_t{5} << 30);
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kStartupFailed);
  EXPECT_NE(info.message.find("max_message_bytes 5368709120 is over the largest a frame can carry"),
            std::string::npos)
      << info.message;
}

TEST(MessageLimitCliTest, AHundredMebibyteMessageIsSentUnderAHundredAndTwentyEightMebibyteLimit) {
  CliResult result = RunCli({"run", "--max-message-bytes", "134217728", ScriptPath("post_100_mib.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "sent\n") << result.err;
}

TEST(MessageLimitCliTest, ASendOverTheLimitIsReportedAndTheWorkerGoesOn) {
  std::string big = "\"" + std::string(2000, 'b') + "\"";
  // The script first: a repeatable option would take it as one more value.
  CliResult result = RunCli({"run", ScriptPath("echo_back.js"), "--print-messages", "--max-message-bytes", "1000",
                             "--send", big, "--send", "\"small\"", "--", "1"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "\"small\"\n");
  EXPECT_NE(result.err.find("--send not delivered: message of"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("bytes exceeds the limit of 1000 bytes"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace isohost::testing
