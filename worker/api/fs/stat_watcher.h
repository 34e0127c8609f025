// fs.watchFile() of one path: a stat every `interval` ms on the thread pool
// (uv_fs_poll_t), and when it differs from the one before,
// callback(status, fields) from the loop. `fields` holds the current stat and
// then the previous one, 18 numbers each in the order of the `fs` binding's
// stat (worker/api/fs/fs_binding.cc), as a Float64Array or, with `bigint`, a
// BigInt64Array; a stat that failed (status < 0) is all zeroes.
#ifndef ISOHOST_WORKER_API_FS_STAT_WATCHER_H_
#define ISOHOST_WORKER_API_FS_STAT_WATCHER_H_

#include <uv.h>
#include <v8.h>

#include "worker/api/fs/watch_handles.h"
#include "worker/api/fs/watcher.h"

namespace isohost::worker::fs {

class StatWatcher final : public Watcher {
 public:
  // Starts polling `path`. Returns the handle object (see Watcher), or the
  // negative libuv error as a number, or empty when V8 threw.
  static v8::MaybeLocal<v8::Value> Start(v8::Isolate* isolate, const char* path, unsigned int interval_ms,
                                         bool bigint, v8::Local<v8::Function> callback);

 private:
  StatWatcher(v8::Isolate* isolate, v8::Local<v8::Function> callback, bool bigint);

  void OnChange(int status, const uv_stat_t* previous, const uv_stat_t* current);
  uv_handle_t* uv_handle() override { return reinterpret_cast<uv_handle_t*>(handle_.get()); }

  bool bigint_;
  FsPollHandle handle_;
};

}  // namespace isohost::worker::fs

#endif  // ISOHOST_WORKER_API_FS_STAT_WATCHER_H_
