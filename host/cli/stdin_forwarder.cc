#include "host/cli/stdin_forwarder.h"

#include <unistd.h>

namespace isohost::cli {

std::unique_ptr<StdinForwarder> StdinForwarder::Start(uv_loop_t* loop, Sink sink) {
  uv_handle_type type = uv_guess_handle(STDIN_FILENO);
  if (type == UV_FILE) {
    // A regular file (or /dev/null) never blocks: hand it over at once.
    char buffer[64 * 1024];
    ssize_t n;
    while ((n = ::read(STDIN_FILENO, buffer, sizeof buffer)) > 0) {
      sink(std::string_view(buffer, static_cast<size_t>(n)), false);
    }
    sink({}, true);
    return nullptr;
  }
  if (type != UV_NAMED_PIPE && type != UV_TTY) {
    sink({}, true);
    return nullptr;
  }
  std::unique_ptr<StdinForwarder> forwarder(new StdinForwarder(std::move(sink)));
  if (type == UV_TTY) {
    auto* tty = new uv_tty_t;
    uv_tty_init(loop, tty, STDIN_FILENO, 1);
    forwarder->stream_ = reinterpret_cast<uv_stream_t*>(tty);
  } else {
    auto* pipe = new uv_pipe_t;
    uv_pipe_init(loop, pipe, 0);
    uv_pipe_open(pipe, STDIN_FILENO);
    forwarder->stream_ = reinterpret_cast<uv_stream_t*>(pipe);
  }
  forwarder->stream_->data = forwarder.get();
  uv_read_start(
      forwarder->stream_,
      [](uv_handle_t*, size_t, uv_buf_t* buf) {
        static char buffer[64 * 1024];
        *buf = uv_buf_init(buffer, sizeof buffer);
      },
      &StdinForwarder::OnRead);
  // Stdin alone does not keep the host running: the worker does.
  uv_unref(reinterpret_cast<uv_handle_t*>(forwarder->stream_));
  return forwarder;
}

StdinForwarder::StdinForwarder(Sink sink) : sink_(std::move(sink)) {}

StdinForwarder::~StdinForwarder() {
  if (stream_ == nullptr) return;
  stream_->data = nullptr;
  uv_close(reinterpret_cast<uv_handle_t*>(stream_), [](uv_handle_t* handle) {
    if (handle->type == UV_TTY) {
      delete reinterpret_cast<uv_tty_t*>(handle);
    } else {
      delete reinterpret_cast<uv_pipe_t*>(handle);
    }
  });
}

void StdinForwarder::OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  auto* self = static_cast<StdinForwarder*>(stream->data);
  if (self == nullptr) return;
  if (nread > 0) {
    self->sink_(std::string_view(buf->base, static_cast<size_t>(nread)), false);
  } else if (nread < 0) {
    uv_read_stop(stream);
    self->sink_({}, true);
  }
}

}  // namespace isohost::cli
