#include "host/launch/launcher.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "host/launch/cgroup_tree.h"
#include "host/launch/exec_process.h"
#include "host/launch/worker_binary.h"
#include "host/launch/zygote.h"
#include "ipc/channel.h"
#include "isohost/output_forwarder.h"

namespace isohost {
namespace {

constexpr std::uint64_t kRefillDelayMs = 20;
constexpr std::uint64_t kRefillDelayEmptyMs = 2;
constexpr int kZygoteStartTimeoutMs = 10000;

bool MakePipe(base::UniqueFd* read_end, base::UniqueFd* write_end) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  read_end->reset(fds[0]);
  write_end->reset(fds[1]);
  return true;
}

}  // namespace

std::string_view SpawnStrategyName(SpawnStrategy strategy) {
  switch (strategy) {
    case SpawnStrategy::kDefault: return "default";
    case SpawnStrategy::kExec: return "exec";
    case SpawnStrategy::kZygote: return "zygote";
    case SpawnStrategy::kPool: return "pool";
  }
  return "?";
}

bool MakeWorkerFds(LaunchedProcess* launched, ChildFds* child, std::string* error) {
  int channel[2];
  if (int rc = ipc::MakeChannelSocketPair(channel); rc < 0) {
    *error = std::string("socketpair failed: ") + std::strerror(-rc);
    return false;
  }
  launched->channel.reset(channel[0]);
  child->channel.reset(channel[1]);
  if (!MakePipe(&launched->stdout_read, &child->stdout_write) ||
      !MakePipe(&launched->stderr_read, &child->stderr_write)) {
    *error = std::string("pipe failed: ") + std::strerror(errno);
    return false;
  }
  return true;
}

namespace {

// A fresh isohost-worker.
std::optional<LaunchedProcess> LaunchFresh(uv_loop_t* loop, const LaunchRequest& request, std::string* error) {
  LaunchedProcess launched;
  launched.strategy = SpawnStrategy::kExec;
  ChildFds child;
  if (!MakeWorkerFds(&launched, &child, error)) return std::nullopt;
  // The worker dies with this process (worker/runtime/parent_death.h).
  std::vector<std::string> args{request.binary, "--parent-pid=" + std::to_string(::getpid())};
  args.insert(args.end(), request.v8_flags.begin(), request.v8_flags.end());
  if (request.max_old_space_mb > 0) args.push_back("--max-old-space-mb=" + std::to_string(request.max_old_space_mb));
  if (request.max_young_space_mb > 0) {
    args.push_back("--max-young-space-mb=" + std::to_string(request.max_young_space_mb));
  }
  if (request.code_range_mb > 0) args.push_back("--code-range-mb=" + std::to_string(request.code_range_mb));
  int fds[3] = {child.stdout_write.get(), child.stderr_write.get(), child.channel.get()};
  auto watch = ExecWatch::Spawn(loop, args, fds, error);
  if (!watch) return std::nullopt;
  launched.pid = watch->pid();
  launched.watch = std::move(watch);
  return launched;
}

}  // namespace

std::optional<LaunchedProcess> LaunchByExec(uv_loop_t* loop, const LaunchRequest& request, std::string* error,
                                            const std::shared_ptr<CgroupTree>& cgroups) {
  return KeepInCgroup(LaunchFresh(loop, request, error), cgroups);
}

Launcher::Launcher(uv_loop_t* loop, LauncherOptions options)
    : loop_(loop), options_(std::move(options)), refill_(loop) {
  if (options_.worker_binary.empty()) options_.worker_binary = FindWorkerBinary();
  if (options_.default_strategy == SpawnStrategy::kDefault) options_.default_strategy = SpawnStrategy::kPool;
  if (!options_.logger) options_.logger = MakeHostLogger("isohost", LogFormat::kText);
  pool_request_.binary = options_.worker_binary;
  cgroups_ = CgroupTree::ForThisProcess(options_.worker_binary, *options_.logger);
}

Launcher::~Launcher() = default;

bool Launcher::zygote_alive() const { return zygote_ && zygote_->alive(); }

void Launcher::KillZygoteForTesting() {
  if (zygote_) zygote_->Kill();
}

std::optional<LaunchedProcess> Launcher::LaunchFromZygote(const LaunchRequest& request, std::string* error,
                                                          bool pooled, bool in_background) {
  if (zygote_failed_) return LaunchByExec(loop_, request, error, cgroups_);
  // A zygote that died is replaced once; if that fails too, exec from now on.
  for (int attempt = 0; attempt < 2; ++attempt) {
    std::string start_error;
    // One still starting is asked below (a dead one then says why).
    if (!zygote_ || (zygote_->ready() && !zygote_->alive())) {
      if (zygote_) options_.logger->warn("the zygote died; starting a new one");
      zygote_ = Zygote::Begin(loop_, options_.worker_binary, options_.logger, &start_error);
    }
    Zygote::Readiness readiness = Zygote::Readiness::kFailed;
    if (zygote_) readiness = zygote_->CheckReady(in_background ? 0 : kZygoteStartTimeoutMs, &start_error);
    if (readiness == Zygote::Readiness::kStarting) return LaunchByExec(loop_, request, error, cgroups_);
    if (readiness == Zygote::Readiness::kFailed) {
      options_.logger->warn("cannot start the zygote ({}); spawning workers by exec", start_error);
      zygote_.reset();
      zygote_failed_ = true;
      return LaunchByExec(loop_, request, error, cgroups_);
    }
    std::string launch_error;
    if (auto launched = zygote_->Launch(request, &launch_error, pooled, cgroups_)) return launched;
    // A zygote found dead here is replaced, and said so, on the next attempt.
    if (zygote_->alive()) options_.logger->warn("the zygote could not start a worker: {}", launch_error);
  }
  return LaunchByExec(loop_, request, error, cgroups_);
}

