// A file watcher of the worker (fs.watch, fs.watchFile) as JS holds it: a
// handle object with close(), ref() and unref(), and a JS callback that the
// watcher's libuv handle calls from the loop. A watcher owns itself from its
// start until JS calls close(): one the script keeps no reference to goes on
// calling back, as in Node. close() frees it at once (its handle closes
// through libuv), so a closed watcher never keeps the worker alive, and
// neither does an unreferenced one.
#ifndef ISOHOST_WORKER_API_FS_WATCHER_H_
#define ISOHOST_WORKER_API_FS_WATCHER_H_

#include <uv.h>
#include <v8.h>

namespace isohost::worker::fs {

class Watcher {
 public:
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;
  // Unbinds the handle object: its methods do nothing from then on.
  virtual ~Watcher();

 protected:
  Watcher(v8::Isolate* isolate, v8::Local<v8::Function> callback);

  // The handle object of this watcher, made once its libuv handle started;
  // empty only when V8 threw (termination).
  v8::MaybeLocal<v8::Object> MakeHandleObject();
  // Calls the JS callback as a callback from the loop (ticks and microtasks
  // after it). The callback may close this watcher, which deletes it: the
  // caller must touch nothing of it afterwards.
  void Call(int argc, v8::Local<v8::Value>* argv);

  v8::Isolate* isolate() const { return isolate_; }
  // The libuv handle, for ref() and unref().
  virtual uv_handle_t* uv_handle() = 0;

 private:
  static v8::Local<v8::FunctionTemplate> HandleTemplate(v8::Isolate* isolate);
  static Watcher* FromHandleObject(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Close(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Ref(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Unref(const v8::FunctionCallbackInfo<v8::Value>& info);

  v8::Isolate* isolate_;
  v8::Global<v8::Function> callback_;
  v8::Global<v8::Object> object_;  // the handle object, unbound when this goes
};

}  // namespace isohost::worker::fs

#endif  // ISOHOST_WORKER_API_FS_WATCHER_H_
