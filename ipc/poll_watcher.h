// One libuv poll handle on one descriptor, owned RAII-style: the handle lives
// on the heap and is freed in its close callback, so the owner may go away
// while libuv still holds it. A Channel keeps one for where its frames come
// from and one for where they go.
#ifndef ISOHOST_IPC_POLL_WATCHER_H_
#define ISOHOST_IPC_POLL_WATCHER_H_

#include <uv.h>

namespace isohost::ipc {

class PollWatcher {
 public:
  using Callback = void (*)(void* owner, int status, int events);

  PollWatcher() = default;
  ~PollWatcher() { Close(); }
  PollWatcher(const PollWatcher&) = delete;
  PollWatcher& operator=(const PollWatcher&) = delete;

  // Starts watching `fd` (not taken over: the caller closes it after Close()).
  // Returns a libuv error code.
  int Open(uv_loop_t* loop, int fd, void* owner, Callback callback) {
    Close();
    auto* handle = new uv_poll_t;
    int rc = uv_poll_init(loop, handle, fd);
    if (rc != 0) {
      delete handle;
      return rc;
    }
    handle->data = this;
    handle_ = handle;
    owner_ = owner;
    callback_ = callback;
    events_ = 0;
    return 0;
  }

  // Watches for `events` (0 stops); a watcher that is `referenced` keeps the
  // loop alive while it watches.
  void Set(int events, bool referenced) {
    if (handle_ == nullptr) return;
    if (events != events_) {
      if (events == 0) {
        uv_poll_stop(handle_);
      } else {
        uv_poll_start(handle_, events, &PollWatcher::OnPoll);
      }
      events_ = events;
    }
    auto* raw = reinterpret_cast<uv_handle_t*>(handle_);
    if (referenced) {
      uv_ref(raw);
    } else {
      uv_unref(raw);
    }
  }

  // libuv stops a handle before it reports an error on it.
  void Forget() { events_ = 0; }

  void Close() {
    if (handle_ == nullptr) return;
    handle_->data = nullptr;
    uv_close(reinterpret_cast<uv_handle_t*>(handle_),
             [](uv_handle_t* handle) { delete reinterpret_cast<uv_poll_t*>(handle); });
    handle_ = nullptr;
    events_ = 0;
  }

  bool is_open() const { return handle_ != nullptr; }
  int events() const { return events_; }

 private:
  static void OnPoll(uv_poll_t* handle, int status, int events) {
    auto* self = static_cast<PollWatcher*>(handle->data);
    if (self != nullptr) self->callback_(self->owner_, status, events);
  }

  uv_poll_t* handle_ = nullptr;
  void* owner_ = nullptr;
  Callback callback_ = nullptr;
  int events_ = 0;
};

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_POLL_WATCHER_H_
