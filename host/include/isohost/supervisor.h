// Runs many workers on one libuv loop: spawns them, restarts the ones that
// fail (with back-off, giving up on a crash loop), and shuts them all down.
// Owned by the host program; every callback runs on the supervisor's loop.
//
// Workers (and the zygote) die with the thread that started them
// (PR_SET_PDEATHSIG), so that a host killed without a word leaves none
// behind: use a supervisor from one thread that outlives it.
#ifndef ISOHOST_SUPERVISOR_H_
#define ISOHOST_SUPERVISOR_H_

#include <spdlog/logger.h>
#include <uv.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "isohost/worker.h"

namespace isohost {
class Launcher;
}

namespace isohost {

enum class RestartPolicy {
  kNo,         // never
  kOnFailure,  // when it exits with a non-zero code or any reason but normal
  kAlways,     // whenever it exits (until Shutdown)
};

struct RestartOptions {
  RestartPolicy policy = RestartPolicy::kNo;
  // More than this many restarts within `window_ms` is a crash loop: the
  // worker is given up.
  int max_restarts = 5;
  std::uint64_t window_ms = 60'000;
  // Back-off before restart k (k = 0, 1, ...): initial * 2^k, capped.
  std::uint64_t initial_backoff_ms = 100;
  std::uint64_t max_backoff_ms = 10'000;
};

// Every callback is told the id of the worker it concerns: the id Spawn()
// returns, the same for every incarnation of that worker.
struct SupervisedCallbacks {
  // The incarnation started and is running the script.
  std::function<void(std::uint64_t id)> on_online;
  // One message: structured-clone bytes, as a view valid only during the call.
  std::function<void(std::uint64_t id, std::string_view data)> on_message;
  // Output of the worker (see WorkerCallbacks::on_output).
  std::function<void(std::uint64_t id, StdioStream stream, std::string_view data, ConsoleLevel level)> on_output;
  // The incarnation is gone and its output delivered; runs at each exit,
  // before the supervisor decides whether to restart.
  std::function<void(std::uint64_t id, const ExitInfo& info)> on_exit;
  // A restart was scheduled `delay_ms` from now (the `restarts`-th).
  std::function<void(std::uint64_t id, std::uint64_t delay_ms, int restarts)> on_restart;
  // The worker will not run again: `why` is empty for an exit that needs no
  // restart, else it says why the supervisor gave up.
  std::function<void(std::uint64_t id, const ExitInfo& last, const std::string& why)> on_done;
  // A new incarnation started; its pid is known. For the first incarnation
  // this runs inside Spawn(), before Spawn() returns the id.
  std::function<void(std::uint64_t id, Worker& worker)> on_spawn;
};

struct SupervisorOptions {
  // For workers whose options say kDefault. The pool is refilled from a
  // zygote that the supervisor starts on first use and that dies with it.
  SpawnStrategy default_strategy = SpawnStrategy::kPool;
  std::size_t pool_size = 2;
  // For the workers those workers start (new Worker() in a worker) that ask
  // for kDefault; kDefault: default_strategy. Their zygote starts in the
  // background at the first of them, which is exec'd, as are the others
  // until it is ready: e.g. exec for the supervisor's own workers, pool for
  // the nested ones.
  SpawnStrategy nested_strategy = SpawnStrategy::kDefault;
  std::string worker_binary;  // empty: beside the executable, or $ISOHOST_WORKER
  // Where the supervisor's own diagnostics go (a zygote that died and was
  // replaced, a pool that cannot be refilled, what the zygote printed).
  // Null: text lines on stderr, never stdout.
  std::shared_ptr<spdlog::logger> logger;
};

class Supervisor {
 public:
  // Runs on a loop of its own, driven by Run().
  explicit Supervisor(SupervisorOptions options = {});
  // Runs on the caller's loop, which must outlive the supervisor.
  explicit Supervisor(uv_loop_t* loop, SupervisorOptions options = {});
  // Kills and reaps every worker still running.
  ~Supervisor();

  Supervisor(const Supervisor&) = delete;
  Supervisor& operator=(const Supervisor&) = delete;

  // Starts a supervised worker; returns its id (stable across restarts).
  std::uint64_t Spawn(WorkerOptions options, SupervisedCallbacks callbacks, RestartOptions restart = {});

  // The running incarnation of worker `id`, or null between restarts and
  // after the end.
  Worker* Find(std::uint64_t id);
  bool PostMessage(std::uint64_t id, std::string_view data);

  // Asks every worker to exit with `code` (they are killed after
  // `grace_ms`); nothing is restarted any more.
  void Shutdown(std::uint64_t grace_ms, int code = 1);
  // Kills every worker at once.
  void Kill();

  // Runs the loop until no supervised worker is left (own loop only).
  void Run();

  std::size_t active() const { return entries_.size(); }
  uv_loop_t* loop() { return loop_; }

 private:
  // Tests reach the zygote and the pool through it (tests/e2e/supervisor_test_peer.h).
  friend class SupervisorTestPeer;
  // A task pool on the supervisor's loop shares its zygote and warm workers.
  friend class Pool;
  struct Entry;
  void StartIncarnation(Entry& entry);
  void OnExit(std::uint64_t id, const ExitInfo& info);
  void Finish(std::uint64_t id, const ExitInfo& info, const std::string& why);

  // Destroyed in reverse: the workers (entries_) before the launcher whose
  // zygote forked them, the loop last.
  std::unique_ptr<uv_loop_t> own_loop_;
  uv_loop_t* loop_;
  std::unique_ptr<Launcher> launcher_;
  std::map<std::uint64_t, std::unique_ptr<Entry>> entries_;
  std::uint64_t next_id_ = 1;
  bool shutting_down_ = false;
};

std::string_view RestartPolicyName(RestartPolicy policy);

}  // namespace isohost

#endif  // ISOHOST_SUPERVISOR_H_
