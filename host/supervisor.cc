#include "isohost/supervisor.h"

#include <algorithm>
#include <deque>

#include "host/launch/launcher.h"
#include "base/check.h"
#include "base/uv_handle.h"
#include "base/uv_loop.h"

namespace isohost {

struct Supervisor::Entry {
  Entry(uv_loop_t* loop, std::uint64_t id) : id(id), restart_timer(loop) {}

  std::uint64_t id;
  WorkerOptions options;
  SupervisedCallbacks callbacks;
  RestartOptions restart;
  std::deque<std::uint64_t> restart_times;  // uv_now() of recent restarts
  int restarts = 0;
  // Declared last: destroyed first, so no callback reaches a half-gone entry.
  base::TimerHandle restart_timer;
  std::unique_ptr<Worker> worker;
};

std::string_view RestartPolicyName(RestartPolicy policy) {
  switch (policy) {
    case RestartPolicy::kNo: return "no";
    case RestartPolicy::kOnFailure: return "on-failure";
    case RestartPolicy::kAlways: return "always";
  }
  return "?";
}

namespace {

std::unique_ptr<Launcher> MakeLauncher(uv_loop_t* loop, const SupervisorOptions& options) {
  LauncherOptions launcher_options;
  launcher_options.default_strategy = options.default_strategy;
  launcher_options.pool_size = options.pool_size;
  launcher_options.nested_strategy = options.nested_strategy;
  launcher_options.worker_binary = options.worker_binary;
  launcher_options.logger = options.logger;
  return std::make_unique<Launcher>(loop, launcher_options);
}

}  // namespace

Supervisor::Supervisor(SupervisorOptions options)
    : own_loop_(std::make_unique<uv_loop_t>()), loop_(own_loop_.get()) {
  CHECK_UV(uv_loop_init(loop_));
  launcher_ = MakeLauncher(loop_, options);
}

Supervisor::Supervisor(uv_loop_t* loop, SupervisorOptions options)
    : loop_(loop), launcher_(MakeLauncher(loop, options)) {}

Supervisor::~Supervisor() {
  shutting_down_ = true;
  entries_.clear();  // each Worker kills and reaps its process
  std::shared_ptr<spdlog::logger> logger = launcher_->logger();
  launcher_.reset();  // the pool and the zygote
  if (own_loop_) {
    std::string still_open;
    if (base::CloseLoop(loop_, &still_open) != 0) {
      // The embedder's own handles on our loop: libuv keeps the loop's memory
      // for them, which we must then leak rather than free under them.
      logger->error("the supervisor's loop still has open handles ({}): close them before the Supervisor", still_open);
      (void)own_loop_.release();
    }
  }
}

std::uint64_t Supervisor::Spawn(WorkerOptions options, SupervisedCallbacks callbacks, RestartOptions restart) {
  std::uint64_t id = next_id_++;
  auto entry = std::make_unique<Entry>(loop_, id);
  entry->options = std::move(options);
  entry->callbacks = std::move(callbacks);
  entry->restart = restart;
  Entry& ref = *entry;
  entries_.emplace(id, std::move(entry));
  StartIncarnation(ref);
  return id;
}

void Supervisor::StartIncarnation(Entry& entry) {
  // The entry outlives each of its workers (it is destroyed after them), so
  // the callbacks may refer to its copy of the user's.
  const SupervisedCallbacks& user = entry.callbacks;
  std::uint64_t id = entry.id;
  WorkerCallbacks callbacks;
  if (user.on_online) callbacks.on_online = [&user, id] { user.on_online(id); };
  if (user.on_message) callbacks.on_message = [&user, id](std::string_view data) { user.on_message(id, data); };
  if (user.on_output) {
    callbacks.on_output = [&user, id](StdioStream stream, std::string_view data, ConsoleLevel level) {
      user.on_output(id, stream, data, level);
    };
  }
  callbacks.on_exit = [this, &user, id](const ExitInfo& info) {
    if (user.on_exit) user.on_exit(id, info);
    OnExit(id, info);
  };
  entry.worker = Worker::Spawn(loop_, entry.options, std::move(callbacks), launcher_.get());
  if (user.on_spawn) user.on_spawn(id, *entry.worker);
}

void Supervisor::OnExit(std::uint64_t id, const ExitInfo& info) {
  auto it = entries_.find(id);
  if (it == entries_.end()) return;
  Entry& entry = *it->second;
  // The Worker that called us returns right after this: let it go on the
  // next turn, not under its own feet.
  std::shared_ptr<Worker> finished(std::move(entry.worker));
  entry.restart_timer.Start(0, [finished] {});

  bool failed = info.code != 0 || info.reason != ExitReason::kNormal;
  bool restart = !shutting_down_ && info.reason != ExitReason::kStartupFailed &&
                 (entry.restart.policy == RestartPolicy::kAlways ||
                  (entry.restart.policy == RestartPolicy::kOnFailure && failed));
  if (!restart) return Finish(id, info, "");

  std::uint64_t now = uv_now(loop_);
  while (!entry.restart_times.empty() && now - entry.restart_times.front() > entry.restart.window_ms) {
    entry.restart_times.pop_front();
  }
  if (static_cast<int>(entry.restart_times.size()) >= entry.restart.max_restarts) {
    return Finish(id, info,
                  "gave up after " + std::to_string(entry.restart_times.size()) + " restarts within " +
                      std::to_string(entry.restart.window_ms / 1000.0).substr(0, 5) + " s (last exit: " +
                      std::string(ExitReasonName(info.reason)) + ", code " + std::to_string(info.code) + ")");
  }
  // Back-off grows with the restarts inside the window, so a worker that ran
  // fine for a long time restarts quickly again.
  int recent = static_cast<int>(entry.restart_times.size());
  std::uint64_t delay = entry.restart.initial_backoff_ms << std::min(recent, 30);
  delay = std::min(delay, entry.restart.max_backoff_ms);
  entry.restart_times.push_back(now + delay);
  ++entry.restarts;
  if (entry.callbacks.on_restart) entry.callbacks.on_restart(id, delay, entry.restarts);
  entry.restart_timer.Start(delay, [this, id, finished] {
    auto found = entries_.find(id);
    if (found == entries_.end() || shutting_down_) return;
    StartIncarnation(*found->second);
  });
}

void Supervisor::Finish(std::uint64_t id, const ExitInfo& info, const std::string& why) {
  auto it = entries_.find(id);
  if (it == entries_.end()) return;
  auto on_done = std::move(it->second->callbacks.on_done);
  // Keep the entry (its timer holds the finished Worker) until the next turn.
  std::shared_ptr<Entry> retired(std::move(it->second));
  entries_.erase(it);
  auto* loop = loop_;
  auto holder = std::make_shared<base::DeferredCall>(loop);
  holder->Start([retired, holder]() mutable { holder.reset(); });
  if (on_done) on_done(id, info, why);
}

Worker* Supervisor::Find(std::uint64_t id) {
  auto it = entries_.find(id);
  return it == entries_.end() ? nullptr : it->second->worker.get();
}

bool Supervisor::PostMessage(std::uint64_t id, std::string_view data) {
  Worker* worker = Find(id);
  return worker != nullptr && worker->PostMessage(data);
}

void Supervisor::Shutdown(std::uint64_t grace_ms, int code) {
  shutting_down_ = true;
  launcher_->StopRefilling();
  std::vector<std::uint64_t> pending_restart;
  for (auto& [id, entry] : entries_) {
    if (entry->worker) {
      entry->worker->Terminate(code, grace_ms);
    } else {
      pending_restart.push_back(id);
    }
  }
  for (std::uint64_t id : pending_restart) {
    ExitInfo info;
    info.reason = ExitReason::kTerminated;
    info.code = code;
    Finish(id, info, "shut down while waiting to restart");
  }
}

void Supervisor::Kill() { Shutdown(0, 137); }

void Supervisor::Run() { uv_run(loop_, UV_RUN_DEFAULT); }

}  // namespace isohost
