// RAII owners of libuv handles, the one way host and worker hold a handle.
// A handle lives on the heap and is freed in its close callback, so its owner
// may be destroyed at any time: libuv may still touch the handle until the
// callback runs, and it finds `data` cleared, so no callback reaches a gone
// owner. Initialisation that cannot fail on a valid loop is CHECKed; what
// depends on a descriptor (poll, pipe, spawn) returns libuv's error.
#ifndef ISOHOST_BASE_UV_HANDLE_H_
#define ISOHOST_BASE_UV_HANDLE_H_

#include <unistd.h>
#include <uv.h>

#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>

#include "base/check.h"

namespace isohost::base {

template <typename Handle>
class UvHandle {
 public:
  UvHandle() = default;
  ~UvHandle() { Close(); }
  UvHandle(const UvHandle&) = delete;
  UvHandle& operator=(const UvHandle&) = delete;

  Handle* get() { return handle_; }
  // Whether a handle was initialised and not closed since.
  bool is_open() const { return handle_ != nullptr && initialized_; }

  // Whether the handle alone keeps the loop running (libuv's default: yes).
  void SetReferenced(bool referenced) {
    if (!is_open()) return;
    if (referenced) {
      uv_ref(raw());
    } else {
      uv_unref(raw());
    }
  }

  // Stops the handle: no callback runs after this. The memory goes in the
  // close callback. A later Open/Init makes a new handle.
  void Close() {
    if (handle_ == nullptr) return;
    if (!initialized_) {
      delete handle_;
    } else {
      raw()->data = nullptr;
      if (!uv_is_closing(raw())) {
        uv_close(raw(), [](uv_handle_t* handle) { delete reinterpret_cast<Handle*>(handle); });
      }
    }
    handle_ = nullptr;
    initialized_ = false;
  }
  // Close(), and `on_closed` from libuv's close callback, once the handle is
  // gone (what Node's streams wait for before their 'close'). Returns false,
  // and never calls it, when no handle was open. Until then the handle's
  // `data` holds the function: after uv_close() libuv calls nothing of a
  // handle but its close callback (requests' callbacks read their own data).
  bool Close(std::function<void()> on_closed) {
    if (!is_open() || uv_is_closing(raw())) {
      Close();
      return false;
    }
    raw()->data = new std::function<void()>(std::move(on_closed));
    uv_close(raw(), [](uv_handle_t* handle) {
      auto* on_closed = static_cast<std::function<void()>*>(handle->data);
      delete reinterpret_cast<Handle*>(handle);
      (*on_closed)();
      delete on_closed;
    });
    handle_ = nullptr;
    initialized_ = false;
    return true;
  }

 protected:
  uv_handle_t* raw() { return reinterpret_cast<uv_handle_t*>(handle_); }

  // A new handle, not yet initialised, in place of the current one (closed).
  Handle* Fresh() {
    Close();
    handle_ = new Handle;
    raw()->data = nullptr;
    return handle_;
  }
  // Takes the result of the uv_*_init call on Fresh()'s handle: an initialised
  // handle must go through uv_close, one that failed is freed at once.
  int Initialized(int rc) {
    if (rc == 0) {
      initialized_ = true;
    } else {
      delete handle_;
      handle_ = nullptr;
    }
    return rc;
  }
  // For uv_spawn, which initialises the handle even when it fails.
  void MarkInitialized() { initialized_ = true; }
  // Routes the handle's callbacks to `owner` (cleared by Close()).
  void Bind(void* owner) { raw()->data = owner; }

  template <typename Owner, typename RawHandle>
  static Owner* OwnerOf(RawHandle* handle) {
    return static_cast<Owner*>(reinterpret_cast<uv_handle_t*>(handle)->data);
  }

 private:
  Handle* handle_ = nullptr;
  bool initialized_ = false;
};

// A one-shot timer.
class TimerHandle : public UvHandle<uv_timer_t> {
 public:
  explicit TimerHandle(uv_loop_t* loop) { CHECK_UV(Initialized(uv_timer_init(loop, Fresh()))); }

  void Start(std::uint64_t timeout_ms, std::function<void()> callback) {
    callback_ = std::move(callback);
    Bind(this);
    CHECK_UV(uv_timer_start(get(), [](uv_timer_t* handle) {
      if (auto* self = OwnerOf<TimerHandle>(handle)) self->callback_();
    }, timeout_ms, 0));
  }
  void Stop() {
    if (is_open()) CHECK_UV(uv_timer_stop(get()));
  }

 private:
  std::function<void()> callback_;
};

// Runs a callback on the next loop turn (a zero timeout timer).
class DeferredCall : public TimerHandle {
 public:
  using TimerHandle::TimerHandle;
  void Start(std::function<void()> callback) { TimerHandle::Start(0, std::move(callback)); }
};

// Readiness of one descriptor, which it does not own: close the descriptor
// only after Close(), or epoll keeps watching whatever reuses its number.
class PollHandle : public UvHandle<uv_poll_t> {
 public:
  using Callback = std::function<void(int status, int events)>;

