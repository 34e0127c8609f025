// net in real workers: a server and a client in one worker, two workers
// talking over localhost, and bad input that must give Node's errors (each
// script's output was checked against Node 20's).
#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(NetTest, ServerAndClientInOneWorker) {
  CliResult result = RunCli({"run", ScriptPath("net/echo.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"(listening event
address: 127.0.0.1 IPv4 true
connected: 127.0.0.1 true 127.0.0.1
back-pressure seen: true
server: client ended after 16777216 bytes
server: socket closed false
client: reply got 16777216
client: closed false 16777216 12
server closed
connections: null 0
)");
}

// As Node's: `fd` is a getter of a number, the socket fs can look at.
TEST(NetTest, AListeningHandleHasItsDescriptorAsFd) { ExpectSameOutputAsNode("net/handle_fd"); }

TEST(NetTest, TwoWorkersTalkOverLocalhost) {
  CliResult result = RunCli({"run", ScriptPath("net/two_workers.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"(server got: ping from client
client exited: 0 
client got: pong from server
)");
}

TEST(NetTest, BadInputGivesNodesErrors) {
  CliResult result = RunCli({"run", ScriptPath("net/errors.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"(connect(-1) -> RangeError ERR_SOCKET_BAD_PORT Port should be >= 0 and < 65536. Received type number (-1).
connect(70000) -> RangeError ERR_SOCKET_BAD_PORT Port should be >= 0 and < 65536. Received type number (70000).
connect({port: {}}) -> TypeError ERR_INVALID_ARG_TYPE The "options.port" property must be one of type number or string. Received an instance of Object
connect({}) -> TypeError ERR_MISSING_ARGS The "options" or "port" or "path" argument must be specified
listen(-5) -> RangeError ERR_SOCKET_BAD_PORT options.port should be >= 0 and < 65536. Received type number (-5).
listen twice -> Error ERR_SERVER_ALREADY_LISTEN Listen method has been called more than once without closing.
setTimeout(-1) -> RangeError ERR_OUT_OF_RANGE The value of "msecs" is out of range. It must be a non-negative finite number. Received -1
refused: true ECONNREFUSED -111 connect 127.0.0.1 true
in use: true EADDRINUSE listen 127.0.0.1 true
second close: ERR_SERVER_NOT_RUNNING Server is not running.
refused socket closed true
write callback: ERR_STREAM_WRITE_AFTER_END
write after end: ERR_STREAM_WRITE_AFTER_END write after end
done
)");
}

TEST(NetTest, IsCompiledOnFirstUseOnly) {
  int idle = BuiltinsLoaded({ScriptPath("empty.js")});
  int used = BuiltinsLoadedBySource("require('net');\n");
  ASSERT_GT(idle, 0);
  // node/net, internal/net/socket, internal/net/ip and the streams under them.
  EXPECT_GE(used, idle + 3);
}

}  // namespace
}  // namespace isohost::testing
