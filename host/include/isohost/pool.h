// A pool of workers that run tasks: each worker loads one script whose
// export, `(task, { signal, taskId }) => result` (or a promise of it), is
// called on one task at a time (or `concurrent_tasks_per_worker`). Tasks and
// results are structured-clone bytes (isohost/clone_codec.h,
// isohost/clone_json.h). A worker that crashes, runs out of memory or is
// killed takes only its own tasks with it, each failing with the reason, and
// is replaced.
//
// Threads. A Pool made without a loop runs one of its own on a thread of its
// own: every method may be called from any thread, and callbacks run on the
// pool's thread. A Pool on a caller's loop (or a Supervisor's) runs on that
// loop's thread only: Run() from another thread is refused (the task fails
// at once, on the calling thread, with kInvalid), Cancel() and Close() from
// another thread are ignored and logged. stats() and needs_drain() may be
// read from any thread in both cases. Destroy() may be called inside a
// callback of the pool's, but the Pool object must not be destroyed there.
// Workers die with the thread that forked them (see supervisor.h): a pool's
// own thread lives as long as the pool.
#ifndef ISOHOST_POOL_H_
#define ISOHOST_POOL_H_

#include <spdlog/logger.h>
#include <uv.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isohost/cancel_token.h"
#include "isohost/pool_stats.h"
#include "isohost/task_result.h"
#include "isohost/worker.h"
#include "isohost/worker_options.h"

namespace isohost {

class Supervisor;

// The number of CPUs this process may use (at least 1): the default size.
std::size_t DefaultPoolSize();

// When a worker is ended and replaced even though nothing went wrong; 0
// turns a rule off. A worker is ended between tasks, never in the middle of
// one.
struct RecycleOptions {
  std::uint64_t max_tasks = 0;         // tasks a worker runs
  std::uint64_t max_heap_used_mb = 0;  // V8 heap in use after a task, above which it goes
  std::uint64_t max_age_ms = 0;        // time since its spawn
};

// Whether a worker is sent its next task before its current one settles
// (the task then waits in the worker), so that it never waits for the host
// between short tasks. A task sent ahead behind one that runs long is taken
// back, before it starts, once another worker is free.
enum class Pipelining {
  kAuto,  // while tasks take under a millisecond on average
  kOff,
  kOn,
};

struct PoolOptions {
  // The task script: a file whose module.exports (CommonJS) or default
  // export (ES module) is the task function.
  std::string script;
  std::vector<std::string> argv;  // process.argv after [execPath, script]
  // process.env of the workers: nullopt inherits the host's.
  std::optional<std::map<std::string, std::string>> env;
  std::string worker_data;  // workerData as structured-clone bytes; empty: undefined

  // Workers kept even when idle, and the most that run at once.
  std::size_t min_workers = DefaultPoolSize();
  std::size_t max_workers = DefaultPoolSize();
  // A worker above min_workers that has run nothing for this long ends.
  std::uint64_t idle_timeout_ms = 30'000;
  // Tasks that may wait for a worker; a Run() beyond fails with kQueueFull.
  // 0: no limit.
  std::size_t max_queue = 0;
  // Called (on the pool's thread) when the queue, after being full
  // (needs_drain()), has emptied: the moment for a producer to go on.
  std::function<void()> on_drain;
  // Tasks a worker runs at once: 1 means the next one is sent when the last
  // one settled. Above 1, a task that crashes its worker takes the others
  // running there with it.
  std::size_t concurrent_tasks_per_worker = 1;
  Pipelining pipelining = Pipelining::kAuto;

  // Heap limits and the message limit of each worker. limits.timeout_ms is a
  // worker's whole life: leave it 0 and use task_timeout_ms.
  ResourceLimits limits;
  std::vector<std::string> v8_flags;  // a worker with V8 flags is always exec'd
  // What each worker may touch (docs/sandbox.md); nullopt: no limits.
  std::optional<Permissions> permissions;
  SpawnStrategy spawn = SpawnStrategy::kDefault;
  std::string worker_binary;  // empty: beside the executable, or $ISOHOST_WORKER
  std::string compile_cache_dir;  // WorkerOptions::compile_cache_dir of every worker

  RecycleOptions recycle;
  // A task's time limit from when it starts running, unless its RunOptions
  // say otherwise; 0: none. At the limit the task fails with kTimeout and its
  // AbortSignal fires; a worker that has not settled it cancel_grace_ms
  // later is killed and replaced.
  std::uint64_t task_timeout_ms = 0;
  // How long a running task that was cancelled or timed out may take to
  // settle before its worker is killed. Its result is dropped either way.
  std::uint64_t cancel_grace_ms = 1000;

  // The pool's diagnostics (crashes, recycles, kills) and, every
  // stats_log_interval_ms (0: never), a line of statistics at level info.
  // Null: text lines on stderr.
  std::shared_ptr<spdlog::logger> logger;
  std::uint64_t stats_log_interval_ms = 0;
  // What the workers print. Null: passed through to the host's stdout and
  // stderr.
  std::function<void(std::uint64_t worker, StdioStream stream, std::string_view data, ConsoleLevel level)>
      on_output;
};

struct RunOptions {
  // The task's time limit; 0: the pool's task_timeout_ms.
  std::uint64_t timeout_ms = 0;
  CancelToken cancel;
  // Higher runs first; tasks of equal priority run in the order of Run().
  int priority = 0;
};

struct CloseOptions {
  // true: the queued and running tasks finish first. false: the queued ones
  // fail with kClosed at once and the running ones are cancelled.
  bool drain = true;
  // After this long whatever has not finished fails with kClosed and the
  // workers are killed; 0: no limit for a drain, at once otherwise.
  std::uint64_t timeout_ms = 30'000;
};

class PoolImpl;

class Pool {
 public:
  // On a loop and a thread of its own, with its own zygote.
  explicit Pool(PoolOptions options);
  // On the caller's loop, which must outlive the pool, from its thread.
  Pool(uv_loop_t* loop, PoolOptions options);
  // On a supervisor's loop (its thread), with the supervisor's zygote and
  // pre-started workers: the fastest first task.
  Pool(Supervisor& supervisor, PoolOptions options);
  // Destroy().
  ~Pool();

  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  // Queues a task (structured-clone bytes); `callback` gets its result once,
  // on the pool's thread, never inside Run() but when Run() is refused from
  // a thread the pool does not serve, or after a pool of its own thread was
  // destroyed: then at once, on the calling thread.
  TaskId Run(std::string task, RunOptions options, TaskCallback callback);
  // The same, for a caller that waits. Never wait on the pool's own thread
  // (a caller's loop, or inside a callback): the result could not come.
  std::future<TaskResult> Run(std::string task, RunOptions options = {});

  // A queued task is dropped; a running task's AbortSignal fires and it
  // fails with kCancelled at once (its worker is killed and replaced if it
  // has not settled cancel_grace_ms later). Unknown or finished ids are ignored.
  void Cancel(TaskId id);

  // No more tasks are taken; `done` runs on the pool's thread once every
  // worker is gone.
  void Close(CloseOptions options, std::function<void()> done);
  std::future<void> Close(CloseOptions options = {});
  // Kills every worker now; every unfinished task fails with kClosed (its
  // callback runs before Destroy() returns). The pool takes nothing more.
  void Destroy();

  PoolStats stats() const;
  // The queue holds max_queue tasks: a producer should wait for on_drain.
  bool needs_drain() const;

 private:
  std::shared_ptr<PoolImpl> impl_;
};

}  // namespace isohost

#endif  // ISOHOST_POOL_H_
