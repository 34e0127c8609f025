// MessageChannel, MessagePort and receiveMessageOnPort inside one worker
// (internal/worker/io.js): ordering, 'close' on both ends, ports and
// ArrayBuffers moved by a transfer list, and Node's errors for a bad one.
#include <string>

#include <gtest/gtest.h>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(MessageChannelTest, MessagesPortsAndBuffersMoveWithinAWorker) {
  CliResult result = RunCli({"run", ScriptPath("message_channel/in_process.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "receiveMessageOnPort: {\"message\":\"queued 1\"} {\"message\":{\"n\":2}} undefined\n"
            "false true function function function\n"
            "ERR_CONSTRUCT_CALL_INVALID Constructor cannot be called\n"
            "channel order: a,b,c\n"
            "close reached the other end\n"
            "detached: 0\n"
            "DataCloneError Transfer list contains source port\n"
            "got Uint8Array(4) [ 1, 2, 3, 4 ] true\n"
            "via moved port hi\n")
      << result.err;
}

TEST(MessageChannelTest, BadTransferListsGetNodesErrors) {
  CliResult result = RunCli({"run", ScriptPath("message_channel/errors.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "DataCloneError 25 Transfer list contains duplicate ArrayBuffer\n"
            "DataCloneError 25 Transfer list contains duplicate MessagePort\n"
            "TypeError ERR_INVALID_ARG_TYPE Optional transferList argument must be an iterable\n"
            "TypeError ERR_INVALID_ARG_TYPE Optional options.transfer argument must be an iterable\n"
            "TypeError ERR_INVALID_TRANSFER_OBJECT Found invalid object in transferList\n"
            "DataCloneError 25 () => {} could not be cloned.\n"
            "still attached: 8\n"
            "no error\n"
            "TypeError ERR_INVALID_ARG_TYPE The \"port\" argument must be a MessagePort instance\n"
            "untransferable kept: 4 undefined\n")
      << result.err;
  // A port posted through itself loses the channel, with Node's warning.
  EXPECT_NE(result.err.find("The target port was posted to itself, and the communication channel was lost"),
            std::string::npos)
      << result.err;
}

TEST(MessageChannelTest, AnOpenPortKeepsTheWorkerAliveUntilClosed) {
  CliResult result = RunCli({"-e",
                             "const { port1, port2 } = new MessageChannel();"
                             "port2.on('message', (m) => { console.log('got', m); port2.close(); });"
                             "setTimeout(() => port1.postMessage('late'), 50);"
                             "port1.on('close', () => console.log('closed'));"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "got late\nclosed\n") << result.err;
  // An unref'd port does not.
  result = RunCli({"-e",
                   "const { port1, port2 } = new MessageChannel();"
                   "port2.on('message', () => console.log('never')); port2.unref(); console.log('done');"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "done\n") << result.err;
}

// A port nobody started keeps what came before its peer closed: once it
// starts, the messages come, then 'close', as in Node (the close used to
// empty the queue of such a port).
TEST(MessageChannelTest, APortStartedAfterItsPeerClosedGetsItsMessagesThenClose) {
  CliResult result = RunCli({"-e",
                             "const { port1, port2 } = new MessageChannel();\n"
                             "port1.on('close', () => console.log('close'));\n"
                             "port2.postMessage('hello'); port2.close();\n"
                             "setTimeout(() => port1.on('message', (m) => console.log('got', m)), 50);\n"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "got hello\nclose\n") << result.err;
  // With nothing queued, the close still reaches it unstarted.
  result = RunCli({"-e",
                   "const { port1, port2 } = new MessageChannel();\n"
                   "port1.on('close', () => console.log('close'));\n"
                   "port2.close();\n"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "close\n") << result.err;
}

TEST(MessageChannelTest, AWorkerThatDoesNotUseChannelsLoadsNothingForThem) {
  EXPECT_EQ(BuiltinsLoadedBySource("require('worker_threads').parentPort.postMessage(1);"),
            BuiltinsLoadedBySource(""));
}

}  // namespace
}  // namespace isohost::testing
