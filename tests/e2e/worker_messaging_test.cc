// worker_threads beyond plain ports, in real workers: a port moved into a vm
// context, MessagePorts as async_hooks resources, a nested worker's
// environment port (Node's internal messages to its Worker object), the
// JSTransferable protocol's checks, threadIds the host numbers in spawn
// order, and postMessageToThread between any two workers of a tree with
// Node's errors.
#include <string>

#include <gtest/gtest.h>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(WorkerMessagingTest, APortMovedIntoAVmContextIsThatContexts) {
  CliResult result = RunCli({"run", ScriptPath("port_context/move.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "context objects: true true false undefined\n"
            "clone error: DOMException DataCloneError true\n"
            "ERR_CLOSED_MESSAGE_PORT Cannot send data on closed MessagePort\n"
            "ERR_INVALID_ARG_TYPE Invalid context argument\n"
            "ERR_INVALID_ARG_TYPE The \"port\" argument must be a MessagePort instance\n"
            "in context: ping true true true\n"
            "outside: pong true\n"
            "on the carried port: through the carried port\n")
      << result.err;
}

TEST(WorkerMessagingTest, OnlyBuiltInClassesWithADeserializerCanBeNamedByATransfer) {
  CliResult result = RunCli({"run", ScriptPath("port_context/js_transferable.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "symbol: symbol\n"
            "DataCloneError A FileHandle cannot be transferred to another process\n"
            "Missing internal module 'FILE'\n"
            "Unknown deserialize spec net:Socket\n"
            "Unknown deserialize spec internal/fs/file_handle:isChunks\n")
      << result.err;
}

TEST(WorkerMessagingTest, AsyncHooksSeeMessagePortsAndAWorkersPort) {
  CliResult result = RunCli({"run", ScriptPath("port_context/hooks.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "init MessagePort [EventTarget] { active: true, refed: false }\n"
            "init MessagePort [EventTarget] { active: true, refed: false }\n"
            "worker: WORKER\n"
            "unref: \n"
            "ref: WORKER,MESSAGEPORT\n"
            "exit: 0 WORKER\n"
            "later:  0\n")
      << result.err;
}

TEST(WorkerMessagingTest, ANestedWorkersEnvironmentPortReachesItsWorkerObject) {
  CliResult result = RunCli({"run", ScriptPath("port_context/env_port.js"), "unserializable"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "error: ERR_WORKER_UNSERIALIZABLE_ERROR Serializing an uncaught exception failed\nexit: 0\n")
      << result.err;
  // A type Node does not know is a bug it stops the parent for.
  result = RunCli({"run", ScriptPath("port_context/env_port.js"), "unknown"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("Unknown worker message type NOT_A_TYPE"), std::string::npos) << result.err;
}

TEST(WorkerMessagingTest, ThreadIdsFollowSpawnsAcrossTheTreeAndMessagesReachAnyOfThem) {
  CliResult result = RunCli({"run", ScriptPath("thread_messaging/tree.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ids in spawn order: 1,2,3,4,5,6\n"
            "2 got a message from the root (source 0)\n"
            "4 got a message from the root (source 0)\n")
      << result.err;
}

TEST(WorkerMessagingTest, PostMessageToThreadGetsNodesErrors) {
  CliResult result = RunCli({"run", ScriptPath("thread_messaging/errors.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "Error ERR_WORKER_MESSAGING_SAME_THREAD: Cannot sent a message to the same thread\n"
            "Error ERR_WORKER_MESSAGING_FAILED: Cannot find the destination thread or listener\n"
            "none Error ERR_WORKER_MESSAGING_FAILED: Cannot find the destination thread or listener\n"
            "throws Error ERR_WORKER_MESSAGING_ERRORED: The destination thread threw an error while processing "
            "the message\n"
            "busy delivered\n"
            "busy Error ERR_WORKER_MESSAGING_TIMEOUT: Sending a message to another thread timed out\n"
            "ERR_OUT_OF_RANGE\n")
      << result.err;
}

TEST(WorkerMessagingTest, AWorkerThatDoesNotUseThemLoadsNothingForThem) {
  EXPECT_EQ(BuiltinsLoadedBySource("require('worker_threads').parentPort.postMessage(1);"),
            BuiltinsLoadedBySource(""));
}

}  // namespace
}  // namespace isohost::testing
