// Threads of the worker's own that (de)compress pieces of one stream at the
// same time (ParallelDeflate). libuv's thread pool cannot take them: work is
// queued to it from the loop's thread only, and a codec's Write() may run on
// any thread. Made on first use, one per CPU the process may run on; a
// worker that never compresses much has none.
#ifndef ISOHOST_WORKER_API_ZLIB_CODEC_THREADS_H_
#define ISOHOST_WORKER_API_ZLIB_CODEC_THREADS_H_

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>

namespace isohost::worker::zlib {

class CodecThreads {
 public:
  class Job {
   public:
    virtual ~Job() = default;
    virtual void Run() = 0;

   private:
    friend class CodecThreads;
    bool done_ = false;  // under the threads' mutex
  };

  // The process's threads, started on the first call. Never destroyed: a
  // thread may still run a job of a stream that is gone when the worker exits.
  static CodecThreads& Get();

  // How many threads there are; 0 when none could be started, and Post()
  // then runs each job at once.
  std::size_t size() const { return threads_; }

  void Post(std::shared_ptr<Job> job);
  // Blocks until `job` has run.
  void Wait(const Job& job);
  bool Done(const Job& job);
  // Takes `job` off the queue if no thread has started it.
  void Cancel(const std::shared_ptr<Job>& job);

 private:
  CodecThreads();
  void Loop();

  std::size_t threads_ = 0;
  std::mutex mutex_;
  std::condition_variable work_;
  std::condition_variable done_;
  std::deque<std::shared_ptr<Job>> queue_;
};

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_CODEC_THREADS_H_
