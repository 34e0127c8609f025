// BroadcastChannel between worker processes (proto BroadcastMessage,
// host/ports/broadcast_hub.h): nested workers of one tree, and workers a
// Supervisor started apart, hear each other by name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(BroadcastChannelTest, NestedWorkersAndTheirParentHearEachOther) {
  CliResult result = RunCli({"run", ScriptPath("ports/broadcast.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "A got from B, from main\n"
            "B got from A, from main\n"
            "main got from A, from B\n")
      << result.err;
}

// Channels of one worker take their messages channel by channel, in the
// order the channels were made, as Node's do: not in the order the
// messages were posted.
TEST(BroadcastChannelTest, ChannelsTakeTheirMessagesInTheOrderTheyWereMade) {
  CliResult result = RunCli({"-e",
                             "const c = [1, 2, 3].map(() => new BroadcastChannel('order'));\n"
                             "const seen = [];\n"
                             "c.forEach((ch, i) => { ch.onmessage = (e) => {\n"
                             "  seen.push(`c${i + 1} ${e.data}`);\n"
                             "  if (seen.length === 6) { console.log(seen.join(', ')); c.forEach((x) => x.close()); }\n"
                             "}; });\n"
                             "c[0].postMessage('from c1'); c[2].postMessage('from c3'); c[1].postMessage('done');\n"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "c1 from c3, c1 done, c2 from c1, c2 from c3, c3 from c1, c3 done\n")
      << result.err;
}

std::string Decode(std::string_view data) {
  clone::Result<clone::CloneValue> value = clone::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
  return value ? clone::ToJsonText(*value) : "undecodable";
}

// Each worker listens on 'news' and says so; the one told to posts what it
// is told and leaves; the other reports what it hears and leaves.
constexpr char kListener[] =
    "const { parentPort, BroadcastChannel } = require('worker_threads');\n"
    "const bc = new BroadcastChannel('news');\n"
    "bc.onmessage = (e) => { parentPort.postMessage('heard ' + e.data); bc.close(); process.exit(0); };\n"
    "parentPort.once('message', (m) => { bc.postMessage(m); bc.close(); });\n"
    "parentPort.postMessage('listening');\n";

TEST(BroadcastChannelTest, WorkersOfASupervisorHearEachOther) {
  SupervisorOptions supervisor_options;
  supervisor_options.default_strategy = SpawnStrategy::kExec;
  supervisor_options.worker_binary = BinDir() + "/isohost-worker";
  Supervisor supervisor(supervisor_options);
  std::vector<std::string> heard;
  std::vector<std::uint64_t> ids;
  int listening = 0;
  int done = 0;
  for (int i = 0; i < 2; ++i) {
    WorkerOptions options;
    options.script_source = kListener;
    options.worker_binary = BinDir() + "/isohost-worker";
    SupervisedCallbacks callbacks;
    callbacks.on_message = [&](std::uint64_t id, std::string_view data) {
      std::string text = Decode(data);
      if (text != "\"listening\"") {
        heard.push_back(std::string(id == ids[0] ? "first " : "second ") + text);
      } else if (++listening == 2) {
        std::vector<std::uint8_t> bytes = clone::Encode(clone::CloneValue::String("hello"));
        supervisor.PostMessage(ids[0], std::string(bytes.begin(), bytes.end()));
      }
    };
    callbacks.on_done = [&](std::uint64_t, const ExitInfo& info, const std::string&) {
      EXPECT_EQ(info.code, 0) << info.message;
      ++done;
    };
    ids.push_back(supervisor.Spawn(std::move(options), std::move(callbacks)));
  }
  while (done < 2) uv_run(supervisor.loop(), UV_RUN_ONCE);
  EXPECT_EQ(heard, std::vector<std::string>{"second \"heard hello\""});
}

}  // namespace
}  // namespace isohost::testing
