// The native half of fs.watch, fs.watchFile and fs.promises.watch
// (worker/js/internal/fs/watchers.js): a watcher of one path on libuv,
// inotify for watch and a periodic stat for watchFile. Made on the first
// watch, so a worker that watches nothing builds none of it.
#include <uv.h>
#include <v8.h>

#include <cstdint>

#include "worker/api/fs/event_watcher.h"
#include "worker/api/fs/fs_request.h"
#include "worker/api/fs/stat_watcher.h"
#include "worker/v8/binding.h"

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// watch(path, asBytes, callback(status, eventType, filename)) -> handle
// object, or a negative libuv error. `path` arrives checked from JS, a
// string or the bytes of a Buffer.
void Watch(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[2]->IsFunction()) return;
  fs::PathArg path(isolate, info[0]);
  Local<Value> result;
  if (fs::EventWatcher::Start(isolate, path.c_str(), info[1]->IsTrue(), info[2].As<v8::Function>())
          .ToLocal(&result)) {
    info.GetReturnValue().Set(result);
  }
}

// watchFile(path, intervalMs, bigint, callback(status, fields)) -> handle
// object, or a negative libuv error. The interval arrives checked (uint32).
void WatchFile(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[1]->IsUint32() || !info[3]->IsFunction()) return;
  fs::PathArg path(isolate, info[0]);
  Local<Value> result;
  if (fs::StatWatcher::Start(isolate, path.c_str(), info[1].As<v8::Uint32>()->Value(), info[2]->IsTrue(),
                             info[3].As<v8::Function>())
          .ToLocal(&result)) {
    info.GetReturnValue().Set(result);
  }
}

}  // namespace

namespace native_modules {

ISOHOST_BINDING(fs_watch) {
  SetMethod(isolate, context, target, "watch", Watch);
  SetMethod(isolate, context, target, "watchFile", WatchFile);
  SetValue(isolate, context, target, "UV_ENOSPC", v8::Integer::New(isolate, UV_ENOSPC));
}

}  // namespace native_modules
}  // namespace isohost::worker
