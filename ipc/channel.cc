#include "ipc/channel.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "ipc/frame_writer.h"

namespace isohost::ipc {
namespace {

constexpr std::size_t kReadChunk = 256 * 1024;
// Reads per wake-up, so one busy peer cannot starve the rest of the loop.
constexpr int kMaxReadsPerWakeup = 16;

void SetNonBlocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

}  // namespace

int MakeChannelSocketPair(int fds[2]) {
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return -errno;
  return 0;
}

Channel::Channel(uv_loop_t* loop, int fd, Callbacks callbacks, ChannelOptions options)
    : loop_(loop),
      fd_(fd),
      callbacks_(std::move(callbacks)),
      options_(options),
      poll_(new uv_poll_t),
      reader_(options.max_frame_size) {
  SetNonBlocking(fd_);
  int rc = uv_poll_init_socket(loop_, poll_, fd_);
  if (rc != 0) {
    // Not a pollable descriptor: behave as a channel whose peer is gone.
    delete poll_;
    poll_ = nullptr;
    write_failed_ = true;
    return;
  }
  poll_->data = this;
  UpdatePoll();
}

Channel::~Channel() {
  if (destroyed_ != nullptr) *destroyed_ = true;
  Close();
}

void Channel::Close() {
  if (poll_ != nullptr) {
    poll_->data = nullptr;
    uv_close(reinterpret_cast<uv_handle_t*>(poll_),
             [](uv_handle_t* handle) { delete reinterpret_cast<uv_poll_t*>(handle); });
    poll_ = nullptr;
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  out_.clear();
  out_offset_ = 0;
}

bool Channel::Send(const proto::Envelope& envelope) {
  if (fd_ < 0 || write_failed_) return false;
  if (!AppendFrame(envelope, options_.max_frame_size, &out_)) return !above_high_water_;
  ++frames_sent_;
  if (options_.auto_flush || buffered_bytes() >= options_.high_water_mark) Flush();
  if (buffered_bytes() > options_.high_water_mark) above_high_water_ = true;
  return !above_high_water_;
}

bool Channel::SendPortMessage(std::string_view data, bool* below_high_water) {
  if (fd_ < 0 || write_failed_) return false;
  if (!AppendPortMessageFrame(data, options_.max_frame_size, &out_)) return false;
  ++frames_sent_;
  if (options_.auto_flush || buffered_bytes() >= options_.high_water_mark) Flush();
  if (buffered_bytes() > options_.high_water_mark) above_high_water_ = true;
  if (below_high_water != nullptr) *below_high_water = !above_high_water_;
  return true;
}

bool Channel::WriteSome() {
  while (out_offset_ < out_.size()) {
    ssize_t n = ::send(fd_, out_.data() + out_offset_, out_.size() - out_offset_,
                       MSG_NOSIGNAL);
    if (n > 0) {
      out_offset_ += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    // The peer is gone. Reading will report it (EOF or error); until then
    // drop what we cannot deliver.
    write_failed_ = true;
    out_.clear();
    out_offset_ = 0;
    return false;
  }
  if (out_offset_ == out_.size()) {
    out_.clear();
    out_offset_ = 0;
    if (out_.capacity() > (4u << 20)) out_.shrink_to_fit();
  } else if (out_offset_ > (1u << 20) && out_offset_ * 2 > out_.size()) {
    out_.erase(0, out_offset_);
    out_offset_ = 0;
  }
  return true;
}

void Channel::Flush() {
  if (fd_ < 0 || write_failed_) return;
  if (!(poll_events_ & UV_WRITABLE)) WriteSome();
  UpdatePoll();
  if (above_high_water_ && buffered_bytes() <= options_.high_water_mark / 2) {
    above_high_water_ = false;
    if (callbacks_.on_drain) callbacks_.on_drain();
  }
}

bool Channel::FlushSync(int timeout_ms) {
  if (fd_ < 0 || write_failed_) return buffered_bytes() == 0;
  while (buffered_bytes() > 0) {
    if (!WriteSome()) return false;
    if (buffered_bytes() == 0) break;
    pollfd pfd{fd_, POLLOUT, 0};
    int rc = ::poll(&pfd, 1, timeout_ms);
    if (rc == 0) return false;
    if (rc < 0 && errno != EINTR) return false;
  }
  UpdatePoll();
  return true;
}

void Channel::SetKeepAlive(bool keep_alive) {
  keep_alive_ = keep_alive;
  UpdatePoll();
}

void Channel::PauseReading() {
  reading_ = false;
  UpdatePoll();
}

void Channel::ResumeReading() {
  reading_ = true;
  UpdatePoll();
}

void Channel::UpdatePoll() {
  if (poll_ == nullptr) return;
  int events = 0;
  if (reading_) events |= UV_READABLE | UV_DISCONNECT;
  bool writing = buffered_bytes() > 0 && !write_failed_;
  if (writing) events |= UV_WRITABLE;
  if (events != poll_events_) {
    if (events == 0) {
      uv_poll_stop(poll_);
    } else {
      uv_poll_start(poll_, events, &Channel::OnPoll);
    }
    poll_events_ = events;
  }
  auto* handle = reinterpret_cast<uv_handle_t*>(poll_);
  if (keep_alive_ || writing) {
    uv_ref(handle);
  } else {
    uv_unref(handle);
  }
}

void Channel::OnPoll(uv_poll_t* handle, int status, int events) {
  auto* self = static_cast<Channel*>(handle->data);
  if (self == nullptr) return;
  bool destroyed = false;
  if (status < 0) {
    // libuv reports EPOLLERR as UV_EBADF and stops the handle. On a unix
    // socket that usually means the peer closed with our bytes unread: what it
    // wrote before is still queued, so read it all before giving up.
    self->destroyed_ = &destroyed;
    self->poll_events_ = 0;
    self->drain_on_error_ = true;
    self->OnReadable();
    if (!destroyed && self->fd_ >= 0) self->Fail(std::string("channel poll failed: ") + uv_strerror(status));
    if (!destroyed) self->destroyed_ = nullptr;
    return;
  }
  self->destroyed_ = &destroyed;
  if (events & UV_WRITABLE) {
    self->WriteSome();
    self->Flush();  // updates the poll mask, reports drain
  }
  if (!destroyed && self->fd_ >= 0 && (events & (UV_READABLE | UV_DISCONNECT))) {
    self->OnReadable();
  }
  if (!destroyed) self->destroyed_ = nullptr;
}

void Channel::OnReadable() {
  bool* destroyed = destroyed_;
  static thread_local std::uint8_t buffer[kReadChunk];
  for (int i = 0; (drain_on_error_ || i < kMaxReadsPerWakeup) && reading_ && fd_ >= 0; ++i) {
    ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == ECONNRESET) n = 0;  // the peer is gone; its data was read first
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) return;
      Fail(std::string("channel read failed: ") + std::strerror(errno));
      return;
    }
    if (n == 0) {
      if (!reader_.AtFrameBoundary()) {
        Fail("channel closed in the middle of a frame (" +
             std::to_string(reader_.BufferedBytes()) + " bytes of it received)");
      } else {
        Fail("");
      }
      return;
    }
    FrameReader::PortMessageCallback on_port_message;
    if (callbacks_.on_port_message) {
      on_port_message = [&](std::string_view data) {
        callbacks_.on_port_message(data);
        return !*destroyed && fd_ >= 0;
      };
    }
    bool ok = reader_.Feed(
        buffer, static_cast<std::size_t>(n),
        [&](proto::Envelope& envelope) {
          callbacks_.on_envelope(envelope);
          return !*destroyed && fd_ >= 0;
        },
        on_port_message);
    if (*destroyed) return;
    if (!ok) {
      if (reader_.failed()) Fail("bad frame from peer: " + reader_.error());
      return;
    }
    if (static_cast<std::size_t>(n) < sizeof buffer && !drain_on_error_) return;
  }
}

void Channel::Fail(const std::string& error) {
  auto on_close = std::move(callbacks_.on_close);
  Close();
  if (on_close) on_close(error);
}

}  // namespace isohost::ipc
