// The worker's side of the task frames (proto/isohost.proto, "tasks"): hands
// each TaskRun's task to the JS task runner (worker/js/internal/task_runner.js)
// and sends back how it settled. Owned by the Runtime; made when the task
// runner's JS first asks for its binding, so a worker that runs no tasks has
// none.
#ifndef ISOHOST_WORKER_RUNTIME_TASK_RUNNER_H_
#define ISOHOST_WORKER_RUNTIME_TASK_RUNNER_H_

#include <v8.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "isohost.pb.h"

namespace isohost::worker {

class Runtime;

class TaskRunner {
 public:
  explicit TaskRunner(Runtime* runtime) : runtime_(runtime) {}

  // The JS functions (id, task) and (id, reason, reclaim) that run and
  // cancel a task.
  void SetHandlers(v8::Local<v8::Function> on_run, v8::Local<v8::Function> on_cancel);

  // A TaskRun or TaskCancel from the host.
  void OnFrame(const proto::Envelope& envelope);

  // Settles task `id`. SendValue() returns false, with an exception pending
  // (a DataCloneError, or a RangeError over the message limit), when the
  // value cannot be sent; the caller then sends that error instead.
  bool SendValue(std::uint64_t id, v8::Local<v8::Value> value);
  // `dropped`: it was cancelled before it started, and never ran.
  void SendError(std::uint64_t id, const proto::TaskError& error, bool dropped = false);
  // The script exports a task function: tasks may come.
  void SendReady();
  // The heap in use, after a task whose TaskRun set heap_limit_bytes, was
  // over that limit: the JS runner starts no more tasks, and the host asks
  // back the ones it sent ahead.
  bool over_heap_limit() const { return over_heap_limit_; }

 private:
  void Run(const proto::TaskRun& run);
  // Adds the heap in use to a result whose TaskRun asked for it.
  void NoteHeap(std::uint64_t id, proto::TaskResult* result);

  Runtime* runtime_;
  v8::Global<v8::Function> on_run_;
  v8::Global<v8::Function> on_cancel_;
  // Unsettled tasks whose result reports the heap in use, with the limit
  // their TaskRun set.
  std::unordered_map<std::uint64_t, std::uint64_t> heap_limits_;
  bool over_heap_limit_ = false;
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_RUNTIME_TASK_RUNNER_H_
