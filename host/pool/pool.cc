// The Pool as its callers see it: puts the scheduler (host/pool/pool_core.h) on a
// loop and a thread of its own, or on a caller's loop, and brings every call
// to that loop's thread or refuses it.
#include "isohost/pool.h"

#include <thread>

#include "host/launch/launcher.h"
#include "host/pool/pool_core.h"
#include "base/uv_handle.h"
#include "base/uv_loop.h"
#include "isohost/output_forwarder.h"
#include "isohost/supervisor.h"

namespace isohost {
namespace {

// Wakes a loop from another thread; the callback runs on the loop's.
class AsyncHandle : public base::UvHandle<uv_async_t> {
 public:
  AsyncHandle(uv_loop_t* loop, std::function<void()> callback) : callback_(std::move(callback)) {
    CHECK_UV(Initialized(uv_async_init(loop, Fresh(), [](uv_async_t* handle) {
      if (auto* self = OwnerOf<AsyncHandle>(handle)) self->callback_();
    })));
    Bind(this);
  }
  // Any thread, until Close() (the owner keeps the two apart).
  void Send() { uv_async_send(get()); }

 private:
  std::function<void()> callback_;
};

TaskResult Refused(TaskId id, TaskErrorKind kind, std::string message) {
  TaskResult result;
  result.id = id;
  result.error = TaskError{};
  result.error->kind = kind;
  result.error->message = std::move(message);
  return result;
}

}  // namespace

class PoolImpl : public std::enable_shared_from_this<PoolImpl> {
 public:
  ~PoolImpl() {
    // An own thread was joined by Destroy(); a caller's loop frees the
    // core's handles the next time it runs.
    std::lock_guard<std::mutex> lock(core_mutex_);
    core_.reset();
  }

  void StartOwnThread(PoolOptions options) {
    own_thread_ = true;
    logger_ = options.logger ? options.logger : MakeHostLogger("pool", LogFormat::kText);
    std::promise<void> started;
    // The workers and the zygote die with the thread that forked them
    // (PR_SET_PDEATHSIG): they are all forked on this one, which lives as
    // long as the pool.
    thread_ = std::thread([this, &started, options = std::move(options)]() mutable {
      uv_loop_t loop;
      CHECK_UV(uv_loop_init(&loop));
      loop_thread_ = std::this_thread::get_id();
      async_ = std::make_unique<AsyncHandle>(&loop, [this] { DrainInbox(); });
      {
        std::lock_guard<std::mutex> lock(core_mutex_);
        core_ = std::make_unique<PoolCore>(&loop, nullptr, std::move(options), CancelRouter());
      }
      core_->Start();
      started.set_value();
      uv_run(&loop, UV_RUN_DEFAULT);  // until Shutdown() closed every handle
      std::string still_open;
      if (base::CloseLoop(&loop, &still_open) != 0) {
        logger_->error("pool: its loop still has open handles ({})", still_open);
      }
    });
    started.get_future().wait();
  }

  void StartOnLoop(uv_loop_t* loop, Launcher* launcher, PoolOptions options) {
    logger_ = options.logger ? options.logger : MakeHostLogger("pool", LogFormat::kText);
    loop_thread_ = std::this_thread::get_id();
    core_ = std::make_unique<PoolCore>(loop, launcher, std::move(options), CancelRouter());
    core_->Start();
  }

  TaskId Run(std::string task, RunOptions options, TaskCallback callback) {
    TaskId id = next_id_.fetch_add(1, std::memory_order_relaxed);
    if (OnLoopThread()) {
      if (core_) {
        core_->Run(id, std::move(task), std::move(options), std::move(callback));
      } else {
        callback(Refused(id, TaskErrorKind::kClosed, "the pool was destroyed"));
      }
      return id;
    }
    if (!own_thread_) {
      callback(Refused(id, TaskErrorKind::kInvalid,
                       "this pool runs on its loop's thread only, and Run() was called from another thread"));
      return id;
    }
    // The callback is copied into the call, which may never run (the pool is
    // gone): then it runs here.
    // Counted until the loop takes it, so that needs_drain() sees it at once.
    // (Until it is in the queue's count: for a moment it is counted twice.)
    posted_runs_.fetch_add(1);
    bool posted = Post([this, id, task = std::move(task), options = std::move(options), callback]() mutable {
      core_->Run(id, std::move(task), std::move(options), std::move(callback));
      posted_runs_.fetch_sub(1);
    });
    if (!posted) {
      posted_runs_.fetch_sub(1);
      callback(Refused(id, TaskErrorKind::kClosed, "the pool was destroyed"));
    }
    return id;
  }

  void Cancel(TaskId id) {
    if (OnLoopThread()) {
      if (core_) core_->Cancel(id);
    } else if (own_thread_) {
      Post([this, id] { core_->Cancel(id); });
    } else {
      logger_->error("pool: Cancel({}) from a thread other than its loop's was ignored", id);
    }
  }

  void Close(CloseOptions options, std::function<void()> done) {
    if (OnLoopThread()) {
      if (core_) {
        core_->Close(options, std::move(done));
      } else if (done) {
        done();
      }
    } else if (own_thread_) {
      if (!Post([this, options, done] { core_->Close(options, done); }) && done) done();
    } else {
      logger_->error("pool: Close() from a thread other than its loop's was ignored");
    }
  }

  void Destroy() {
    if (!own_thread_) {
      CHECK(OnLoopThread() && "a Pool on a caller's loop is destroyed on that loop's thread");
      if (!destroyed_) {
        destroyed_ = true;
        core_->Destroy();
      }
      return;
    }
    if (OnLoopThread()) {
      // Inside one of the pool's callbacks: everything ends now, and the
      // thread once that callback has returned.
      if (!destroyed_) {
        destroyed_ = true;
        core_->Destroy();
        std::lock_guard<std::mutex> lock(inbox_mutex_);
        shutdown_wanted_ = true;
        async_->Send();
      }
      return;
    }
    Post([this] { Shutdown(); });
    if (thread_.joinable()) thread_.join();
  }

