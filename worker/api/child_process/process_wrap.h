// internalBinding('child_process').Process: one child of
// child_process.spawn on the worker's loop (worker/js/internal/child_process.js).
// Made by `new Process()`, owned by its JS object until JS closes it
// (handle_object.h), which it does once the child has exited or failed to
// start: a handle JS holds is a child libuv reaps, so none is left a zombie.
//
//   spawn(options) -> 0 or a libuv error; sets `pid` on success. options as
//     ParseSpawnRequest reads them, each stdio slot 'ignore', a descriptor,
//     or a Pipe (pipe_wrap.h) to connect to the child
//   kill(signal) -> 0 or a libuv error (UV_ESRCH once the child is gone)
//   close(), ref(), unref(), hasRef()
//   onexit(exitStatus, termSignal): the object's property, called at the exit
#ifndef ISOHOST_WORKER_API_CHILD_PROCESS_PROCESS_WRAP_H_
#define ISOHOST_WORKER_API_CHILD_PROCESS_PROCESS_WRAP_H_

#include <uv.h>
#include <v8.h>

#include "base/uv_handle.h"
#include "worker/api/stream/handle_object.h"

namespace isohost::worker::child_process {

class ProcessWrap : public HandleObject {
 public:
  static const int kTag;  // its address tells the classes apart (aligned, as V8 wants)

  static void Install(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);

 private:
  ProcessWrap(v8::Isolate* isolate, v8::Local<v8::Object> object);
  ~ProcessWrap() override;

  static void New(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Spawn(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Kill(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Close(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Ref(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Unref(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void HasRef(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void OnExit(uv_process_t* process, int64_t exit_status, int term_signal);

  base::ProcessHandle handle_;
  bool running_ = false;  // spawned and not yet exited
};

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_API_CHILD_PROCESS_PROCESS_WRAP_H_
