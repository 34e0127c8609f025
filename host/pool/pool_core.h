// The scheduler of a Pool, bound to one libuv loop and its thread: the queue,
// the workers and the tasks each runs, time limits, cancellation, recycling,
// closing and the statistics. host/pool/pool.cc puts it on a loop of its own or a
// caller's and brings it the calls of other threads; nothing here locks but
// the statistics, which any thread may read.
#ifndef ISOHOST_HOST_POOL_POOL_CORE_H_
#define ISOHOST_HOST_POOL_POOL_CORE_H_

#include <uv.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <deque>
#include <utility>
#include <vector>

#include "host/worker/armable_timer.h"
#include "host/pool/latency_histogram.h"
#include "base/uv_handle.h"
#include "isohost/output_forwarder.h"
#include "isohost/pool.h"

namespace isohost {

class Launcher;

class PoolCore {
 public:
  // `launcher` is the supervisor's when given; else the core makes its own.
  // `route_cancel` takes a CancelToken's cancellation, on whatever thread it
  // happens, to Cancel() on the loop's thread.
  PoolCore(uv_loop_t* loop, Launcher* launcher, PoolOptions options, std::function<void(TaskId)> route_cancel);
  // Destroy(), then the workers are killed and reaped before the zygote goes.
  ~PoolCore();

  PoolCore(const PoolCore&) = delete;
  PoolCore& operator=(const PoolCore&) = delete;

  // Starts min_workers.
  void Start();
  void Run(TaskId id, std::string task, RunOptions options, TaskCallback callback);
  void Cancel(TaskId id);
  void Close(CloseOptions options, std::function<void()> done);
  void Destroy();

  // Any thread.
  PoolStats stats() const;
  bool needs_drain() const { return needs_drain_.load(std::memory_order_relaxed); }
  std::size_t queued() const { return queued_.load(); }
  std::size_t max_queue() const { return options_.max_queue; }
  std::uint64_t max_message_bytes() const { return options_.limits.max_message_bytes; }

 private:
  struct PoolWorker;

  enum class TaskState {
    kQueued,
    kRunning,
    // Its callback has run (cancelled, timed out, closed) but its worker has
    // not settled it yet: it still holds the worker's slot.
    kAbandoned,
  };

  struct Task {
    TaskId id = 0;
    int priority = 0;
    std::uint64_t timeout_ms = 0;
    std::string bytes;  // until it is sent
    TaskCallback callback;
    CancelToken cancel;
    std::uint64_t cancel_key = 0;
    std::uint64_t queued_ns = 0;
    std::uint64_t started_ns = 0;
    TaskState state = TaskState::kQueued;
    PoolWorker* worker = nullptr;
    std::uint64_t deadline_ms = 0;  // its entry in deadlines_, 0 for none
    // Among the first concurrent_tasks_per_worker of its worker's tasks,
    // which the worker runs; the others sent to it wait there in order.
    bool started = false;
    // Sent ahead to a worker whose running task takes long: asked back, to
    // run on a worker that is free.
    bool reclaiming = false;
  };

  enum class WorkerState {
    kStarting,  // spawned; its script is loading (it may hold tasks already)
    kReady,
    kRetiring,  // takes no more tasks; ends once it has settled its own
    kEnding,    // asked to end, or killed, or its channel closed: waiting for its exit
  };

  // Why a worker is being ended, so that its exit is not counted as a crash.
  enum class EndCause { kNone, kRecycled, kIdle, kKilled, kClosed };

  struct PoolWorker {
    std::uint64_t serial = 0;
    WorkerState state = WorkerState::kStarting;
    EndCause end_cause = EndCause::kNone;
    bool ever_ready = false;
    bool tasks_settled = false;  // SettleTasksOf() ran: it said it is exiting
    std::deque<TaskId> tasks;  // given to it and not settled, abandoned ones too, in the order sent
    std::size_t abandoned = 0;         // of those
    std::uint64_t tasks_done = 0;
    // Its heap passed the limit: it starts none of the tasks it holds, which
    // are asked back (TaskRun.heap_limit_bytes).
    bool over_heap_limit = false;
    std::uint64_t spawned_ns = 0;
    std::uint64_t idle_since_ms = 0;
    // The end of what it wrote to stderr before its script was loaded: why
    // it did not start, for the tasks that fail with it.
    std::string startup_stderr;
    // Declared before the worker, so that it outlives the worker's last output.
    std::unique_ptr<OutputForwarder> output;
    std::unique_ptr<Worker> worker;
  };

  enum class RecycleRule { kMaxTasks, kHeap, kMaxAge };

  // --- workers
  PoolWorker* Spawn();
  // A worker in `state` that holds fewer than `room` tasks.
  PoolWorker* WorkerWithRoom(WorkerState state, std::size_t room);
  // Tasks the starting workers can take before they are ready.
  std::size_t StartingRoom() const;
  // Whether ready workers are sent the next task before their current one
  // settles: for tasks that take about a round trip, a worker then never
  // waits for the host between them.
  bool ShouldSendAhead(const PoolWorker& worker) const;
  std::size_t LiveWorkers() const;  // starting or ready: what counts against max_workers
  bool AnyWorkerReady() const;
  void MaintainMinimum();
  void OnReady(PoolWorker* worker);
  void OnResult(PoolWorker* worker, const TaskOutcome& outcome);
  void OnExiting(PoolWorker* worker, const ExitInfo& info);
  void OnExit(PoolWorker* worker, const ExitInfo& info);
  // Fails or requeues the tasks of a worker that is exiting or gone.
  void SettleTasksOf(PoolWorker* worker, const ExitInfo& info);
  void Retire(PoolWorker* worker, RecycleRule rule);
  void EndWorker(PoolWorker* worker, EndCause cause);
  void KillWorker(PoolWorker* worker, EndCause cause);
  void Housekeep();
  void ScheduleHousekeeping();
  void LogStats();