  // Starts watching `fd`, for nothing until Set(). Returns 0 or a libuv error
  // (a descriptor epoll refuses, such as a regular file).
  int Open(uv_loop_t* loop, int fd, Callback callback) {
    callback_ = std::move(callback);
    return Reopen(loop, fd);
  }
  // Watches another descriptor with the same callback, for nothing until
  // Set(). May be called from inside the callback.
  int Reopen(uv_loop_t* loop, int fd) {
    events_ = 0;
    if (int rc = Initialized(uv_poll_init(loop, Fresh(), fd)); rc != 0) return rc;
    Bind(this);
    return 0;
  }

  // Watches for `events` (0 stops); `referenced` as in SetReferenced().
  void Set(int events, bool referenced) {
    if (!is_open()) return;
    if (events != events_) {
      if (events == 0) {
        CHECK_UV(uv_poll_stop(get()));
      } else {
        CHECK_UV(uv_poll_start(get(), events, &PollHandle::OnPoll));
      }
      events_ = events;
    }
    SetReferenced(referenced);
  }
  int events() const { return is_open() ? events_ : 0; }
  // libuv stops a handle before it reports an error on it.
  void Forget() { events_ = 0; }

 private:
  static void OnPoll(uv_poll_t* handle, int status, int events) {
    if (auto* self = OwnerOf<PollHandle>(handle)) self->callback_(status, events);
  }

  Callback callback_;
  int events_ = 0;
};

// One signal, delivered on the loop.
class SignalHandle : public UvHandle<uv_signal_t> {
 public:
  explicit SignalHandle(uv_loop_t* loop) { CHECK_UV(Initialized(uv_signal_init(loop, Fresh()))); }

  void Start(int signum, std::function<void(int signum)> callback) {
    callback_ = std::move(callback);
    Bind(this);
    CHECK_UV(uv_signal_start(get(), [](uv_signal_t* handle, int signum) {
      if (auto* self = OwnerOf<SignalHandle>(handle)) self->callback_(signum);
    }, signum));
  }

 private:
  std::function<void(int)> callback_;
};

// A child process started with uv_spawn.
class ProcessHandle : public UvHandle<uv_process_t> {
 public:
  explicit ProcessHandle(uv_loop_t* loop) : loop_(loop) {}
  // Returns 0 or a libuv error. `data` receives the exit callback.
  int Spawn(const uv_process_options_t* options, void* data) {
    int rc = uv_spawn(loop_, Fresh(), options);
    MarkInitialized();  // to be closed even when the spawn failed
    Bind(data);
    return rc;
  }
  int pid() { return is_open() ? get()->pid : 0; }

 private:
  uv_loop_t* loop_;
};

// Reads a stream to its end: the read end of a pipe (a child's stdout or
// stderr) or a terminal.
class StreamReader : public UvHandle<uv_any_handle> {
 public:
  using DataCallback = std::function<void(std::string_view data)>;

  explicit StreamReader(uv_loop_t* loop) : loop_(loop) {}

  // Reads the pipe `fd`, which the handle takes over: it closes it when it
  // closes, or at once if opening fails (libuv never closes fds 0 to 2).
  // Returns 0 or a libuv error.
  int OpenPipe(int fd) {
    CHECK_UV(Initialized(uv_pipe_init(loop_, &Fresh()->pipe, 0)));
    int rc = uv_pipe_open(&get()->pipe, fd);
    if (rc != 0) {
      Close();
      if (fd > STDERR_FILENO) ::close(fd);
    }
    return rc;
  }
  // Reads the terminal `fd`. Returns 0 or a libuv error.
  int OpenTty(int fd) { return Initialized(uv_tty_init(loop_, &Fresh()->tty, fd, /*readable=*/1)); }

  // `on_end` runs once: at EOF, on a read error, or at once when nothing was
  // opened. Either callback may destroy the reader.
  void StartReading(DataCallback on_data, std::function<void()> on_end) {
    on_data_ = std::move(on_data);
    on_end_ = std::move(on_end);
    if (!is_open()) return End();
    Bind(this);
    int rc = uv_read_start(
        stream(),
        [](uv_handle_t*, size_t, uv_buf_t* buf) {
          // Every callback consumes its bytes before the next read.
          static thread_local char buffer[64 * 1024];
          *buf = uv_buf_init(buffer, sizeof buffer);
        },
        [](uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
          auto* self = OwnerOf<StreamReader>(stream);
          if (self == nullptr) return;
          if (nread > 0) {
            self->on_data_(std::string_view(buf->base, static_cast<size_t>(nread)));
          } else if (nread < 0) {
            uv_read_stop(stream);
            self->End();
          }
        });
    if (rc != 0) End();
  }

 private:
  uv_stream_t* stream() { return &get()->stream; }
  void End() {
    auto on_end = std::exchange(on_end_, nullptr);
    if (on_end) on_end();  // may destroy this reader
  }

  uv_loop_t* loop_;
  DataCallback on_data_;
  std::function<void()> on_end_;
};

}  // namespace isohost::base

#endif  // ISOHOST_BASE_UV_HANDLE_H_
