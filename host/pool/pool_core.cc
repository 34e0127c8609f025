#include "host/pool/pool_core.h"

#include <algorithm>
#include <string_view>

#include "host/launch/launcher.h"
#include "ipc/frame_format.h"

namespace isohost {
namespace {

std::uint64_t NowMs(uv_loop_t* loop) {
  uv_update_time(loop);
  return uv_now(loop);
}

std::string DescribeExit(const ExitInfo& info) {
  std::string text(ExitReasonName(info.reason));
  if (info.signal != 0) {
    text += ", signal " + std::to_string(info.signal);
  } else {
    text += ", exit code " + std::to_string(info.code);
  }
  if (!info.message.empty()) text += ": " + info.message;
  return text;
}

// Tasks that run this long or less, on average, are pipelined: a round trip
// between host and worker is then a good part of a task's time.
constexpr double kPipelineBelowNs = 1'000'000;
// The weight of the newest run time in the moving average.
constexpr double kRunTimeWeight = 1.0 / 16;
// A task sent ahead to a worker is asked back, for a free worker to run,
// once the worker's running task has run this many times the average, and
// at least kReclaimAfterMinNs.
constexpr double kReclaimAfterAverages = 8;
constexpr double kReclaimAfterMinNs = 2'000'000;

// What a worker printed on stderr before its script loaded is kept up to
// this many bytes (the end of it), to say why it did not start.
constexpr std::size_t kStartupStderrBytes = 2048;

}  // namespace

std::string PoolCore::StartupFailure(const PoolWorker& worker, const ExitInfo& info) {
  std::string text = "the task script did not start (" + DescribeExit(info) + ")";
  std::string_view printed = worker.startup_stderr;
  while (!printed.empty() && (printed.back() == '\n' || printed.back() == ' ')) printed.remove_suffix(1);
  if (!printed.empty()) text += "; it printed:\n" + std::string(printed);
  return text;
}

PoolCore::PoolCore(uv_loop_t* loop, Launcher* launcher, PoolOptions options,
                   std::function<void(TaskId)> route_cancel)
    : loop_(loop),
      options_(std::move(options)),
      route_cancel_(std::move(route_cancel)),
      concurrency_(std::max<std::size_t>(1, options_.concurrent_tasks_per_worker)),
      heap_limit_bytes_(options_.recycle.max_heap_used_mb << 20),
      created_ns_(uv_hrtime()),
      launcher_(launcher),
      deadline_timer_(loop, [this] { OnDeadlines(); Publish(); DeliverCompletions(); }),
      housekeeping_timer_(loop, [this] { Housekeep(); Publish(); DeliverCompletions(); }),
      stats_log_timer_(loop, [this] { LogStats(); }),
      close_timer_(loop, [this] { ForceClose(); Publish(); DeliverCompletions(); }),
      delivery_(loop, [this] { DeliverCompletions(); }),
      reaper_(loop, [this] { retired_.clear(); }),
      reclaim_timer_(loop, [this] { Dispatch(); Publish(); DeliverCompletions(); }) {
  options_.max_workers = std::max<std::size_t>(1, options_.max_workers);
  options_.min_workers = std::min(options_.min_workers, options_.max_workers);
  if (options_.limits.max_message_bytes == 0) options_.limits.max_message_bytes = ipc::kDefaultMaxMessageSize;
  logger_ = options_.logger ? options_.logger : MakeHostLogger("pool", LogFormat::kText);
  if (launcher_ == nullptr) {
    LauncherOptions launcher_options;
    launcher_options.worker_binary = options_.worker_binary;
    launcher_options.logger = logger_;
    own_launcher_ = std::make_unique<Launcher>(loop, launcher_options);
    launcher_ = own_launcher_.get();
  }
  worker_options_.script_path = options_.script;
  worker_options_.argv = options_.argv;
  worker_options_.env = options_.env;
  worker_options_.worker_data = options_.worker_data;
  worker_options_.limits = options_.limits;
  worker_options_.v8_flags = options_.v8_flags;
  worker_options_.permissions = options_.permissions;
  worker_options_.spawn = options_.spawn;
  worker_options_.worker_binary = options_.worker_binary;
  worker_options_.compile_cache_dir = options_.compile_cache_dir;
  worker_options_.task_runner = true;
  worker_options_.task_concurrency = concurrency_;
}

PoolCore::~PoolCore() {
  Destroy();
  // Kills and reaps what is left, before the launcher (and its zygote) goes.
  retired_.clear();
  // Callbacks of tasks refused since (their timer is closing with us).
  DeliverCompletions();
}

void PoolCore::Start() {
  MaintainMinimum();
  ScheduleHousekeeping();
  if (options_.stats_log_interval_ms > 0) {
    stats_log_timer_.SetReferenced(false);
    stats_log_timer_.Arm(options_.stats_log_interval_ms);
  }
  // Workers keep the loop alive; these timers alone must not.
  housekeeping_timer_.SetReferenced(false);
  Publish();
}

void PoolCore::LogStats() {
  logger_->info("pool: {}", FormatPoolStats(stats()));
  stats_log_timer_.Arm(options_.stats_log_interval_ms);
}

// --- entry points ---------------------------------------------------------------

TaskResult PoolCore::Refusal(TaskId id, TaskErrorKind kind, std::string message) const {
  TaskResult result;
  result.id = id;
  result.error = TaskError{};
  result.error->kind = kind;
  result.error->message = std::move(message);
  return result;
}

void PoolCore::Run(TaskId id, std::string task, RunOptions options, TaskCallback callback) {
  {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    ++stats_.submitted;
  }
  std::optional<TaskResult> refused;
  if (destroyed_ || closing_) {
    refused = Refusal(id, TaskErrorKind::kClosed, destroyed_ ? "the pool was destroyed" : "the pool is closing");
  } else if (task.size() > options_.limits.max_message_bytes) {
    refused = Refusal(id, TaskErrorKind::kInvalid,
                      "task of " + std::to_string(task.size()) + " bytes exceeds the message limit of " +
                          std::to_string(options_.limits.max_message_bytes) + " bytes");
  } else if (options.cancel.cancelled()) {
    refused = Refusal(id, TaskErrorKind::kCancelled, "the task was cancelled before it was queued");
  } else if (options_.max_queue > 0 && queue_.size() >= options_.max_queue) {
    refused = Refusal(id, TaskErrorKind::kQueueFull,
                      "the pool's queue is full (max_queue " + std::to_string(options_.max_queue) +
                          " tasks wait for a worker)");
  }
  if (refused) {
    CountFailure(refused->error->kind);
    completions_.emplace_back(std::move(callback), std::move(*refused));
    ScheduleDelivery();
    return;
  }
  auto owned = std::make_unique<Task>();
  Task& record = *owned;
  record.id = id;
  record.priority = options.priority;
  record.timeout_ms = options.timeout_ms > 0 ? options.timeout_ms : options_.task_timeout_ms;
  record.bytes = std::move(task);
  record.callback = std::move(callback);
  record.queued_ns = uv_hrtime();
  tasks_.emplace(id, std::move(owned));
  // A broken script may have been fixed: try again.
  startup_broken_ = false;
  Enqueue(record);
  if (options.cancel.can_be_cancelled()) {
    record.cancel = options.cancel;
    // Cancelled from any thread: the router brings it to this one, maybe
    // at once, which may end the record.
    std::uint64_t key = options.cancel.Subscribe([route = route_cancel_, id] { route(id); });
    if (auto found = tasks_.find(id); found != tasks_.end()) found->second->cancel_key = key;
  }
  Dispatch();
  Publish();
  ScheduleDelivery();
}

void PoolCore::Cancel(TaskId id) {
  auto it = tasks_.find(id);
  if (it == tasks_.end() || destroyed_) return;
  Task& task = *it->second;
  if (task.state == TaskState::kQueued) {
    queue_.erase({-static_cast<std::int64_t>(task.priority), task.id});
    Report(task, Refusal(id, TaskErrorKind::kCancelled, "the task was cancelled before it ran"));
  } else if (task.state == TaskState::kRunning) {
    TaskError error;
    error.kind = TaskErrorKind::kCancelled;
    // One sent ahead to a busy worker had not started yet; it never will.
    error.message = task.started ? "the task was cancelled while it ran" : "the task was cancelled before it ran";
    Abandon(task, std::move(error), "The task was cancelled");
  }
  Dispatch();
  Publish();
  ScheduleDelivery();
}

void PoolCore::Close(CloseOptions options, std::function<void()> done) {
  if (done) close_done_.push_back(std::move(done));
  if (destroyed_) {
    ScheduleDelivery();
    return;
  }
  if (closing_) return;
  closing_ = true;
  close_drain_ = options.drain;
  // Our own zygote need not refill its warm workers any more; a
  // supervisor's goes on serving the supervisor.
  if (own_launcher_) own_launcher_->StopRefilling();
  if (!options.drain) {
    FailQueued(TaskErrorKind::kClosed, "the pool closed before the task ran");
    std::vector<Task*> running;
    for (auto& [id, task] : tasks_) {
      if (task->state == TaskState::kRunning) running.push_back(task.get());
    }
    for (Task* task : running) {
      TaskError error;
      error.kind = TaskErrorKind::kClosed;
      error.message = "the pool closed while the task ran";
      Abandon(*task, std::move(error), "The pool is closing");
    }
  }
  if (!options.drain && options.timeout_ms == 0) {
    ForceClose();
  } else if (options.timeout_ms > 0) {
    close_timer_.Arm(options.timeout_ms);
  }
  MaybeFinishClose();
  Publish();
  ScheduleDelivery();
}

void PoolCore::Destroy() {
  if (destroyed_) return;
  destroyed_ = true;
  closing_ = true;
  FailQueued(TaskErrorKind::kClosed, "the pool was destroyed before the task ran");
  FailRunning(TaskErrorKind::kClosed, "the pool was destroyed while the task ran");
  std::vector<TaskId> left;
  for (auto& [id, task] : tasks_) left.push_back(id);
  for (TaskId id : left) Forget(id);
  for (auto& [serial, worker] : workers_) retired_.push_back(std::move(worker));
  workers_.clear();
  deadline_timer_.Close();
  housekeeping_timer_.Close();
  stats_log_timer_.Close();
  close_timer_.Close();
  reclaim_timer_.Close();
  if (callback_depth_ == 0) {
    retired_.clear();  // kills and reaps every worker
  } else {
    // Inside a callback of one of them: they go on the next turn, killed now.
    for (auto& worker : retired_) {
      if (worker->worker) worker->worker->Terminate(1, 0);
    }
    reaper_.Arm(0);
  }
  Publish();
  for (auto& done : close_done_) completions_.emplace_back([done](TaskResult) { done(); }, TaskResult{});
  close_done_.clear();
  DeliverCompletions();
}

// --- workers --------------------------------------------------------------------

PoolCore::PoolWorker* PoolCore::Spawn() {
  auto owned = std::make_unique<PoolWorker>();
  PoolWorker* worker = owned.get();
  worker->serial = next_worker_serial_++;
  worker->spawned_ns = uv_hrtime();
  worker->idle_since_ms = NowMs(loop_);
  workers_.emplace(worker->serial, std::move(owned));
  WorkerCallbacks callbacks;
  // The PoolWorker owns the Worker, whose callbacks never run once it is gone.
  callbacks.on_task_ready = [this, worker] {
    OnReady(worker);
    Publish();
    DeliverCompletions();
  };
  callbacks.on_task_result = [this, worker](const TaskOutcome& outcome) {
    OnResult(worker, outcome);
    Publish();
    DeliverCompletions();
  };
  callbacks.on_exiting = [this, worker](const ExitInfo& info) {
    OnExiting(worker, info);
    Publish();
    DeliverCompletions();
  };
  callbacks.on_exit = [this, worker](const ExitInfo& info) {
    OnExit(worker, info);
    Publish();
    DeliverCompletions();
  };
  std::uint64_t serial = worker->serial;
  if (!options_.on_output) {
    worker->output = std::make_unique<OutputForwarder>(OutputMode::kPassThrough, LogFormat::kText, serial);
  }
  callbacks.on_output = [this, worker](StdioStream stream, std::string_view data, ConsoleLevel level) {
    if (!worker->ever_ready && stream == StdioStream::kStderr) {
      worker->startup_stderr.append(data);
      if (worker->startup_stderr.size() > kStartupStderrBytes) {
        worker->startup_stderr.erase(0, worker->startup_stderr.size() - kStartupStderrBytes);
      }
    }
    if (worker->output) return worker->output->Write(stream, data, level);
    ++callback_depth_;
    options_.on_output(worker->serial, stream, data, level);
    --callback_depth_;
  };
  worker->worker = Worker::Spawn(loop_, worker_options_, std::move(callbacks), launcher_);
  if (worker->output) worker->output->set_pid(worker->worker->pid());
  std::lock_guard<std::mutex> lock(stats_mutex_);
  ++stats_.spawns;
  return worker;
}

PoolCore::PoolWorker* PoolCore::WorkerWithRoom(WorkerState state, std::size_t room) {
  for (auto& [serial, worker] : workers_) {
    if (worker->state == state && worker->tasks.size() < room) return worker.get();
  }
  return nullptr;
}

std::size_t PoolCore::StartingRoom() const {
  std::size_t room = 0;
  for (const auto& [serial, worker] : workers_) {
    if (worker->state == WorkerState::kStarting && worker->tasks.size() < concurrency_) {
      room += concurrency_ - worker->tasks.size();
    }
  }
  return room;
}

bool PoolCore::ShouldSendAhead(const PoolWorker& worker) const {
  if (options_.pipelining == isohost::Pipelining::kOff) return false;
  if (options_.pipelining == isohost::Pipelining::kAuto &&
      (average_run_ns_ <= 0 || average_run_ns_ > kPipelineBelowNs)) {
    return false;
  }
  // A worker that is to be recycled after so many tasks takes no more.
  return options_.recycle.max_tasks == 0 || worker.tasks_done + worker.tasks.size() + 1 < options_.recycle.max_tasks;
}

std::size_t PoolCore::LiveWorkers() const {
  std::size_t live = 0;
  for (const auto& [serial, worker] : workers_) {
    if (worker->state == WorkerState::kStarting || worker->state == WorkerState::kReady) ++live;
  }
  return live;
}

bool PoolCore::AnyWorkerReady() const {
  for (const auto& [serial, worker] : workers_) {
    if (worker->ever_ready && worker->state != WorkerState::kEnding) return true;
  }
  return false;
}

void PoolCore::MaintainMinimum() {
  if (closing_ || destroyed_ || startup_broken_) return;
  while (LiveWorkers() < options_.min_workers) Spawn();
}

void PoolCore::OnReady(PoolWorker* worker) {
  worker->ever_ready = true;
  if (worker->state == WorkerState::kStarting) worker->state = WorkerState::kReady;
  {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    spawn_histogram_.Add(uv_hrtime() - worker->spawned_ns);
  }
  StartRunnable(worker);
  Dispatch();
  if (closing_) MaybeFinishClose();
}

void PoolCore::OnResult(PoolWorker* worker, const TaskOutcome& outcome) {
  auto it = tasks_.find(outcome.id);
  Task* task = it != tasks_.end() ? it->second.get() : nullptr;
  RemoveTask(worker, outcome.id);
  std::uint64_t now_ns = uv_hrtime();
  if (task != nullptr && outcome.dropped && task->state == TaskState::kRunning && task->reclaiming) {
    // Asked back before it started: it runs on the next free worker. (Only
    // when asked: a worker cannot make a task run twice by saying so.)
    task->worker = nullptr;
    task->started = false;
    task->reclaiming = false;
    Enqueue(*task);
  } else {
    ++worker->tasks_done;
    std::uint64_t run_ns = task != nullptr && task->started ? now_ns - task->started_ns : 0;
    if (run_ns > 0) {
      average_run_ns_ = average_run_ns_ <= 0 ? static_cast<double>(run_ns)
                                             : average_run_ns_ + (static_cast<double>(run_ns) - average_run_ns_) *
                                                                     kRunTimeWeight;
    }
    if (task != nullptr && task->state == TaskState::kAbandoned) {
      // Settled within its grace: the worker is sound, the result unwanted.
      --worker->abandoned;
      Forget(task->id);
    } else if (task != nullptr) {
      TaskResult result;
      result.id = task->id;
      if (outcome.thrown) {
        result.error = TaskError{};
        result.error->kind = TaskErrorKind::kThrown;
        result.error->name = outcome.name;
        result.error->message = outcome.message;
        result.error->stack = outcome.stack;
        result.error->code = outcome.code;
      } else {
        result.value.assign(outcome.value.data(), outcome.value.size());
      }
      {
        std::lock_guard<std::mutex> lock(stats_mutex_);
        run_histogram_.Add(run_ns);
        run_ns_ += run_ns;
      }
      Report(*task, std::move(result));
    }
    if (worker->state == WorkerState::kReady || worker->state == WorkerState::kStarting) {
      if (heap_limit_bytes_ > 0 && outcome.heap_used_bytes > heap_limit_bytes_) {
        Retire(worker, RecycleRule::kHeap);
        AskBackHeldTasks(worker);
      } else if (options_.recycle.max_tasks > 0 && worker->tasks_done >= options_.recycle.max_tasks) {
        Retire(worker, RecycleRule::kMaxTasks);
      } else if (options_.recycle.max_age_ms > 0 &&
                 now_ns - worker->spawned_ns >= options_.recycle.max_age_ms * 1'000'000) {
        Retire(worker, RecycleRule::kMaxAge);
      }
    }
  }
  StartRunnable(worker);
  if (worker->tasks.empty()) {
    worker->idle_since_ms = NowMs(loop_);
    if (worker->state == WorkerState::kRetiring) EndWorker(worker, EndCause::kRecycled);
  }
  MaintainMinimum();
  Dispatch();
  if (closing_) MaybeFinishClose();
  ScheduleHousekeeping();
}

void PoolCore::SettleTasksOf(PoolWorker* worker, const ExitInfo& info) {
  worker->tasks_settled = true;
  bool planned = worker->end_cause != EndCause::kNone;
  bool killed = worker->end_cause == EndCause::kKilled;
  bool startup_failed = !worker->ever_ready && !planned;
  // No worker has started the script: it is broken, and every task would
  // fail the same way.
  bool broken = startup_failed && !AnyWorkerReady() && !closing_;
  // Its tasks: an abandoned one is done with; one that had not started, or
  // that shared a worker we killed for another's sake, runs again elsewhere;
  // the rest fail with what ended the worker.
  std::vector<TaskId> ids(worker->tasks.begin(), worker->tasks.end());
  for (TaskId id : ids) {
    auto it = tasks_.find(id);
    if (it == tasks_.end()) continue;
    Task& task = *it->second;
    if (task.state == TaskState::kAbandoned) {
      Forget(id);
      continue;
    }
    if (killed || worker->end_cause == EndCause::kRecycled || (!task.started && !broken)) {
      ClearDeadline(task);
      task.worker = nullptr;
      task.started = false;
      task.reclaiming = false;
      Enqueue(task);
      continue;
    }
    TaskError error;
    error.exit = info;
    if (startup_failed) {
      error.kind = TaskErrorKind::kStartupFailed;
      error.message = StartupFailure(*worker, info);
    } else if (info.reason == ExitReason::kOutOfMemory) {
      error.kind = TaskErrorKind::kOutOfMemory;
      error.message = "the worker running the task ran out of memory (" + DescribeExit(info) + ")";
    } else if (info.reason == ExitReason::kTimeout) {
      error.kind = TaskErrorKind::kTimeout;
      error.message = "the worker running the task reached its time limit (" + DescribeExit(info) + ")";
    } else {
      error.kind = TaskErrorKind::kCrashed;
      error.message = "the worker running the task died (" + DescribeExit(info) + ")";
    }
    TaskResult result;
    result.id = id;
    result.error = std::move(error);
    Report(task, std::move(result));
  }
  worker->tasks.clear();
  worker->state = WorkerState::kEnding;
  if (!planned) {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    if (startup_failed) {
      ++stats_.startup_failures;
    } else {
      ++stats_.crashes;
    }
  }
  if (broken) {
    // The queued tasks fail with it, and no worker starts until the next Run().
    startup_broken_ = true;
    FailQueued(TaskErrorKind::kStartupFailed, StartupFailure(*worker, info), info);
  }
}

void PoolCore::OnExiting(PoolWorker* worker, const ExitInfo& info) {
  // Its process takes a while to go (the kernel frees its memory first):
  // the replacement starts now, and its tasks are settled now.
  if (worker->tasks_settled) return;
  SettleTasksOf(worker, info);
  MaintainMinimum();
  Dispatch();
  if (closing_) MaybeFinishClose();
}

void PoolCore::OnExit(PoolWorker* worker, const ExitInfo& info) {
  bool planned = worker->end_cause != EndCause::kNone;
  bool startup_failed = !worker->ever_ready && !planned;
  if (!worker->tasks_settled) SettleTasksOf(worker, info);
  if (startup_failed) {
    logger_->error("pool: worker {} (pid {}): {}", worker->serial, worker->worker->pid(), StartupFailure(*worker, info));
  } else if (!planned) {
    logger_->warn("pool: worker {} (pid {}) died: {}", worker->serial, worker->worker->pid(), DescribeExit(info));
  }
  // Retired now, destroyed on a later turn: we are inside its callback.
  auto it = workers_.find(worker->serial);
  if (it != workers_.end()) {
    retired_.push_back(std::move(it->second));
    workers_.erase(it);
    reaper_.Arm(0);
  }
  MaintainMinimum();
  Dispatch();
  if (closing_) MaybeFinishClose();
}

void PoolCore::Retire(PoolWorker* worker, RecycleRule rule) {
  worker->state = WorkerState::kRetiring;
  std::lock_guard<std::mutex> lock(stats_mutex_);
  switch (rule) {
    case RecycleRule::kMaxTasks: ++stats_.recycles.max_tasks; break;
    case RecycleRule::kHeap: ++stats_.recycles.heap; break;
    case RecycleRule::kMaxAge: ++stats_.recycles.max_age; break;
  }
}

void PoolCore::EndWorker(PoolWorker* worker, EndCause cause) {
  if (worker->state == WorkerState::kEnding) return;
  worker->state = WorkerState::kEnding;
  worker->end_cause = cause;
  // Its 'exit' listeners run; one that hangs is killed after the grace.
  worker->worker->Terminate(0, options_.cancel_grace_ms);
}

void PoolCore::KillWorker(PoolWorker* worker, EndCause cause) {
  if (worker->state == WorkerState::kEnding && worker->end_cause == EndCause::kKilled) return;
  worker->state = WorkerState::kEnding;
  worker->end_cause = cause;
  worker->worker->Terminate(1, 0);
}

void PoolCore::ScheduleHousekeeping() {
  if (housekeeping_timer_.armed() || destroyed_) return;
  bool idle_rule = workers_.size() > options_.min_workers;
  bool age_rule = options_.recycle.max_age_ms > 0;
  if (!idle_rule && !age_rule) return;
  std::uint64_t period = 1000;
  if (idle_rule) period = std::min(period, options_.idle_timeout_ms / 4);
  if (age_rule) period = std::min(period, options_.recycle.max_age_ms / 4);
  housekeeping_timer_.Arm(std::max<std::uint64_t>(period, 5));
}

void PoolCore::Housekeep() {
  if (destroyed_) return;
  std::uint64_t now_ms = NowMs(loop_);
  std::uint64_t now_ns = uv_hrtime();
  std::size_t live = LiveWorkers();
  for (auto& [serial, worker] : workers_) {
    if (worker->state != WorkerState::kReady || !worker->tasks.empty()) continue;
    if (options_.recycle.max_age_ms > 0 && now_ns - worker->spawned_ns >= options_.recycle.max_age_ms * 1'000'000) {
      Retire(worker.get(), RecycleRule::kMaxAge);
      EndWorker(worker.get(), EndCause::kRecycled);
      --live;
    } else if (live > options_.min_workers && now_ms - worker->idle_since_ms >= options_.idle_timeout_ms) {
      EndWorker(worker.get(), EndCause::kIdle);
      --live;
      std::lock_guard<std::mutex> lock(stats_mutex_);
      ++stats_.idle_exits;
    }
  }
  MaintainMinimum();
  ScheduleHousekeeping();
}

// --- tasks ----------------------------------------------------------------------

void PoolCore::Enqueue(Task& task) {
  task.state = TaskState::kQueued;
  queue_.emplace(-static_cast<std::int64_t>(task.priority), task.id);
  NoteDrain();
}

void PoolCore::Dispatch() {
  if (destroyed_) return;
  while (!queue_.empty()) {
    PoolWorker* worker = WorkerWithRoom(WorkerState::kReady, concurrency_);
    // Before any worker is ready (a cold start), tasks go with a starting
    // worker's Start; after, they wait for a ready one rather than for a
    // worker that may take a while to load its script.
    if (worker == nullptr && !AnyWorkerReady()) worker = WorkerWithRoom(WorkerState::kStarting, concurrency_);
    if (worker == nullptr && LiveWorkers() < options_.max_workers && queue_.size() > StartingRoom() &&
        !startup_broken_) {
      Spawn();
      continue;
    }
    if (worker == nullptr) {
      worker = WorkerWithRoom(WorkerState::kReady, concurrency_ + 1);
      if (worker != nullptr && !ShouldSendAhead(*worker)) worker = nullptr;
    }
    if (worker == nullptr) break;
    auto head = queue_.begin();
    TaskId id = head->second;
    queue_.erase(head);
    Assign(worker, *tasks_.at(id));
  }
  NoteDrain();
  if (queue_.empty()) ReclaimSentAhead();
}

void PoolCore::ReclaimSentAhead() {
  if (WorkerWithRoom(WorkerState::kReady, concurrency_) == nullptr) return;
  std::uint64_t now = uv_hrtime();
  double after = std::max(kReclaimAfterMinNs, kReclaimAfterAverages * average_run_ns_);
  double next_check = 0;
  for (auto& [serial, worker] : workers_) {
    if (worker->tasks.size() <= concurrency_) continue;
    // Its longest-running task: the first it was sent.
    Task& running = *tasks_.at(worker->tasks.front());
    if (!running.started) continue;
    double elapsed = static_cast<double>(now - running.started_ns);
    if (elapsed < after) {
      double wait = after - elapsed;
      if (next_check == 0 || wait < next_check) next_check = wait;
      continue;
    }
    for (std::size_t i = concurrency_; i < worker->tasks.size(); ++i) {
      Task& ahead = *tasks_.at(worker->tasks[i]);
      if (ahead.started || ahead.reclaiming || ahead.state != TaskState::kRunning) continue;
      ahead.reclaiming = true;
      worker->worker->CancelTask(ahead.id, "reclaimed", /*reclaim=*/true);
    }
  }
  if (next_check > 0 && !destroyed_) reclaim_timer_.Arm(static_cast<std::uint64_t>(next_check / 1e6) + 1);
}

void PoolCore::AskBackHeldTasks(PoolWorker* worker) {
  // The worker saw the same heap over the same limit, and starts none of
  // these: each comes back dropped, and runs on a worker with a fresh heap.
  worker->over_heap_limit = true;
  for (TaskId id : worker->tasks) {
    Task& held = *tasks_.at(id);
    if (held.started || held.reclaiming || held.state != TaskState::kRunning) continue;
    held.reclaiming = true;
    worker->worker->CancelTask(held.id, "reclaimed", /*reclaim=*/true);
  }
}

void PoolCore::Assign(PoolWorker* worker, Task& task) {
  std::string error;
  if (!worker->worker->RunTask(task.id, task.bytes, heap_limit_bytes_, &error)) {
    // Its channel closed: it is dying, and says how on exit. The task has
    // not run; it goes back to its place.
    worker->state = WorkerState::kEnding;
    Enqueue(task);
    return;
  }
  task.state = TaskState::kRunning;
  task.worker = worker;
  worker->tasks.push_back(task.id);
  StartRunnable(worker);
}

void PoolCore::StartRunnable(PoolWorker* worker) {
  // A starting worker runs its tasks once its script is loaded; one over
  // its heap limit, never.
  if (!worker->ever_ready || worker->over_heap_limit) return;
  std::size_t runnable = std::min(concurrency_, worker->tasks.size());
  for (std::size_t i = 0; i < runnable; ++i) {
    Task& task = *tasks_.at(worker->tasks[i]);
    if (task.started) continue;
    task.started = true;
    task.started_ns = uv_hrtime();
    // A large task's memory goes now, unless the task may have to run again
    // elsewhere: when a worker running several is killed for another's sake.
    if (concurrency_ == 1) std::string().swap(task.bytes);
    if (task.state == TaskState::kAbandoned) {
      // Cancelled while it waited in the worker: it has the grace to settle.
      SetDeadline(task, NowMs(loop_) + options_.cancel_grace_ms);
      continue;
    }
    {
      std::lock_guard<std::mutex> lock(stats_mutex_);
      wait_histogram_.Add(task.started_ns - task.queued_ns);
    }
    if (task.timeout_ms > 0) SetDeadline(task, NowMs(loop_) + task.timeout_ms);
  }
}

void PoolCore::RemoveTask(PoolWorker* worker, TaskId id) {
  auto it = std::find(worker->tasks.begin(), worker->tasks.end(), id);
  if (it != worker->tasks.end()) worker->tasks.erase(it);
}

void PoolCore::Report(Task& task, TaskResult result) {
  if (result.error) {
    CountFailure(result.error->kind);
  } else {
    std::lock_guard<std::mutex> lock(stats_mutex_);
    ++stats_.completed;
  }
  completions_.emplace_back(std::move(task.callback), std::move(result));
  task.callback = nullptr;
  if (task.state != TaskState::kAbandoned) Forget(task.id);
}

void PoolCore::Abandon(Task& task, TaskError error, const std::string& reason) {
  PoolWorker* worker = task.worker;
  TaskResult result;
  result.id = task.id;
  result.error = std::move(error);
  task.state = TaskState::kAbandoned;
  Report(task, std::move(result));
  ++worker->abandoned;
  worker->worker->CancelTask(task.id, reason);
  // Its AbortSignal has fired; if it has not settled by then, its worker is
  // killed and replaced. One that waits in the worker behind others settles
  // as soon as the worker reads the cancel; its grace begins if it starts.
  if (task.started) {
    SetDeadline(task, NowMs(loop_) + options_.cancel_grace_ms);
  } else {
    ClearDeadline(task);
  }
}

void PoolCore::Forget(TaskId id) {
  auto it = tasks_.find(id);
  if (it == tasks_.end()) return;
  Task& task = *it->second;
  ClearDeadline(task);
  if (task.cancel_key != 0) task.cancel.Unsubscribe(task.cancel_key);
  if (task.worker != nullptr && task.state != TaskState::kAbandoned) RemoveTask(task.worker, id);
  tasks_.erase(it);
}

void PoolCore::FailQueued(TaskErrorKind kind, const std::string& message, std::optional<ExitInfo> exit) {
  while (!queue_.empty()) {
    TaskId id = queue_.begin()->second;
    queue_.erase(queue_.begin());
    TaskResult result = Refusal(id, kind, message);
    result.error->exit = exit;
    Report(*tasks_.at(id), std::move(result));
  }
  NoteDrain();
}

void PoolCore::FailRunning(TaskErrorKind kind, const std::string& message) {
  std::vector<TaskId> running;
  for (auto& [id, task] : tasks_) {
    if (task->state == TaskState::kRunning) running.push_back(id);
  }
  std::sort(running.begin(), running.end());
  for (TaskId id : running) Report(*tasks_.at(id), Refusal(id, kind, message));
}

void PoolCore::CountFailure(TaskErrorKind kind) {
  std::lock_guard<std::mutex> lock(stats_mutex_);
  ++stats_.failed;
  switch (kind) {
    case TaskErrorKind::kThrown: ++stats_.thrown; break;
    case TaskErrorKind::kCancelled: ++stats_.cancelled; break;
    case TaskErrorKind::kTimeout: ++stats_.timed_out; break;
    case TaskErrorKind::kQueueFull:
    case TaskErrorKind::kClosed:
    case TaskErrorKind::kInvalid: ++stats_.refused; break;
    default: break;
  }
}

// --- deadlines --------------------------------------------------------------------

void PoolCore::SetDeadline(Task& task, std::uint64_t due_ms) {
  ClearDeadline(task);
  task.deadline_ms = std::max<std::uint64_t>(due_ms, 1);
  deadlines_.emplace(task.deadline_ms, task.id);
  ArmDeadlineTimer();
}

void PoolCore::ClearDeadline(Task& task) {
  if (task.deadline_ms == 0) return;
  deadlines_.erase({task.deadline_ms, task.id});
  task.deadline_ms = 0;
}

void PoolCore::ArmDeadlineTimer() {
  if (deadlines_.empty() || destroyed_) return;
  std::uint64_t due = deadlines_.begin()->first;
  if (deadline_armed_ms_ != 0 && deadline_armed_ms_ <= due) return;
  deadline_armed_ms_ = due;
  std::uint64_t now = NowMs(loop_);
  deadline_timer_.Arm(due > now ? due - now : 0);
}

void PoolCore::OnDeadlines() {
  deadline_armed_ms_ = 0;
  std::uint64_t now = NowMs(loop_);
  while (!deadlines_.empty() && deadlines_.begin()->first <= now) {
    TaskId id = deadlines_.begin()->second;
    Task& task = *tasks_.at(id);
    ClearDeadline(task);
    if (task.state == TaskState::kRunning) {
      TaskError error;
      error.kind = TaskErrorKind::kTimeout;
      error.message = "the task ran longer than its time limit of " + std::to_string(task.timeout_ms) + " ms";
      Abandon(task, std::move(error), "The task timed out after " + std::to_string(task.timeout_ms) + " ms");
    } else if (task.state == TaskState::kAbandoned) {
      // Cancelled (or timed out) and still running after the grace.
      PoolWorker* worker = task.worker;
      logger_->warn("pool: worker {} (pid {}) did not settle task {} within {} ms of its cancellation: killed",
                    worker->serial, worker->worker->pid(), id, options_.cancel_grace_ms);
      {
        std::lock_guard<std::mutex> lock(stats_mutex_);
        ++stats_.kills;
      }
      KillWorker(worker, EndCause::kKilled);
    }
  }
  MaintainMinimum();
  Dispatch();
  ArmDeadlineTimer();
}

// --- closing ----------------------------------------------------------------------

void PoolCore::MaybeFinishClose() {
  if (!closing_ || destroyed_) return;
  // Workers end once nothing is left for them to run.
  if (queue_.empty()) {
    for (auto& [serial, worker] : workers_) {
      if (worker->tasks.empty() && worker->state != WorkerState::kEnding) EndWorker(worker.get(), EndCause::kClosed);
    }
  }
  if (!workers_.empty() || !queue_.empty()) return;
  close_timer_.Stop();
  for (auto& done : close_done_) completions_.emplace_back([done](TaskResult) { done(); }, TaskResult{});
  close_done_.clear();
}

void PoolCore::ForceClose() {
  FailQueued(TaskErrorKind::kClosed, "the pool's close timed out before the task ran");
  FailRunning(TaskErrorKind::kClosed, "the pool's close timed out while the task ran");
  for (auto& [serial, worker] : workers_) KillWorker(worker.get(), EndCause::kClosed);
  MaybeFinishClose();
}

// --- statistics and callbacks -------------------------------------------------------

void PoolCore::NoteDrain() {
  queued_.store(queue_.size());
  bool full = options_.max_queue > 0 && queue_.size() >= options_.max_queue;
  needs_drain_.store(full, std::memory_order_relaxed);
  if (full) drain_wanted_ = true;
  if (drain_wanted_ && queue_.empty()) {
    drain_wanted_ = false;
    if (options_.on_drain) completions_.emplace_back([this](TaskResult) { options_.on_drain(); }, TaskResult{});
  }
}

void PoolCore::Publish() {
  std::lock_guard<std::mutex> lock(stats_mutex_);
  stats_.queue_size = queue_.size();
  stats_.running_tasks = 0;
  stats_.workers = workers_.size();
  stats_.starting_workers = stats_.running_workers = stats_.idle_workers = 0;
  for (const auto& [serial, worker] : workers_) {
    std::size_t running = worker->tasks.size();
    stats_.running_tasks += running;
    if (worker->state == WorkerState::kStarting) {
      ++stats_.starting_workers;
    } else if (running > 0) {
      ++stats_.running_workers;
    } else if (worker->state == WorkerState::kReady) {
      ++stats_.idle_workers;
    }
  }
}

PoolStats PoolCore::stats() const {
  std::lock_guard<std::mutex> lock(stats_mutex_);
  PoolStats stats = stats_;
  stats.wait = wait_histogram_.Summarize();
  stats.run = run_histogram_.Summarize();
  stats.spawn = spawn_histogram_.Summarize();
  double elapsed_ns = static_cast<double>(uv_hrtime() - created_ns_);
  if (elapsed_ns > 0) {
    stats.utilization = static_cast<double>(run_ns_) / (elapsed_ns * static_cast<double>(options_.max_workers));
  }
  return stats;
}

void PoolCore::ScheduleDelivery() {
  if (!completions_.empty()) delivery_.Arm(0);
}

void PoolCore::DeliverCompletions() {
  // A callback may Run(), Cancel() or even Destroy(), which queue more: they
  // run after the ones queued before them.
  while (!completions_.empty()) {
    std::vector<std::pair<TaskCallback, TaskResult>> batch;
    batch.swap(completions_);
    for (auto& [callback, result] : batch) {
      if (!callback) continue;
      ++callback_depth_;
      callback(std::move(result));
      --callback_depth_;
    }
  }
}

}  // namespace isohost
