// http in real workers: a server and a client in one worker, two workers
// talking over localhost, AsyncLocalStorage across pooled sockets, and bad
// input (bad options, bad headers, malformed requests from a raw socket)
// that must give Node's errors and answers (each script's output was
// checked against Node 20's).
#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(HttpTest, ServerAndClientInOneWorker) {
  CliResult result = RunCli({"run", ScriptPath("http/server_client.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"(server headers: ["set-cookie"] [ 'a=1', 'b=2' ] false
chunked: 200 chunked [ 'a=1', 'b=2' ] part one, part two
length: 200 Fine 5 text/plain 12345 reused true
post: POST /echo 1.1 body=streamed te=chunked cl=undefined
put: PUT /echo 1.1 body=abc te=undefined cl=3
head: 200 5 ""
204: 204 "" undefined
pool: 0 1 true
METHODS: 35 true I'm a Teapot Not Found
)");
}

TEST(HttpTest, TwoWorkersTalkOverLocalhost) {
  CliResult result = RunCli({"run", ScriptPath("http/two_workers.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"(server got: POST /api application/json {"from":"client"}
client exited: 0 
client got: 200 application/json {"echo":{"from":"client"}}
)");
}

TEST(HttpTest, EventsRunInTheRequestsAsyncContext) {
  CliResult result = RunCli({"run", ScriptPath("http/async_context.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"(first done, reused socket: false
second done, reused socket: false
third done, reused socket: false
mismatches: none
)");
}

TEST(HttpTest, BadInputGivesNodesErrors) {
  CliResult result = RunCli({"run", ScriptPath("http/errors.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, R"(https: protocol -> TypeError ERR_INVALID_PROTOCOL Protocol "https:" not supported. Expected "http:"
bad method -> TypeError ERR_INVALID_HTTP_TOKEN Method must be a valid HTTP token ["BAD METHOD"]
unescaped path -> TypeError ERR_UNESCAPED_CHARACTERS Request path contains unescaped characters
bad agent -> TypeError ERR_INVALID_ARG_TYPE The "options.agent" property must be one of Agent-like Object, undefined, or false. Received type number (5)
bad header name -> TypeError ERR_INVALID_HTTP_TOKEN Header name must be a valid HTTP token ["bad name"]
bad header value -> TypeError ERR_INVALID_CHAR Invalid character in header content ["x-ok"]
undefined header value -> TypeError ERR_HTTP_INVALID_HEADER_VALUE Invalid value "undefined" for header "x-ok"
bad status -> RangeError ERR_HTTP_INVALID_STATUS_CODE Invalid status code: 1000
header after send -> Error ERR_HTTP_HEADERS_SENT Cannot set headers after they are sent to the client
write after end callback: ERR_STREAM_WRITE_AFTER_END
write after end: ERR_STREAM_WRITE_AFTER_END
raw answer: "HTTP/1.1 400 Bad Request"
raw answer: "HTTP/1.1 400 Bad Request"
raw answer: "HTTP/1.1 400 Bad Request"
raw answer: "HTTP/1.1 431 Request Header Fields Too Large"
clientError: HPE_INVALID_VERSION Parse Error: Invalid HTTP version true true
raw answer: "HTTP/1.1 400 Custom"
refused: true ECONNREFUSED true
hang up: ECONNRESET socket hang up
)");
}

TEST(HttpTest, IsCompiledOnFirstUseOnly) {
  int net_only = BuiltinsLoadedBySource("require('net');\n");
  int http = BuiltinsLoadedBySource("require('http');\n");
  ASSERT_GT(net_only, 0);
  // node/http and its parser, messages, server, client and agent.
  EXPECT_GE(http, net_only + 6);
}

}  // namespace
}  // namespace isohost::testing
