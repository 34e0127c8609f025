#include "host/launch/zygote.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "host/launch/cgroup_tree.h"
#include "host/launch/exit_notice.h"
#include "ipc/zygote_protocol.h"

namespace isohost {
namespace {

// A zygote that takes longer than this to start or to fork is broken.
constexpr int kZygoteReplyTimeoutMs = 10000;

// What a zygote that did not start said before it died, for the error.
std::string ReadWhatIsThere(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  char buffer[2048];
  ssize_t n = ::read(fd, buffer, sizeof buffer);
  if (n <= 0) return {};
  std::string text(buffer, static_cast<std::size_t>(n));
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

}  // namespace

// A worker forked by the zygote: it tells us when the worker ends.
class ZygoteWatch final : public ProcessWatch {
 public:
  ZygoteWatch(std::shared_ptr<Zygote> zygote, int pid)
      : zygote_(std::move(zygote)), pid_(pid), exit_(zygote_->loop_) {
    zygote_->watches_[pid_] = this;
    exit_.Started();
  }
  ~ZygoteWatch() override {
    if (exit_.running()) {
      // The zygote reaps it and reports the exit, which nobody waits for now.
      ::kill(pid_, SIGKILL);
      zygote_->watches_.erase(pid_);
      Unawait();
    }
  }
  void OnExit(std::function<void(int, int)> callback) override {
    if (exit_.running() && !awaited_) {
      awaited_ = true;
      ++zygote_->awaited_watches_;
      zygote_->UpdatePollRef();
    }
    exit_.Listen(std::move(callback));
  }
  bool running() const override { return exit_.running(); }
  void Kill(int signal) override {
    if (exit_.running()) ::kill(pid_, signal);
  }

  void Exited(int exit_status, int term_signal) {
    Unawait();
    exit_.Exited(exit_status, term_signal);  // may destroy this
  }

 private:
  std::shared_ptr<Zygote> zygote_;
  int pid_;
  ExitNotice exit_;
  bool awaited_ = false;  // somebody waits for the exit: keep the loop alive

