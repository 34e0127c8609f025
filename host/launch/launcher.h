// How the host gets a worker process: a fresh exec of isohost-worker, a fork
// of the zygote, or one taken from the pool of workers started ahead of
// demand. All three give the same thing: a process running the worker
// runtime with its channel on fd 3, waiting for Start.
#ifndef ISOHOST_HOST_LAUNCH_LAUNCHER_H_
#define ISOHOST_HOST_LAUNCH_LAUNCHER_H_

#include <spdlog/logger.h>
#include <uv.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "host/ports/broadcast_hub.h"
#include "host/ports/thread_directory.h"
#include "ipc/output_pipe.h"
#include "base/unique_fd.h"
#include "base/uv_handle.h"
#include "isohost/worker_options.h"

namespace isohost {

// Tells when a launched process ends. Destroying it kills a process that is
// still running and makes sure it is reaped.
class ProcessWatch {
 public:
  virtual ~ProcessWatch() = default;
  // `callback(exit_status, term_signal)` runs once the process is gone; at
  // once (on a later loop turn) if it already is.
  virtual void OnExit(std::function<void(int exit_status, int term_signal)> callback) = 0;
  virtual bool running() const = 0;
  virtual void Kill(int signal) = 0;
};

struct LaunchedProcess {
  int pid = 0;
  SpawnStrategy strategy = SpawnStrategy::kExec;
  base::UniqueFd channel;       // the host's end of the channel
  base::UniqueFd stdout_read;   // the read ends of the worker's fd 1 and fd 2
  base::UniqueFd stderr_read;
  std::unique_ptr<ProcessWatch> watch;
  // The host's pipe for its frames to the worker, announced on the channel
  // already (a pooled worker takes it while it waits); empty otherwise.
  ipc::OutputPipe output_pipe;
  // The cgroup the host moves the process into, as /proc/self/cgroup will
  // show it (host/launch/cgroup_tree.h); empty: none. Start tells the worker, which
  // starts no child before it is there.
  std::string cgroup;
};

// The child's ends of a new worker's channel and output pipes; the host's
// ends go into a LaunchedProcess.
struct ChildFds {
  base::UniqueFd channel;
  base::UniqueFd stdout_write;
  base::UniqueFd stderr_write;
};

// Makes the socketpair and the two pipes of a new worker. Returns false and
// sets `error` when it cannot.
bool MakeWorkerFds(LaunchedProcess* launched, ChildFds* child, std::string* error);

// What a worker process must be, before anything about the script is known.
struct LaunchRequest {
  std::string binary;
  std::vector<std::string> v8_flags;
  std::uint32_t max_old_space_mb = 0;
  std::uint32_t max_young_space_mb = 0;
  std::uint32_t code_range_mb = 0;

  bool operator==(const LaunchRequest&) const = default;
};

// What a spawn will run, as far as a pooled worker can prepare for it.
struct EntryHint {
  std::string script_path;        // empty: source text, nothing to prepare
  std::string compile_cache_dir;  // what its Start names (empty: no cache)

  bool operator==(const EntryHint&) const = default;
};

// A fresh process: posix_spawn (through libuv) of the worker binary.
class CgroupTree;

// A fresh isohost-worker process, in a cgroup of its own when `cgroups` can
// make one (host/launch/cgroup_tree.h).
std::optional<LaunchedProcess> LaunchByExec(uv_loop_t* loop, const LaunchRequest& request, std::string* error,
                                            const std::shared_ptr<CgroupTree>& cgroups);

class Zygote;

struct LauncherOptions {
  SpawnStrategy default_strategy = SpawnStrategy::kPool;
  std::size_t pool_size = 2;
  std::string worker_binary;  // empty: FindWorkerBinary()
  // Where the launcher says that the zygote died or the pool cannot be
  // refilled; null: text on stderr.
  std::shared_ptr<spdlog::logger> logger;
  // The strategy of a nested worker (new Worker() in a worker) that asks for
  // kDefault; kDefault: default_strategy. When set, the zygote these need is
  // started in the background at the first nested spawn, and nested spawns
  // are exec'd until it is ready, so that the host never waits for it: a
  // host that execs its one worker (a one-shot run) still gives the workers
  // that worker starts the pool.
  SpawnStrategy nested_strategy = SpawnStrategy::kDefault;
};

// Owns the zygote and the pool of one supervisor (or one host program).
class Launcher {
 public:
  Launcher(uv_loop_t* loop, LauncherOptions options);
  ~Launcher();

