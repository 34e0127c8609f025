// The host's side of the zygote (worker/runtime/zygote.h): starts it once, asks it
// for workers, and learns from it when they end (it is their parent and
// reaps them). Shared by the Launcher and every worker it forked, so that a
// replaced zygote lives on until its last worker is gone.
#ifndef ISOHOST_HOST_LAUNCH_ZYGOTE_H_
#define ISOHOST_HOST_LAUNCH_ZYGOTE_H_

#include <spdlog/logger.h>
#include <uv.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "host/launch/exec_process.h"
#include "host/launch/launcher.h"
#include "base/unique_fd.h"
#include "base/uv_handle.h"
#include "ipc/zygote_protocol.h"

namespace isohost {

class ZygoteWatch;

class Zygote : public std::enable_shared_from_this<Zygote> {
 public:
  // Starts `binary --zygote` and waits until it says it is ready. What the
  // zygote itself prints (rare: a malformed request, a V8 fatal error) goes
  // to `logger`, line by line.
  static std::shared_ptr<Zygote> Start(uv_loop_t* loop, const std::string& binary,
                                       std::shared_ptr<spdlog::logger> logger, std::string* error);
  // Starts it without waiting: CheckReady() says when it is ready.
  static std::shared_ptr<Zygote> Begin(uv_loop_t* loop, const std::string& binary,
                                       std::shared_ptr<spdlog::logger> logger, std::string* error);
  enum class Readiness { kReady, kStarting, kFailed };
  // Waits up to `timeout_ms` (0: only looks) for a zygote from Begin() to
  // say it is ready; kFailed says why in `error` and ends it.
  Readiness CheckReady(int timeout_ms, std::string* error);
  bool ready() const { return ready_; }
  // Closing the control socket ends the zygote, and with it (PDEATHSIG) any
  // worker it forked that is still alive.
  ~Zygote();

  // `pooled`: the worker goes into the pool, and warms up before its Hello.
  // The worker moves into a cgroup of `cgroups`, when that can make one.
  std::optional<LaunchedProcess> Launch(const LaunchRequest& request, std::string* error, bool pooled,
                                        const std::shared_ptr<CgroupTree>& cgroups);
  bool alive() const { return control_ && process_ && process_->running(); }
  int pid() { return process_ ? process_->pid() : 0; }
  void Kill() {
    if (process_) process_->Kill(SIGKILL);
  }

 private:
  std::optional<LaunchedProcess> LaunchForked(const LaunchRequest& request, std::string* error, bool pooled);
  friend class ZygoteWatch;
  Zygote(uv_loop_t* loop, std::shared_ptr<spdlog::logger> logger)
      : loop_(loop), logger_(std::move(logger)), output_(loop), deferred_dispatch_(loop) {}
  void OnControlReadable(int status);
  // Reads and handles one reply; false at EOF or on an error.
  bool ReadReply(ipc::ZygoteReply* reply);
  void Dispatch(const ipc::ZygoteReply& reply);
  void OnGone();
  // Closes the poll handle before its descriptor: closing a handle later
  // would take out of epoll whatever descriptor has that number by then
  // (the next zygote's).
  void StopWatchingControl();
  void UpdatePollRef();
  void OnOutput(std::string_view data);

  uv_loop_t* loop_;
  std::shared_ptr<spdlog::logger> logger_;
  std::string binary_;
  bool ready_ = false;
  // Its output until it is ready: read at once when it fails to start.
  base::UniqueFd output_until_ready_;
  base::UniqueFd control_;
  base::PollHandle control_watch_;
  base::StreamReader output_;  // the zygote's own stdout and stderr
  std::string output_partial_;  // after the last newline
  std::unique_ptr<ExecWatch> process_;
  std::map<int, ZygoteWatch*> watches_;  // running workers by pid
  int awaited_watches_ = 0;              // of those, the ones whose exit somebody waits for

  // Exit reports read while Launch() waited for its own answer; handled on
  // the next loop turn, not inside the caller's Launch().
  std::vector<ipc::ZygoteReply> pending_exits_;
  base::DeferredCall deferred_dispatch_;
  std::uint64_t next_request_ = 1;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_LAUNCH_ZYGOTE_H_