  // --- tasks
  void Dispatch();
  void Assign(PoolWorker* worker, Task& task);
  // Marks the tasks the worker runs now (the first concurrency of its own)
  // as started: their wait ends and their time limit begins.
  void StartRunnable(PoolWorker* worker);
  // A worker is free and nothing waits: tasks sent ahead to a worker whose
  // running task has run long are asked back, or checked again later.
  void ReclaimSentAhead();
  // Its heap passed the limit: the tasks sent ahead to it are asked back.
  void AskBackHeldTasks(PoolWorker* worker);
  static void RemoveTask(PoolWorker* worker, TaskId id);
  void Enqueue(Task& task);
  // Its callback is queued with `result`; the record goes unless the task
  // is abandoned (it still runs on its worker).
  void Report(Task& task, TaskResult result);
  void Abandon(Task& task, TaskError error, const std::string& reason);
  void Forget(TaskId id);  // erases the record (and its deadline, its token)
  void FailQueued(TaskErrorKind kind, const std::string& message, std::optional<ExitInfo> exit = std::nullopt);
  void FailRunning(TaskErrorKind kind, const std::string& message);
  TaskResult Refusal(TaskId id, TaskErrorKind kind, std::string message) const;

  // --- deadlines (task time limits, then the grace of abandoned tasks)
  void SetDeadline(Task& task, std::uint64_t due_ms);
  void ClearDeadline(Task& task);
  void ArmDeadlineTimer();
  void OnDeadlines();

  // --- closing
  void MaybeFinishClose();
  void ForceClose();

  // --- after every entry point: statistics gauges, then the callbacks
  void Publish();
  // Runs the queued callbacks now (from the loop) or on the next turn (from
  // Run, Cancel, Close: no callback runs inside them).
  void DeliverCompletions();
  void ScheduleDelivery();
  void NoteDrain();

  void CountFailure(TaskErrorKind kind);
  static std::string StartupFailure(const PoolWorker& worker, const ExitInfo& info);

  uv_loop_t* loop_;
  PoolOptions options_;
  WorkerOptions worker_options_;
  std::function<void(TaskId)> route_cancel_;
  std::shared_ptr<spdlog::logger> logger_;
  std::size_t concurrency_;
  std::uint64_t heap_limit_bytes_;  // 0: no recycling by heap
  std::uint64_t created_ns_;

  // Destroyed last: the workers (below) die before the zygote that forked them.
  std::unique_ptr<Launcher> own_launcher_;
  Launcher* launcher_;

  std::unordered_map<TaskId, std::unique_ptr<Task>> tasks_;
  // Waiting tasks, highest priority first, then in the order of Run().
  std::set<std::pair<std::int64_t, TaskId>> queue_;
  std::set<std::pair<std::uint64_t, TaskId>> deadlines_;
  std::map<std::uint64_t, std::unique_ptr<PoolWorker>> workers_;
  std::uint64_t next_worker_serial_ = 1;
  // Workers whose exit was reported, destroyed on a later turn (not inside
  // their own callback).
  std::vector<std::unique_ptr<PoolWorker>> retired_;

  // Callbacks to run, in order.
  std::vector<std::pair<TaskCallback, TaskResult>> completions_;
  std::vector<std::function<void()>> close_done_;
  int callback_depth_ = 0;  // > 0 while a user callback runs

  bool closing_ = false;
  bool close_drain_ = true;
  bool destroyed_ = false;
  // A worker failed to start while none was running: the script is broken,
  // so no worker is started again until the next Run().
  bool startup_broken_ = false;
  bool drain_wanted_ = false;  // the queue was full; on_drain once it empties
  // A moving average of how long tasks run, for ShouldSendAhead().
  double average_run_ns_ = 0;
  std::atomic<bool> needs_drain_{false};
  std::atomic<std::size_t> queued_{0};  // queue_.size(), for other threads

  // Statistics: written on the loop's thread, read by stats() on any.
  mutable std::mutex stats_mutex_;  // guards stats_, the histograms and run_ns_
  PoolStats stats_;
  LatencyHistogram wait_histogram_;
  LatencyHistogram run_histogram_;
  LatencyHistogram spawn_histogram_;
  std::uint64_t run_ns_ = 0;

  // Declared last, closed first: no timer fires into a half-gone core.
  ArmableTimer deadline_timer_;
  std::uint64_t deadline_armed_ms_ = 0;
  ArmableTimer housekeeping_timer_;
  ArmableTimer stats_log_timer_;
  ArmableTimer close_timer_;
  ArmableTimer delivery_;  // runs the callbacks queued by Run(), Cancel(), Close()
  ArmableTimer reaper_;    // destroys retired_
  ArmableTimer reclaim_timer_;  // ReclaimSentAhead() again
};

}  // namespace isohost

#endif  // ISOHOST_HOST_POOL_POOL_CORE_H_