  Launcher(const Launcher&) = delete;
  Launcher& operator=(const Launcher&) = delete;

  // Launches with `strategy` (kDefault: the launcher's default). A request
  // the zygote and the pool cannot serve as asked (V8 flags of its own)
  // is exec'd; a dead zygote is restarted once, else exec is used and a
  // warning logged.
  // `nested`: for a worker that a worker starts (LauncherOptions::nested_strategy).
  // `entry`: what the worker will run (an empty script path for source
  // text). The pool's workers prepare the entry its last spawn named
  // (PrepareEntry in proto/isohost.proto).
  std::optional<LaunchedProcess> Launch(const LaunchRequest& request, SpawnStrategy strategy,
                                        std::string* error, bool nested = false, const EntryHint& entry = {});

  // Fills the pool now rather than on the next loop turn (benchmarks, tests).
  void FillPool();
  // The host is shutting down: the pool is not refilled any more, so that no
  // new zygote or pooled worker is started while the last workers stop.
  void StopRefilling();
  // Blocks until every pooled worker has finished starting (said Hello), or
  // `timeout_ms` passes. For benchmarks that measure a warm pool.
  bool WaitForPoolReady(int timeout_ms);
  std::size_t pooled() const { return pool_.size(); }
  bool zygote_alive() const;
  const std::shared_ptr<spdlog::logger>& logger() const { return options_.logger; }
  // BroadcastChannel among the workers launched here.
  const std::shared_ptr<BroadcastHub>& broadcast_hub() const { return broadcast_hub_; }
  // The threadIds of the workers launched here (postMessageToThread).
  const std::shared_ptr<ThreadDirectory>& thread_directory() const { return thread_directory_; }
  // Kills the zygote (tests of its death and restart).
  void KillZygoteForTesting();

 private:
  // `in_background`: a zygote not ready yet is not waited for; the request
  // is exec'd meanwhile (and the zygote started, if there is none).
  std::optional<LaunchedProcess> LaunchFromZygote(const LaunchRequest& request, std::string* error,
                                                  bool pooled = false, bool in_background = false);
  std::optional<LaunchedProcess> TakeFromPool(const LaunchRequest& request);
  void ScheduleRefill();
  // Tells each pooled worker that has not been told yet the entry the pool
  // expects (expected_).
  void PrepareExpectedScript();

  // A worker waiting in the pool, and the entry it was asked to prepare.
  struct Pooled {
    LaunchedProcess process;
    EntryHint prepared;
  };

  uv_loop_t* loop_;
  LauncherOptions options_;
  LaunchRequest pool_request_;
  bool refilling_ = true;
  bool refill_in_background_ = false;  // the pool is refilled without waiting for the zygote
  // The cgroups of the workers launched here (null: none can be made).
  std::shared_ptr<CgroupTree> cgroups_;
  std::shared_ptr<Zygote> zygote_;
  bool zygote_failed_ = false;  // could not be (re)started: use exec
  std::deque<Pooled> pool_;
  EntryHint expected_;  // the entry of the last pooled spawn
  base::TimerHandle refill_;
  std::shared_ptr<BroadcastHub> broadcast_hub_ = std::make_shared<BroadcastHub>();
  std::shared_ptr<ThreadDirectory> thread_directory_ = std::make_shared<ThreadDirectory>();
};

std::string_view SpawnStrategyName(SpawnStrategy strategy);

}  // namespace isohost

#endif  // ISOHOST_HOST_LAUNCH_LAUNCHER_H_
