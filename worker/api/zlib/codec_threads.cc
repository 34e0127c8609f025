#include "worker/api/zlib/codec_threads.h"

#include <uv.h>

#include <algorithm>
#include <system_error>
#include <thread>

namespace isohost::worker::zlib {
namespace {

// More threads than this gain a stream little: its blocks come from one
// producer, which then spends its time handing them out.
constexpr unsigned kMaxThreads = 8;

}  // namespace

CodecThreads& CodecThreads::Get() {
  static CodecThreads* threads = new CodecThreads();
  return *threads;
}

CodecThreads::CodecThreads() {
  // uv_available_parallelism() follows the CPU affinity the process was given.
  unsigned wanted = std::min<unsigned>(kMaxThreads, uv_available_parallelism());
  for (unsigned i = 0; i < wanted; ++i) {
    try {
      std::thread(&CodecThreads::Loop, this).detach();
    } catch (const std::system_error&) {
      break;  // out of threads (RLIMIT_NPROC): fewer, or none, will do
    }
    ++threads_;
  }
}

void CodecThreads::Post(std::shared_ptr<Job> job) {
  if (threads_ == 0) {
    job->Run();
    std::lock_guard<std::mutex> lock(mutex_);
    job->done_ = true;
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(job));
  }
  work_.notify_one();
}

void CodecThreads::Wait(const Job& job) {
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&job] { return job.done_; });
}

bool CodecThreads::Done(const Job& job) {
  std::lock_guard<std::mutex> lock(mutex_);
  return job.done_;
}

void CodecThreads::Cancel(const std::shared_ptr<Job>& job) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = std::find(queue_.begin(), queue_.end(), job);
  if (it != queue_.end()) queue_.erase(it);
}

void CodecThreads::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_.wait(lock, [this] { return !queue_.empty(); });
    std::shared_ptr<Job> job = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    job->Run();
    lock.lock();
    job->done_ = true;
    // Several streams may wait, each for its own job.
    done_.notify_all();
  }
}

}  // namespace isohost::worker::zlib
