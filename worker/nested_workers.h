// The nested workers of this worker (`new Worker()` in its JS), as seen from
// inside it: frames to the host that spawns them, and the host's frames
// about them delivered to JS (worker/js/internal/worker/worker.js). Made by
// the worker_threads binding on the first `new Worker()`; owned by the
// Runtime.
#ifndef ISOHOST_WORKER_NESTED_WORKERS_H_
#define ISOHOST_WORKER_NESTED_WORKERS_H_

#include <v8.h>

#include "isohost.pb.h"

namespace isohost::worker {

class Runtime;

class NestedWorkers {
 public:
  explicit NestedWorkers(Runtime* runtime) : runtime_(runtime) {}

  // onMessage(nestedId, value), onEvent(nestedId, kind, exitCode, reason, message),
  // onStdio(nestedId, isStderr, bytes: Uint8Array)
  void SetHandlers(v8::Local<v8::Function> on_message, v8::Local<v8::Function> on_event,
                   v8::Local<v8::Function> on_stdio);
  // A NestedPortMessage, NestedEvent or NestedStdio from the host.
  void OnFrame(const proto::Envelope& envelope);

 private:
  Runtime* runtime_;
  v8::Global<v8::Function> on_message_;
  v8::Global<v8::Function> on_event_;
  v8::Global<v8::Function> on_stdio_;
};

// Hands a ChannelMessage or PortClose (MessagePorts between processes) to
// the JS that holds the ports (internal/worker/io.js, loaded by the first).
void DeliverChannelFrame(Runtime& runtime, const proto::Envelope& envelope);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_NESTED_WORKERS_H_
