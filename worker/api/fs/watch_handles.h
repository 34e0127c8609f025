// The two libuv handles behind fs.watch and fs.watchFile, owned as every
// handle is (ipc/uv_handle.h): the owner may go at any time, inside the
// handle's own callback too, and libuv frees the memory in the close callback.
#ifndef ISOHOST_WORKER_API_FS_WATCH_HANDLES_H_
#define ISOHOST_WORKER_API_FS_WATCH_HANDLES_H_

#include <uv.h>

#include <functional>
#include <utility>

#include "base/check.h"
#include "base/uv_handle.h"

namespace isohost::worker::fs {

// Changes to one path as inotify reports them: for a directory, its entries
// by name; for a file, the file under its own base name.
class FsEventHandle : public base::UvHandle<uv_fs_event_t> {
 public:
  // `events` is a mask of UV_RENAME and UV_CHANGE; `filename` may be null;
  // `status` is a libuv error or 0.
  using Callback = std::function<void(const char* filename, int events, int status)>;

  explicit FsEventHandle(uv_loop_t* loop) { CHECK_UV(Initialized(uv_fs_event_init(loop, Fresh()))); }

  // Returns 0 or libuv's error (ENOENT for a missing path, ENOSPC past the
  // system's limit of inotify watches).
  int Start(const char* path, Callback callback) {
    callback_ = std::move(callback);
    Bind(this);
    return uv_fs_event_start(get(), &FsEventHandle::OnEvent, path, 0);
  }

 private:
  static void OnEvent(uv_fs_event_t* handle, const char* filename, int events, int status) {
    if (auto* self = OwnerOf<FsEventHandle>(handle)) self->callback_(filename, events, status);
  }

  Callback callback_;
};

// A stat of one path every `interval` ms on the thread pool, reported when
// it differs from the last one (or fails differently).
class FsPollHandle : public base::UvHandle<uv_fs_poll_t> {
 public:
  // `status` is 0 or the libuv error of the stat, whose result is then all
  // zeroes; `previous` is the last successful stat (zeroes before any).
  using Callback = std::function<void(int status, const uv_stat_t* previous, const uv_stat_t* current)>;

  explicit FsPollHandle(uv_loop_t* loop) { CHECK_UV(Initialized(uv_fs_poll_init(loop, Fresh()))); }

  // Returns 0 or libuv's error. A missing path is no error: it is reported
  // through the callback.
  int Start(const char* path, unsigned int interval_ms, Callback callback) {
    callback_ = std::move(callback);
    Bind(this);
    return uv_fs_poll_start(get(), &FsPollHandle::OnChange, path, interval_ms);
  }

 private:
  static void OnChange(uv_fs_poll_t* handle, int status, const uv_stat_t* previous, const uv_stat_t* current) {
    if (auto* self = OwnerOf<FsPollHandle>(handle)) self->callback_(status, previous, current);
  }

  Callback callback_;
};

}  // namespace isohost::worker::fs

#endif  // ISOHOST_WORKER_API_FS_WATCH_HANDLES_H_
