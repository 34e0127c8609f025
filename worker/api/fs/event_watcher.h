// fs.watch() of one path: inotify's events on it (uv_fs_event_t) enter JS
// as callback(status, eventType, filename), eventType 'rename' or 'change'.
// A watch with `recursive` is made of these, one per directory, in JS
// (worker/js/internal/fs/recursive_watch.js): inotify does not recurse.
#ifndef ISOHOST_WORKER_API_FS_EVENT_WATCHER_H_
#define ISOHOST_WORKER_API_FS_EVENT_WATCHER_H_

#include <uv.h>
#include <v8.h>

#include "worker/api/fs/watch_handles.h"
#include "worker/api/fs/watcher.h"

namespace isohost::worker::fs {

class EventWatcher final : public Watcher {
 public:
  // Starts watching `path`. Returns the handle object (see Watcher), or the
  // negative libuv error as a number, or empty when V8 threw. Filenames
  // reach JS as strings (UTF-8), or as a Uint8Array of their bytes when
  // `as_bytes`, for the other encodings.
  static v8::MaybeLocal<v8::Value> Start(v8::Isolate* isolate, const char* path, bool as_bytes,
                                         v8::Local<v8::Function> callback);

 private:
  EventWatcher(v8::Isolate* isolate, v8::Local<v8::Function> callback, bool as_bytes);

  void OnEvent(const char* filename, int events, int status);
  v8::Local<v8::Value> Filename(const char* filename);
  uv_handle_t* uv_handle() override { return reinterpret_cast<uv_handle_t*>(handle_.get()); }

  bool as_bytes_;
  FsEventHandle handle_;
};

}  // namespace isohost::worker::fs

#endif  // ISOHOST_WORKER_API_FS_EVENT_WATCHER_H_
