// An example C++ host: spawns three workers under a Supervisor, sends each a
// few numbers, prints the answers, and logs the workers' output through
// spdlog with their ids, pids and console levels.
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/output_forwarder.h"
#include "isohost/supervisor.h"

namespace {

std::string ToBytes(const std::string& json) {
  auto value = isohost::clone::ParseJson(json);
  std::vector<std::uint8_t> bytes = isohost::clone::Encode(*value);
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace

int main() {
  // The supervisor's own diagnostics (a zygote that died, a pool that cannot
  // be refilled) go through the host's logger, like everything else it logs.
  isohost::SupervisorOptions supervisor_options;
  supervisor_options.logger = isohost::MakeHostLogger("host", isohost::LogFormat::kText);
  isohost::Supervisor supervisor(supervisor_options);
  std::map<std::uint64_t, std::unique_ptr<isohost::OutputForwarder>> logs;
  std::map<std::uint64_t, int> answers;
  int failures = 0;

  // One set of callbacks serves every worker: each call names the worker.
  isohost::SupervisedCallbacks callbacks;
  callbacks.on_spawn = [&logs](std::uint64_t id, isohost::Worker& worker) {
    auto& log = logs[id];
    if (!log) log = std::make_unique<isohost::OutputForwarder>(isohost::OutputMode::kLog, isohost::LogFormat::kText, id);
    log->set_pid(worker.pid());
  };
  callbacks.on_output = [&logs](std::uint64_t id, isohost::StdioStream stream, std::string_view data,
                                isohost::ConsoleLevel level) { logs[id]->Write(stream, data, level); };
  callbacks.on_message = [&](std::uint64_t id, std::string_view data) {
    auto value = isohost::clone::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
    std::printf("answer from worker %llu: %s\n", static_cast<unsigned long long>(id),
                value ? isohost::clone::ToJsonText(*value).c_str() : value.error().message.c_str());
    if (++answers[id] == 3) supervisor.PostMessage(id, ToBytes("\"stop\""));
  };
  callbacks.on_done = [&](std::uint64_t id, const isohost::ExitInfo& info, const std::string&) {
    logs[id]->Flush();
    std::printf("worker %llu exited: %s, code %d\n", static_cast<unsigned long long>(id),
                std::string(isohost::ExitReasonName(info.reason)).c_str(), info.code);
    if (info.code != 0) ++failures;
  };

  for (int n = 1; n <= 3; ++n) {
    isohost::WorkerOptions options;
    options.script_path = EMBED_SCRIPT;
    options.worker_binary = EMBED_WORKER_BINARY;
    options.worker_data = ToBytes("{\"name\":\"g" + std::to_string(n) + "\"}");
    std::uint64_t id = supervisor.Spawn(std::move(options), callbacks);
    for (int k = 1; k <= 3; ++k) supervisor.PostMessage(id, ToBytes(std::to_string(k * n)));
  }
  supervisor.Run();
  std::fflush(stdout);
  return failures == 0 && answers.size() == 3 ? 0 : 1;
}
