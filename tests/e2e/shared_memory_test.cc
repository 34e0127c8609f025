// SharedArrayBuffers shared between worker processes (worker/messaging/shared_memory.h):
// their memory travels as memfd descriptors with the messages that name
// them, on every path a message takes (a nested worker's parentPort,
// workerData, MessagePorts relayed by the host or linked, BroadcastChannel),
// and Atomics.wait / Atomics.notify work across processes
// (worker/messaging/atomics_wait.h). The host passes the descriptors on and keeps none.
#include <gtest/gtest.h>
#include <uv.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/worker.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

CliResult RunScript(const std::string& script, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"run"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(ScriptPath("shared_memory/" + script));
  return RunCli(args);
}

TEST(SharedMemoryTest, ABufferPostedToANestedWorkerIsWrittenOnBothSides) {
  CliResult result = RunScript("nested.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "child saw 11, parent sees 22, child's own buffer 33\n"
            "child sees the parent's write to its buffer: 44\n")
      << result.err;
}

TEST(SharedMemoryTest, ABufferInWorkerDataIsShared) {
  CliResult result = RunScript("worker_data.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "child saw 7\nparent sees 9\n") << result.err;
}

TEST(SharedMemoryTest, EmptyAndLargeBuffersCross) {
  CliResult result = RunScript("sizes.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "empty 0 true, large 268435456, its last byte 5\n") << result.err;
}

TEST(SharedMemoryTest, ABurstToABusyWorkerArrivesWholeAndInOrder) {
  CliResult result = RunScript("burst.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "{\"read\":1000,\"sum\":1000,\"ordered\":true}\n") << result.err;
}

TEST(SharedMemoryTest, ThroughAPortRelayedByTheHostThenOnTheDirectLink) {
  CliResult result = RunScript("ports.js", {"--node-option=--expose-internals"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "relayed: child wrote 1, its buffer holds 100\n"
            "linked: child wrote 8, its buffer holds 107, went on the link true\n")
      << result.err;
}

TEST(SharedMemoryTest, OverABroadcastChannel) {
  CliResult result = RunScript("broadcast.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "poster sees 42\n") << result.err;
}

TEST(SharedMemoryTest, AtomicsWaitInOneWorkerIsWokenByAtomicsNotifyInAnother) {
  CliResult result = RunScript("atomics.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "notifier woke 1\nwaiter: ok\n") << result.err;
}

// Outcomes, timeouts and errors as V8 gives them (checked against Node).
TEST(SharedMemoryTest, AtomicsWaitTimesOutAndChecksItsArguments) {
  CliResult result = RunScript("atomics_local.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "not-equal timed-out timed-out 0\n"
            "RangeError: Invalid atomic access index\n"
            "TypeError: [object Int32Array] is not a shared typed array.\n"
            "TypeError: [object Float64Array] is not an int32 or BigInt64 typed array.\n"
            "RangeError: Invalid atomic access index\n"
            "0 function wait 3\n")
      << result.err;
}

TEST(SharedMemoryTest, TheConstructorBehavesAsV8s) {
  CliResult result = RunScript("constructor.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "true [object SharedArrayBuffer] 10 true true\n"
            "SharedArrayBuffer 1 3 true 0\n"
            "true 3 true false\n"
            "RangeError: Invalid array buffer length\n"
            "TypeError: Constructor SharedArrayBuffer requires 'new'\n"
            "RangeError: Array buffer allocation failed\n"
            "67108864 1\n")
      << result.err;
}

TEST(SharedMemoryTest, ASharedWebAssemblyMemoryCannotLeaveItsProcess) {
  CliResult result = RunScript("wasm_memory.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "DataCloneError: #<SharedArrayBuffer> could not be cloned\n"
            "within the process it goes: 65536\n")
      << result.err;
}

TEST(SharedMemoryTest, AWorkerWaitingOnSharedMemoryIsStillTerminated) {
  CliResult result = RunScript("terminate_waiting.js");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "waiting\nterminated, code 1\n") << result.err;
}

TEST(SharedMemoryTest, AWorkerWaitingOnSharedMemoryStopsAtItsTimeLimit) {
  CliResult result = RunScript("wait_forever.js", {"--timeout", "0.3"});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_EQ(result.out, "waiting\n") << result.err;
  EXPECT_NE(result.err.find("timeout"), std::string::npos) << result.err;
}

// The constructor and the futex Atomics are native: using them compiles no
// builtin, and an idle worker pays for neither.
TEST(SharedMemoryTest, SharedMemoryCompilesNoBuiltin) {
  const int idle = BuiltinsLoadedBySource("");
  EXPECT_EQ(BuiltinsLoadedBySource("const v = new Int32Array(new SharedArrayBuffer(8));\n"
                                   "Atomics.notify(v, 0); Atomics.wait(v, 0, 0, 0);\n"),
            idle);
}

std::string Clone(const std::string& text) {
  std::vector<std::uint8_t> bytes = clone::Encode(clone::CloneValue::String(text));
  return std::string(bytes.begin(), bytes.end());
}

std::string Text(std::string_view data) {
  auto value = clone::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
  return value ? clone::ToJsonText(*value) : "undecodable";
}

class SharedMemoryHostTest : public ::testing::Test {
 protected:
  void SetUp() override { uv_loop_init(&loop_); }
  void TearDown() override {
    uv_run(&loop_, UV_RUN_DEFAULT);
    EXPECT_EQ(uv_loop_close(&loop_), 0) << "a handle was left open";
  }

  WorkerOptions Options() {
    WorkerOptions options;
    options.worker_binary = BinDir() + "/isohost-worker";
    return options;
  }

  ExitInfo RunToExit(std::unique_ptr<Worker>& worker) {
    while (!exit_) uv_run(&loop_, UV_RUN_ONCE);
    worker.reset();
    return *exit_;
  }

  uv_loop_t loop_;
  std::optional<ExitInfo> exit_;
};

// Hundreds of buffers pass through the host between two workers: the host
// holds as many descriptors after them as before.
TEST_F(SharedMemoryHostTest, TheHostKeepsNoDescriptorOfTheBuffersItPasses) {
  WorkerOptions options = Options();
  options.script_path = ScriptPath("shared_memory/leak.js");
  options.argv = {"300"};
  int before = -1;
  int after = -1;
  std::unique_ptr<Worker> worker;
  WorkerCallbacks callbacks;
  callbacks.on_message = [&](std::string_view data) {
    const std::string text = Text(data);
    if (text == "\"ready\"") {
      before = CountOpenFds();
      worker->PostMessage(Clone("go"));
    } else if (text == "\"done\"") {
      after = CountOpenFds();
      worker->PostMessage(Clone("bye"));
    }
  };
  callbacks.on_output = [](StdioStream, std::string_view data, ConsoleLevel) {
    ADD_FAILURE() << "unexpected output: " << data;
  };
  callbacks.on_exit = [this](const ExitInfo& info) { exit_ = info; };
  worker = Worker::Spawn(&loop_, std::move(options), std::move(callbacks));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kNormal) << info.message;
  EXPECT_GT(before, 0);
  EXPECT_EQ(after, before);
}

// A worker whose frame says SharedArrayBuffers came with it when none did
// is refused, with a reason; the host goes on.
TEST_F(SharedMemoryHostTest, AFrameClaimingDescriptorsThatDidNotComeIsAProtocolError) {
  WorkerOptions options = Options();
  options.script_path = ScriptPath("hello.js");
  options.worker_binary = ScriptPath("missing_fds_worker.sh");
  WorkerCallbacks callbacks;
  callbacks.on_exit = [this](const ExitInfo& info) { exit_ = info; };
  auto worker = Worker::Spawn(&loop_, std::move(options), std::move(callbacks));
  ExitInfo info = RunToExit(worker);
  EXPECT_EQ(info.reason, ExitReason::kProtocolError);
  EXPECT_NE(info.message.find("2 SharedArrayBuffers whose descriptors did not come"), std::string::npos)
      << info.message;
  // The host still spawns and talks to workers.
  exit_.reset();
  WorkerOptions good = Options();
  good.script_path = ScriptPath("shared_memory/worker_data.js");
  std::string out;
  WorkerCallbacks good_callbacks;
  good_callbacks.on_output = [&](StdioStream, std::string_view data, ConsoleLevel) { out.append(data); };
  good_callbacks.on_exit = [this](const ExitInfo& exit) { exit_ = exit; };
  auto second = Worker::Spawn(&loop_, std::move(good), std::move(good_callbacks));
  EXPECT_EQ(RunToExit(second).reason, ExitReason::kNormal);
  EXPECT_EQ(out, "child saw 7\nparent sees 9\n");
}

}  // namespace
}  // namespace isohost::testing