  // ~Pool(): the pool's own thread cannot join itself.
  void DestroyForGood() {
    CHECK((!own_thread_ || !OnLoopThread()) && "a Pool of its own thread is destroyed inside one of its callbacks");
    Destroy();
  }

  PoolStats stats() const {
    std::lock_guard<std::mutex> lock(core_mutex_);
    return core_ ? core_->stats() : final_stats_;
  }

  bool needs_drain() const {
    std::lock_guard<std::mutex> lock(core_mutex_);
    if (!core_) return false;
    if (core_->needs_drain()) return true;
    // Tasks posted from other threads that the loop has not queued yet count
    // as queued: a producer must not run past the limit while they travel.
    std::size_t max_queue = core_->max_queue();
    return max_queue > 0 && core_->queued() + posted_runs_.load() >= max_queue;
  }

 private:
  bool OnLoopThread() const { return std::this_thread::get_id() == loop_thread_; }

  // A CancelToken may fire on any thread, and after the pool is gone.
  std::function<void(TaskId)> CancelRouter() {
    return [weak = weak_from_this()](TaskId id) {
      if (auto self = weak.lock()) self->Cancel(id);
    };
  }

  // Own thread: queues a call for the loop's thread. False once the pool is
  // shutting down.
  bool Post(std::function<void()> call) {
    std::lock_guard<std::mutex> lock(inbox_mutex_);
    if (inbox_closed_) return false;
    inbox_.push_back(std::move(call));
    async_->Send();
    return true;
  }

  void DrainInbox() {
    std::vector<std::function<void()>> calls;
    bool shutdown;
    {
      std::lock_guard<std::mutex> lock(inbox_mutex_);
      calls.swap(inbox_);
      shutdown = shutdown_wanted_;
    }
    for (auto& call : calls) call();
    if (shutdown && core_) Shutdown();
  }

  // Own thread, on it: ends every task and worker and closes every handle,
  // so that the loop returns and the thread ends.
  void Shutdown() {
    destroyed_ = true;
    std::vector<std::function<void()>> calls;
    {
      std::lock_guard<std::mutex> lock(inbox_mutex_);
      inbox_closed_ = true;
      calls.swap(inbox_);
    }
    // Calls that came before the end still run, and see the pool destroyed.
    core_->Destroy();
    for (auto& call : calls) call();
    {
      std::lock_guard<std::mutex> lock(core_mutex_);
      final_stats_ = core_->stats();
    }
    std::unique_ptr<PoolCore> core;
    {
      std::lock_guard<std::mutex> lock(core_mutex_);
      core = std::move(core_);
    }
    core.reset();  // kills and reaps the workers, ends the zygote, closes the timers
    async_.reset();
  }

  bool own_thread_ = false;
  std::thread::id loop_thread_;
  std::atomic<TaskId> next_id_{1};
  std::atomic<std::size_t> posted_runs_{0};  // Run() calls on their way to the loop
  bool destroyed_ = false;  // the loop's thread only
  std::shared_ptr<spdlog::logger> logger_;

  mutable std::mutex core_mutex_;  // guards core_ being set and reset (its use is the loop thread's)
  std::unique_ptr<PoolCore> core_;
  PoolStats final_stats_;

  // A pool of its own thread.
  std::thread thread_;
  std::unique_ptr<AsyncHandle> async_;
  std::mutex inbox_mutex_;  // guards inbox_, inbox_closed_, shutdown_wanted_ and sending on async_
  std::vector<std::function<void()>> inbox_;
  bool inbox_closed_ = false;
  bool shutdown_wanted_ = false;  // Destroy() inside a callback: Shutdown() on the next turn
};

Pool::Pool(PoolOptions options) : impl_(std::make_shared<PoolImpl>()) { impl_->StartOwnThread(std::move(options)); }

Pool::Pool(uv_loop_t* loop, PoolOptions options) : impl_(std::make_shared<PoolImpl>()) {
  impl_->StartOnLoop(loop, nullptr, std::move(options));
}

Pool::Pool(Supervisor& supervisor, PoolOptions options) : impl_(std::make_shared<PoolImpl>()) {
  impl_->StartOnLoop(supervisor.loop(), supervisor.launcher_.get(), std::move(options));
}

Pool::~Pool() { impl_->DestroyForGood(); }

TaskId Pool::Run(std::string task, RunOptions options, TaskCallback callback) {
  return impl_->Run(std::move(task), std::move(options), std::move(callback));
}

std::future<TaskResult> Pool::Run(std::string task, RunOptions options) {
  auto promise = std::make_shared<std::promise<TaskResult>>();
  std::future<TaskResult> result = promise->get_future();
  impl_->Run(std::move(task), std::move(options),
             [promise](TaskResult value) { promise->set_value(std::move(value)); });
  return result;
}

void Pool::Cancel(TaskId id) { impl_->Cancel(id); }

void Pool::Close(CloseOptions options, std::function<void()> done) { impl_->Close(options, std::move(done)); }

std::future<void> Pool::Close(CloseOptions options) {
  auto promise = std::make_shared<std::promise<void>>();
  std::future<void> done = promise->get_future();
  impl_->Close(options, [promise] { promise->set_value(); });
  return done;
}

void Pool::Destroy() { impl_->Destroy(); }

PoolStats Pool::stats() const { return impl_->stats(); }

bool Pool::needs_drain() const { return impl_->needs_drain(); }

}  // namespace isohost
