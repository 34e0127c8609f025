// The nested workers of this worker (`new Worker()` in its JS), as seen from
// inside it: frames to the host that spawns them, and the host's frames
// about them delivered to JS (worker/js/internal/worker/worker.js). Made by
// the worker_threads binding on the first `new Worker()`; owned by the
// Runtime.
#ifndef ISOHOST_WORKER_API_WORKER_THREADS_NESTED_WORKERS_H_
#define ISOHOST_WORKER_API_WORKER_THREADS_NESTED_WORKERS_H_

#include <v8.h>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "isohost.pb.h"

namespace isohost::worker {

class Runtime;

class NestedWorkers {
 public:
  explicit NestedWorkers(Runtime* runtime) : runtime_(runtime) {}

  // onMessage(nestedId, value), onEvent(nestedId, kind, exitCode, reason, message),
  // onStdio(nestedId, isStderr, bytes: Uint8Array),
  // onHeapSnapshot(nestedId, bytes: Uint8Array, done),
  // onUncaught(nestedId, report, false) and, for a message of its
  // environment port (NestedControl.env_message), onUncaught(nestedId, value, true)
  void SetHandlers(v8::Local<v8::Function> on_message, v8::Local<v8::Function> on_event,
                   v8::Local<v8::Function> on_stdio, v8::Local<v8::Function> on_heap_snapshot,
                   v8::Local<v8::Function> on_uncaught);
  // A NestedPortMessage, NestedEvent, NestedStdio or a NestedControl's heap
  // snapshot, uncaught error or environment port message from the host.
  void OnFrame(const proto::Envelope& envelope);

  // Nested workers started with env: SHARE_ENV, until they exit.
  void AddEnvSharer(std::uint32_t nested_id) { env_sharers_.insert(nested_id); }
  const std::set<std::uint32_t>& env_sharers() const { return env_sharers_; }

 private:
  Runtime* runtime_;
  v8::Global<v8::Function> on_message_;
  v8::Global<v8::Function> on_event_;
  v8::Global<v8::Function> on_stdio_;
  v8::Global<v8::Function> on_heap_snapshot_;
  v8::Global<v8::Function> on_uncaught_;
  std::set<std::uint32_t> env_sharers_;
};

// A process.env shared (SHARE_ENV) with the parent or with nested workers:
// sends the change of `name` (to `value`, or deleted when null) to each
// worker that shares it but `from` (0: the parent, else a nested id;
// kFromThisWorker: a change made here).
inline constexpr std::int64_t kFromThisWorker = -1;
void ShareEnvChange(Runtime& runtime, std::string_view name, const std::string* value, std::int64_t from);

// A NestedControl from the host: an env change is applied to process.env
// and passed on; a heap snapshot request is answered with this worker's
// snapshot; a part of a nested worker's snapshot goes to the JS that asked.
void OnNestedControl(Runtime& runtime, const proto::Envelope& envelope);

// Hands a ChannelMessage or PortClose (MessagePorts between processes) to
// the JS that holds the ports (internal/worker/io.js, loaded by the first).
void DeliverChannelFrame(Runtime& runtime, const proto::Envelope& envelope);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_API_WORKER_THREADS_NESTED_WORKERS_H_
