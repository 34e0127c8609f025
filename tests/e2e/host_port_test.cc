// A port the host keeps (isohost/port.h): the host makes a channel, gives
// one end to a worker, and posts and receives structured-clone bytes on the
// other; a close on either side reaches the other.
#include <gtest/gtest.h>
#include <uv.h>

#include <string>
#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/worker.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::string Encode(const char* json) {
  std::vector<std::uint8_t> bytes = clone::Encode(clone::ParseJson(json).value());
  return std::string(bytes.begin(), bytes.end());
}

std::string Decode(std::string_view data) {
  clone::Result<clone::CloneValue> value = clone::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
  return value ? clone::ToJsonText(*value) : "undecodable";
}

// The worker doubles numbers that come on the port it is given, and closes
// it on "bye"; what it gets on parentPort it reports there.
constexpr char kDoubler[] =
    "const { parentPort, MessagePort } = require('worker_threads');\n"
    "parentPort.once('message', (port) => {\n"
    "  parentPort.postMessage(port instanceof MessagePort ? 'a port' : typeof port);\n"
    "  port.on('message', (m) => {\n"
    "    if (m === 'bye') return port.close();\n"
    "    port.postMessage(m * 2);\n"
    "  });\n"
    "  port.on('close', () => parentPort.postMessage('closed'));\n"
    "});\n";

// Spawns kDoubler as `worker`, whose messages to its parent go to
// `on_parent`; it is ended once it says its port closed.
void SpawnDoubler(uv_loop_t* loop, std::vector<std::string>& on_parent, std::unique_ptr<Worker>& worker) {
  WorkerCallbacks callbacks;
  callbacks.on_message = [&on_parent, &worker](std::string_view data) {
    on_parent.push_back(Decode(data));
    if (on_parent.back() == "\"closed\"") worker->Terminate(0);
  };
  callbacks.on_exit = [](const ExitInfo&) {};
  WorkerOptions options;
  options.script_source = kDoubler;
  options.worker_binary = BinDir() + "/isohost-worker";
  worker = Worker::Spawn(loop, std::move(options), std::move(callbacks));
}

struct LoopOfOurOwn {
  uv_loop_t loop;
  LoopOfOurOwn() { uv_loop_init(&loop); }
  ~LoopOfOurOwn() {
    uv_run(&loop, UV_RUN_DEFAULT);
    uv_loop_close(&loop);
  }
};

TEST(HostPortTest, TheHostTalksWithAWorkerOverAPortItKeeps) {
  LoopOfOurOwn run;
  std::vector<std::string> on_parent;
  std::vector<std::string> on_port;
  bool port_closed = false;
  std::unique_ptr<Port> port;
  std::unique_ptr<Worker> worker;
  SpawnDoubler(&run.loop, on_parent, worker);
  Port::Callbacks port_callbacks;
  port_callbacks.on_message = [&](std::string_view data) {
    on_port.push_back(Decode(data));
    if (on_port.size() == 3) port->PostMessage(Encode("\"bye\""));
  };
  port_callbacks.on_close = [&] { port_closed = true; };
  port = worker->PostPort(std::move(port_callbacks));
  ASSERT_NE(port, nullptr);
  for (const char* n : {"1", "2", "21"}) EXPECT_TRUE(port->PostMessage(Encode(n)));
  uv_run(&run.loop, UV_RUN_DEFAULT);
  EXPECT_EQ(on_port, (std::vector<std::string>{"2", "4", "42"}));
  EXPECT_EQ(on_parent, (std::vector<std::string>{"\"a port\"", "\"closed\""}));
  EXPECT_TRUE(port_closed);
  EXPECT_FALSE(port->PostMessage(Encode("1")));
  port.reset();
  worker.reset();
}

TEST(HostPortTest, ClosingTheHostsEndClosesTheWorkers) {
  LoopOfOurOwn run;
  std::vector<std::string> on_parent;
  std::unique_ptr<Port> port;
  std::unique_ptr<Worker> worker;
  SpawnDoubler(&run.loop, on_parent, worker);
  Port::Callbacks port_callbacks;
  port_callbacks.on_message = [&](std::string_view) { port->Close(); };
  port = worker->PostPort(std::move(port_callbacks));
  ASSERT_NE(port, nullptr);
  port->PostMessage(Encode("5"));
  uv_run(&run.loop, UV_RUN_DEFAULT);
  EXPECT_EQ(on_parent, (std::vector<std::string>{"\"a port\"", "\"closed\""}));
  EXPECT_TRUE(port->closed());
  port.reset();
  worker.reset();
}

}  // namespace
}  // namespace isohost::testing
