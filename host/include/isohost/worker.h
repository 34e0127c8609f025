// A worker process, as represented in the host: spawns it, talks to it over
// its channel, forwards its output and reports how it ended. Lives on one
// libuv loop; every callback runs on that loop and none runs after the
// Worker is destroyed.
#ifndef ISOHOST_WORKER_H_
#define ISOHOST_WORKER_H_

#include <uv.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "isohost/exit_info.h"
#include "isohost/port.h"
#include "isohost/worker_options.h"

namespace isohost {

enum class StdioStream { kStdout, kStderr };
enum class ConsoleLevel { kNone, kDebug, kInfo, kWarn, kError, kTrace };

class Launcher;

// How one task of a task-runner worker settled, as the worker said. Views,
// valid only during the callback.
struct TaskOutcome {
  std::uint64_t id = 0;
  bool thrown = false;
  // The structured-clone bytes of the result, when not thrown (a large one
  // is read in place from shared memory: see on_message).
  std::string_view value;
  // What was thrown, when thrown: err.name, err.message, err.stack and
  // err.code (as a string), or the thrown value as a string in `message`.
  std::string_view name;
  std::string_view message;
  std::string_view stack;
  std::string_view code;
  std::uint64_t heap_used_bytes = 0;  // when RunTask asked for it
  // It was cancelled (or reclaimed) before it started, and never ran.
  bool dropped = false;
};

struct WorkerCallbacks {
  // The worker started and is running the script.
  std::function<void()> on_online;
  // One message: structured-clone bytes (isohost/clone_codec.h reads them), as a
  // view valid only during the call. A large message is a view into a ring
  // of memory shared with the worker, which the worker can still write while
  // the callback runs: treat the bytes as untrusted and changing (decode them
  // once, or copy them first; never check them and then rely on the check).
  std::function<void(std::string_view data)> on_message;
  // Output of the worker's JS (process.stdout/stderr, console) with the
  // console level, and native output of the process (level kNone).
  std::function<void(StdioStream stream, std::string_view data, ConsoleLevel level)> on_output;
  // The worker said that it is exiting, and how (its code and reason; no
  // signal): it runs nothing more, though its process, its last output and
  // on_exit come a little later. Must not destroy the Worker.
  std::function<void(const ExitInfo& info)> on_exiting;
  // The worker is gone and all its output has been delivered. Last callback.
  std::function<void(const ExitInfo& info)> on_exit;
  // A task runner (WorkerOptions::task_runner) loaded its script, which
  // exports a task function.
  std::function<void()> on_task_ready;
  // A task sent with RunTask() settled. A result for a task the worker was
  // not given ends the worker with a protocol error instead.
  std::function<void(const TaskOutcome& outcome)> on_task_result;
};

class Worker {
 public:
  // Starts a worker. Failure to start (missing binary, bad options) is
  // reported through on_exit with kStartupFailed, on a later loop turn.
  // Without a launcher (a Supervisor has one: zygote and pool) the worker is
  // a fresh exec whatever options.spawn says.
  static std::unique_ptr<Worker> Spawn(uv_loop_t* loop, WorkerOptions options,
                                       WorkerCallbacks callbacks, Launcher* launcher = nullptr);
  // Kills a worker that is still running and reaps it.
  ~Worker();

  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  // Queues a message (structured-clone bytes). Returns false, and says why in
  // `error` when given, if the message is over options.limits.max_message_bytes
  // (nothing is sent and the worker goes on) or the worker is gone.
  bool PostMessage(std::string_view data, std::string* error = nullptr);
  // Makes a MessageChannel and posts one end to the worker as a message
  // whose value is that MessagePort (as `worker.postMessage(port, [port])`
  // does in Node); the host keeps the other end. Null when the worker is gone.
  std::unique_ptr<Port> PostPort(Port::Callbacks callbacks);
  // Asks the worker to exit now (exit code `code`); kills it after `grace_ms`
  // if it has not.
  void Terminate(int code = 1, std::uint64_t grace_ms = 2000);
  // Sends a task (structured-clone bytes) to a task runner, whose function is
  // called on it once the script is loaded and fewer than
  // options.task_concurrency tasks run; tasks start in the order they were
  // sent. `id` must not be one of the worker's unsettled tasks. With a
  // nonzero `heap_limit_bytes`, the result reports the heap in use, and a
  // worker whose heap in use has passed it starts no more tasks: those it
  // holds wait to be asked back (CancelTask with `reclaim`). False, with the
  // reason in `error`, when the task is over the message limit or the worker
  // is gone.
  bool RunTask(std::uint64_t id, std::string_view task, std::uint64_t heap_limit_bytes = 0,
               std::string* error = nullptr);
  // Fires the AbortSignal of an unsettled task; it still settles (at once,
  // dropped, if it had not started). With `reclaim`, only a task that has
  // not started is touched: it settles dropped, and one that has started
  // goes on as if nothing happened.
  void CancelTask(std::uint64_t id, std::string_view reason, bool reclaim = false);
  void WriteStdin(std::string_view data);
  void EndStdin();

  std::uint64_t id() const;
  int pid() const;
  // How this worker's process was obtained.
  SpawnStrategy strategy() const;
  bool running() const;

 private:
  class Impl;
  explicit Worker(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace isohost

#endif  // ISOHOST_WORKER_H_