std::optional<LaunchedProcess> Launcher::TakeFromPool(const LaunchRequest& request) {
  if (!(request == pool_request_)) return std::nullopt;
  while (!pool_.empty()) {
    LaunchedProcess launched = std::move(pool_.front().process);
    pool_.pop_front();
    if (launched.watch->running()) {
      launched.strategy = SpawnStrategy::kPool;
      return launched;
    }
  }
  return std::nullopt;
}

void Launcher::StopRefilling() {
  refilling_ = false;
  refill_.Stop();
}

void Launcher::ScheduleRefill() {
  if (!refilling_) return;
  // Not at once: the fork and the new worker's start-up would compete for
  // the CPU with the worker just taken, which is starting its script now.
  // An empty pool is refilled sooner.
  refill_.Start(pool_.empty() ? kRefillDelayEmptyMs : kRefillDelayMs, [this] {
    std::string ignored;
    if (refill_in_background_ && zygote_ && zygote_->alive() &&
        zygote_->CheckReady(0, &ignored) == Zygote::Readiness::kStarting) {
      return ScheduleRefill();  // later: the host does not wait for the zygote
    }
    FillPool();
  });
}

void Launcher::FillPool() {
  while (pool_.size() < options_.pool_size) {
    std::string error;
    auto launched = LaunchFromZygote(pool_request_, &error, /*pooled=*/true);
    if (!launched) {
      options_.logger->warn("cannot refill the worker pool: {}", error);
      return;
    }
    // The worker sets up the pipe of the host's frames while it waits, not
    // when its Start comes (else its channel makes one at the first frame).
    ipc::AttachOutputPipe(launched->channel.get(), &launched->output_pipe);
    pool_.push_back(Pooled{std::move(*launched), {}});
  }
  PrepareExpectedScript();
}

void Launcher::PrepareExpectedScript() {
  if (expected_.script_path.empty()) return;
  for (Pooled& pooled : pool_) {
    if (pooled.prepared == expected_ || !pooled.process.output_pipe.write) continue;
    proto::Envelope envelope;
    envelope.mutable_prepare_entry()->set_script_path(expected_.script_path);
    envelope.mutable_prepare_entry()->set_compile_cache_dir(expected_.compile_cache_dir);
    // A hint: one that cannot go now is not sent at all.
    if (ipc::SendAhead(pooled.process.output_pipe, envelope)) pooled.prepared = expected_;
  }
}

bool Launcher::WaitForPoolReady(int timeout_ms) {
  // A pooled worker is ready once its Hello is waiting on the channel.
  for (Pooled& pooled : pool_) {
    pollfd pfd{pooled.process.channel.get(), POLLIN, 0};
    if (::poll(&pfd, 1, timeout_ms) != 1) return false;
  }
  return true;
}

std::optional<LaunchedProcess> Launcher::Launch(const LaunchRequest& request, SpawnStrategy strategy,
                                                std::string* error, bool nested, const EntryHint& entry) {
  bool in_background = false;
  if (strategy == SpawnStrategy::kDefault) {
    if (nested && options_.nested_strategy != SpawnStrategy::kDefault) {
      strategy = options_.nested_strategy;
      in_background = true;
      refill_in_background_ = true;
    } else {
      strategy = options_.default_strategy;
    }
  }
  // The zygote's V8 has its flags already, and it is one binary: a worker that
  // needs other flags or another binary is exec'd.
  if (!request.v8_flags.empty() || request.binary != options_.worker_binary) strategy = SpawnStrategy::kExec;
  switch (strategy) {
    case SpawnStrategy::kPool:
      // The workers that refill the pool, and those in it, prepare this
      // script (PrepareExpectedScript, at the refill).
      if (!entry.script_path.empty()) expected_ = entry;
      if (auto launched = TakeFromPool(request)) {
        ScheduleRefill();
        return launched;
      }
      ScheduleRefill();
      return LaunchFromZygote(request, error, /*pooled=*/false, in_background);
    case SpawnStrategy::kZygote:
      return LaunchFromZygote(request, error, /*pooled=*/false, in_background);
    case SpawnStrategy::kExec:
    case SpawnStrategy::kDefault:
      break;
  }
  return LaunchByExec(loop_, request, error, cgroups_);
}

}  // namespace isohost