  void Unawait() {
    if (!awaited_) return;
    awaited_ = false;
    --zygote_->awaited_watches_;
    zygote_->UpdatePollRef();
  }
};

std::shared_ptr<Zygote> Zygote::Start(uv_loop_t* loop, const std::string& binary,
                                      std::shared_ptr<spdlog::logger> logger, std::string* error) {
  std::shared_ptr<Zygote> zygote = Begin(loop, binary, std::move(logger), error);
  if (!zygote || zygote->CheckReady(kZygoteReplyTimeoutMs, error) != Readiness::kReady) return nullptr;
  return zygote;
}

std::shared_ptr<Zygote> Zygote::Begin(uv_loop_t* loop, const std::string& binary,
                                      std::shared_ptr<spdlog::logger> logger, std::string* error) {
  std::shared_ptr<Zygote> zygote(new Zygote(loop, std::move(logger)));
  zygote->binary_ = binary;
  int control[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, control) != 0) {
    *error = std::string("socketpair for the zygote failed: ") + std::strerror(errno);
    return nullptr;
  }
  zygote->control_.reset(control[0]);
  base::UniqueFd child_end(control[1]);
  // The zygote's own fd 1 and 2 are a pipe whose lines go to the logger: what
  // it says is rare and for the operator, and must not land in the host's
  // stdout, which may be carrying JSON records.
  int output[2];
  if (::pipe2(output, O_CLOEXEC) != 0) {
    *error = std::string("pipe for the zygote failed: ") + std::strerror(errno);
    return nullptr;
  }
  base::UniqueFd output_read(output[0]);
  base::UniqueFd output_write(output[1]);
  int fds[3] = {output_write.get(), output_write.get(), child_end.get()};
  // It dies with this process (worker/runtime/parent_death.h), and its workers with it.
  // LD_BIND_NOW: the dynamic linker resolves every symbol once, in the
  // zygote, where lazy binding would resolve them again in each forked
  // worker the first time it calls them (a few hundred, some on the path
  // from Start to the first message). The zygote takes it out of its
  // environment at once: nothing it starts inherits it.
  zygote->process_ = ExecWatch::Spawn(loop, {binary, "--zygote", "--parent-pid=" + std::to_string(::getpid())},
                                      fds, error, {"LD_BIND_NOW=1"});
  if (!zygote->process_) return nullptr;
  child_end.reset();
  output_write.reset();
  zygote->output_until_ready_ = std::move(output_read);
  return zygote;
}

Zygote::Readiness Zygote::CheckReady(int timeout_ms, std::string* error) {
  if (ready_) return Readiness::kReady;
  if (!control_) {
    *error = "the zygote (" + binary_ + " --zygote) did not start";
    return Readiness::kFailed;
  }
  pollfd pfd{control_.get(), POLLIN, 0};
  int polled = ::poll(&pfd, 1, timeout_ms);
  if (polled == 0 && timeout_ms == 0) return Readiness::kStarting;
  ipc::ZygoteReply ready;
  if (polled != 1 || !ReadReply(&ready) || ready.kind != ipc::ZygoteReplyKind::kReady) {
    *error = "the zygote (" + binary_ + " --zygote) did not start";
    if (std::string said = ReadWhatIsThere(output_until_ready_.get()); !said.empty()) *error += ": " + said;
    control_.reset();  // ends it, if it still runs
    return Readiness::kFailed;
  }
  Zygote* raw = this;
  if (int rc = output_.OpenPipe(output_until_ready_.release()); rc == 0) {
    output_.StartReading([raw](std::string_view data) { raw->OnOutput(data); },
                         [raw] {
                           if (!raw->output_partial_.empty()) raw->OnOutput("\n");
                         });
    output_.SetReferenced(false);  // it never keeps the host running
  } else {
    logger_->warn("the zygote's own output is lost: {}", uv_strerror(rc));
  }
  if (int rc = control_watch_.Open(loop_, control_.get(), [raw](int status, int) { raw->OnControlReadable(status); });
      rc != 0) {
    *error = std::string("cannot watch the zygote's control socket: ") + uv_strerror(rc);
    control_.reset();
    return Readiness::kFailed;
  }
  control_watch_.Set(UV_READABLE | UV_DISCONNECT, false);
  UpdatePollRef();
  ready_ = true;
  return Readiness::kReady;
}

Zygote::~Zygote() {
  StopWatchingControl();
  // On EOF the zygote ends its workers, reaps them and exits; wait for that
  // so that nothing outlives us. process_ (ExecWatch) kills what remains.
  control_.reset();
  if (process_) process_->WaitForExit(2000);
}

void Zygote::StopWatchingControl() { control_watch_.Close(); }

void Zygote::OnOutput(std::string_view data) {
  while (!data.empty()) {
    std::size_t newline = data.find('\n');
    if (newline == std::string_view::npos) {
      output_partial_.append(data);
      return;
    }
    output_partial_.append(data.substr(0, newline));
    logger_->warn("zygote (pid {}): {}", pid(), output_partial_);
    output_partial_.clear();
    data.remove_prefix(newline + 1);
  }
}

void Zygote::UpdatePollRef() {
  // Exit reports somebody waits for keep the loop alive; an idle zygote and
  // pooled workers do not.
  control_watch_.SetReferenced(awaited_watches_ != 0);
}

bool Zygote::ReadReply(ipc::ZygoteReply* reply) {
  int fds[1];
  int fd_count = 0;
  long n = ipc::RecvWithFds(control_.get(), reply, sizeof *reply, fds, 0, &fd_count);
  if (n != static_cast<long>(sizeof *reply) || reply->magic != ipc::kZygoteMagic) return false;
  return true;
}

void Zygote::Dispatch(const ipc::ZygoteReply& reply) {
  if (reply.kind != ipc::ZygoteReplyKind::kExited) return;
  auto it = watches_.find(reply.pid);
  if (it == watches_.end()) return;  // a worker nobody watches any more
  ZygoteWatch* watch = it->second;
  watches_.erase(it);
  int status = reply.status;
  watch->Exited(WIFEXITED(status) ? WEXITSTATUS(status) : 0, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

void Zygote::OnControlReadable(int status) {
  auto keep_alive = shared_from_this();  // a callback may drop the last other owner
  while (true) {
    pollfd pfd{control_.get(), POLLIN, 0};
    if (status == 0 && ::poll(&pfd, 1, 0) != 1) return;
    ipc::ZygoteReply reply;
    if (!ReadReply(&reply)) return OnGone();
    Dispatch(reply);
    status = 0;
  }
}

void Zygote::OnGone() {
  StopWatchingControl();
  control_.reset();
  // Its workers died with it (PDEATHSIG); their exit status is lost.
  auto watches = std::move(watches_);
  watches_.clear();
  for (auto& [pid, watch] : watches) watch->Exited(0, SIGKILL);
}

std::optional<LaunchedProcess> Zygote::Launch(const LaunchRequest& request, std::string* error, bool pooled,
                                              const std::shared_ptr<CgroupTree>& cgroups) {
  if (!alive()) {
    *error = "the zygote is not running";
    return std::nullopt;
  }
  return KeepInCgroup(LaunchForked(request, error, pooled), cgroups);
}

std::optional<LaunchedProcess> Zygote::LaunchForked(const LaunchRequest& request, std::string* error, bool pooled) {
  LaunchedProcess launched;
  launched.strategy = SpawnStrategy::kZygote;
  ChildFds child;
  if (!MakeWorkerFds(&launched, &child, error)) return std::nullopt;
  ipc::ZygoteRequest zygote_request;
  zygote_request.request_id = next_request_++;
  zygote_request.max_old_space_mb = request.max_old_space_mb;
  zygote_request.max_young_space_mb = request.max_young_space_mb;
  zygote_request.code_range_mb = request.code_range_mb;
  if (pooled) zygote_request.flags |= ipc::kZygoteFlagPooled;
  int fds[3] = {child.channel.get(), child.stdout_write.get(), child.stderr_write.get()};
  if (long rc = ipc::SendWithFds(control_.get(), &zygote_request, sizeof zygote_request, fds, 3); rc < 0) {
    *error = std::string("cannot reach the zygote: ") + std::strerror(-rc);
    // It died while the loop was idle, so nothing has noticed yet.
    if (rc == -EPIPE || rc == -ECONNRESET) OnGone();
    return std::nullopt;
  }
  // The fork takes a fraction of a millisecond: wait for its answer here,
  // handling exit reports that arrive first.
  while (true) {
    pollfd pfd{control_.get(), POLLIN, 0};
    if (::poll(&pfd, 1, kZygoteReplyTimeoutMs) != 1) {
      *error = "the zygote did not answer";
      return std::nullopt;
    }
    ipc::ZygoteReply reply;
    if (!ReadReply(&reply)) {
      OnGone();
      *error = "the zygote died";
      return std::nullopt;
    }
    if (reply.kind == ipc::ZygoteReplyKind::kExited) {
      pending_exits_.push_back(reply);
      std::weak_ptr<Zygote> weak = shared_from_this();
      deferred_dispatch_.Start([weak] {
        auto self = weak.lock();
        if (!self) return;
        auto pending = std::move(self->pending_exits_);
        self->pending_exits_.clear();
        for (const ipc::ZygoteReply& exit : pending) self->Dispatch(exit);
      });
      continue;
    }
    if (reply.request_id != zygote_request.request_id) continue;
    if (reply.kind == ipc::ZygoteReplyKind::kFailed) {
      *error = std::string("the zygote could not fork: ") + std::strerror(reply.error);
      return std::nullopt;
    }
    launched.pid = reply.pid;
    launched.watch = std::make_unique<ZygoteWatch>(shared_from_this(), reply.pid);
    return launched;
  }
}

}  // namespace isohost
