// RAII owners of the libuv handles the host uses. Each wrapper allocates its
// handle on the heap and frees it in the close callback, so the owner may be
// destroyed at any time (libuv may still touch the handle until then).
#ifndef ISOHOST_HOST_UV_HANDLE_H_
#define ISOHOST_HOST_UV_HANDLE_H_

#include <uv.h>

#include <cstdint>
#include <functional>
#include <string_view>

namespace isohost {

template <typename Handle>
class UvHandle {
 public:
  UvHandle() : handle_(new Handle) { handle_->data = nullptr; }
  ~UvHandle() { Close(); }
  UvHandle(const UvHandle&) = delete;
  UvHandle& operator=(const UvHandle&) = delete;

  Handle* get() { return handle_; }
  bool initialized() const { return initialized_; }

  void Close() {
    if (handle_ == nullptr) return;
    if (!initialized_) {
      delete handle_;
    } else {
      handle_->data = nullptr;
      auto* raw = reinterpret_cast<uv_handle_t*>(handle_);
      if (!uv_is_closing(raw)) {
        uv_close(raw, [](uv_handle_t* handle) { delete reinterpret_cast<Handle*>(handle); });
      }
    }
    handle_ = nullptr;
  }

 protected:
  void MarkInitialized() { initialized_ = true; }

 private:
  Handle* handle_;
  bool initialized_ = false;
};

class TimerHandle : public UvHandle<uv_timer_t> {
 public:
  explicit TimerHandle(uv_loop_t* loop) {
    uv_timer_init(loop, get());
    MarkInitialized();
  }
  void Start(std::uint64_t timeout_ms, std::function<void()> callback) {
    callback_ = std::move(callback);
    get()->data = this;
    uv_timer_start(get(), [](uv_timer_t* handle) {
      auto* self = static_cast<TimerHandle*>(handle->data);
      if (self != nullptr) self->callback_();
    }, timeout_ms, 0);
  }
  void Stop() { uv_timer_stop(get()); }
  void Unref() { uv_unref(reinterpret_cast<uv_handle_t*>(get())); }

 private:
  std::function<void()> callback_;
};

// Runs a callback on the next loop turn (a zero timeout timer).
class DeferredCall : public TimerHandle {
 public:
  using TimerHandle::TimerHandle;
  void Start(std::function<void()> callback) { TimerHandle::Start(0, std::move(callback)); }
};

class ProcessHandle : public UvHandle<uv_process_t> {
 public:
  explicit ProcessHandle(uv_loop_t* loop) : loop_(loop) {}
  // Returns 0 or a libuv error. The handle must be closed even when the
  // spawn failed, which the destructor does.
  int Spawn(const uv_process_options_t* options, void* data) {
    int rc = uv_spawn(loop_, get(), options);
    MarkInitialized();
    get()->data = data;
    return rc;
  }
  int pid() { return get()->pid; }

 private:
  uv_loop_t* loop_;
};

// Reads a pipe to EOF: the read end of a child's stdout or stderr.
class PipeReader : public UvHandle<uv_pipe_t> {
 public:
  explicit PipeReader(uv_loop_t* loop) {
    uv_pipe_init(loop, get(), 0);
    MarkInitialized();
  }
  uv_stream_t* stream() { return reinterpret_cast<uv_stream_t*>(get()); }
  // Takes ownership of `fd`, the read end of a pipe. Returns 0 or a libuv error.
  int Open(int fd) { return uv_pipe_open(get(), fd); }

  // `on_end` runs once, at EOF or on a read error (or at once if the pipe was
  // never connected).
  void StartReading(std::function<void(std::string_view)> on_data, std::function<void()> on_end) {
    on_data_ = std::move(on_data);
    on_end_ = std::move(on_end);
    get()->data = this;
    int rc = uv_read_start(
        stream(),
        [](uv_handle_t*, size_t, uv_buf_t* buf) {
          static thread_local char buffer[64 * 1024];
          *buf = uv_buf_init(buffer, sizeof buffer);
        },
        [](uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
          auto* self = static_cast<PipeReader*>(stream->data);
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
  void End() {
    auto on_end = std::move(on_end_);
    on_end_ = nullptr;
    if (on_end) on_end();  // may destroy this reader
  }

  std::function<void(std::string_view)> on_data_;
  std::function<void()> on_end_;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_UV_HANDLE_H_
