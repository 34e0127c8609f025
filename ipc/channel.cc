#include "ipc/channel.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "ipc/fd_passing.h"
#include "ipc/frame_writer.h"

namespace isohost::ipc {
namespace {

constexpr std::size_t kReadChunk = 256 * 1024;
// Reads per wake-up, so one busy peer cannot starve the rest of the loop.
constexpr int kMaxReadsPerWakeup = 16;
// Descriptors one read may bring; the protocol sends one per direction, so
// more waiting unclaimed than this is a peer misbehaving.
constexpr int kMaxReceivedFds = 4;

bool IsUnixSocket(int fd) {
  int domain = 0;
  socklen_t length = sizeof domain;
  return ::getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &length) == 0 && domain == AF_UNIX;
}

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
  if (ring_fd_to_send_ >= 0) ::close(ring_fd_to_send_);
  ring_fd_to_send_ = -1;
  for (int fd : received_fds_) ::close(fd);
  received_fds_.clear();
  ring_reader_.reset();
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
  if (!AppendMessage(data)) return false;
  ++frames_sent_;
  if (options_.auto_flush || buffered_bytes() >= options_.high_water_mark) Flush();
  if (buffered_bytes() > options_.high_water_mark) above_high_water_ = true;
  if (below_high_water != nullptr) *below_high_water = !above_high_water_;
  return true;
}

bool Channel::AppendMessage(std::string_view data) {
  // The limit is the same whichever way the bytes go.
  if (PortMessageFrameSize(data.size()) > options_.max_frame_size) return false;
  if (options_.shared_ring_threshold > 0 && data.size() >= options_.shared_ring_threshold && RingReady()) {
    if (std::optional<std::uint64_t> position = ring_writer_->Write(data)) {
      proto::Envelope envelope;
      proto::SharedPortMessage* shared = envelope.mutable_shared_port_message();
      shared->set_position(*position);
      shared->set_length(data.size());
      return AppendFrame(envelope, options_.max_frame_size, &out_);
    }
  }
  return AppendPortMessageFrame(data, options_.max_frame_size, &out_);
}

bool Channel::RingReady() {
  if (ring_state_ != RingState::kNone) return ring_state_ == RingState::kAttached;
  // Whatever goes wrong here, messages still go inline: nothing is lost.
  ring_state_ = RingState::kUnavailable;
  if (options_.shared_ring_capacity == 0 || !IsUnixSocket(fd_)) return false;
  std::string error;
  ring_writer_ = SharedRingWriter::Create(options_.shared_ring_capacity, &error);
  if (!ring_writer_) return false;
  proto::Envelope offer;
  offer.mutable_shared_ring_offer();
  if (!AppendFrame(offer, options_.max_frame_size, &out_)) return false;
  ring_state_ = RingState::kOffered;
  return false;  // this message, and those until the peer accepts, go inline
}

long Channel::SendOnce() {
  const char* from = out_.data() + out_offset_;
  if (ring_fd_to_send_ >= 0 && out_offset_ == ring_fd_offset_) {
    // The ring's memfd rides on the first byte of its attach frame.
    long n = SendWithFds(fd_, from, out_.size() - out_offset_, &ring_fd_to_send_, 1, MSG_DONTWAIT);
    if (n > 0) {
      ::close(ring_fd_to_send_);
      ring_fd_to_send_ = -1;
    }
    return n;
  }
  // Bytes before the attach frame go without it.
  std::size_t end = ring_fd_to_send_ >= 0 ? ring_fd_offset_ : out_.size();
  ssize_t n = ::send(fd_, from, end - out_offset_, MSG_NOSIGNAL);
  return n >= 0 ? static_cast<long>(n) : -errno;
}

bool Channel::WriteSome() {
  while (out_offset_ < out_.size()) {
    long n = SendOnce();
    if (n > 0) {
      out_offset_ += static_cast<std::size_t>(n);
      continue;
    }
    if (n == -EINTR) continue;
    if (n == -EAGAIN || n == -EWOULDBLOCK) break;
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
    if (ring_fd_to_send_ >= 0) ring_fd_offset_ -= out_offset_;  // still ahead: it has not gone
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
    long n = ReadOnce(buffer, sizeof buffer);
    if (n == -ECONNRESET) n = 0;  // the peer is gone; its data was read first
    if (n < 0) {
      if (n == -EINTR) continue;
      if (n == -EAGAIN || n == -EWOULDBLOCK) return;
      Fail(std::string("channel read failed: ") + std::strerror(static_cast<int>(-n)));
      return;
    }
    if (received_fds_.size() > static_cast<std::size_t>(kMaxReceivedFds)) {
      Fail("bad frame from peer: descriptors that no frame claims");
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
          switch (envelope.body_case()) {
            case proto::Envelope::kSharedRingOffer:
              return OnSharedRingOffer();
            case proto::Envelope::kSharedRingAccept:
              return OnSharedRingAccept();
            case proto::Envelope::kSharedRingAttach:
              return OnSharedRingAttach(envelope.shared_ring_attach());
            case proto::Envelope::kSharedPortMessage:
              return OnSharedPortMessage(envelope.shared_port_message());
            default:
              callbacks_.on_envelope(envelope);
              return !*destroyed && fd_ >= 0;
          }
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

long Channel::ReadOnce(std::uint8_t* buffer, std::size_t size) {
  if (expecting_ring_fd_) {
    int fds[kMaxReceivedFds];
    int fd_count = 0;
    long n = RecvWithFds(fd_, buffer, size, fds, kMaxReceivedFds, &fd_count);
    received_fds_.insert(received_fds_.end(), fds, fds + fd_count);
    return n;
  }
  // recvmsg() costs more than read() on every message, so it is only used in
  // the one exchange that carries a descriptor.
  ssize_t n = ::read(fd_, buffer, size);
  return n >= 0 ? static_cast<long>(n) : -errno;
}

bool Channel::OnSharedRingOffer() {
  if (ring_reader_ || expecting_ring_fd_) {
    Fail("bad frame from peer: a second shared message ring");
    return false;
  }
  expecting_ring_fd_ = true;
  proto::Envelope accept;
  accept.mutable_shared_ring_accept();
  AppendFrame(accept, options_.max_frame_size, &out_);
  Flush();  // the peer sends its large messages inline until this arrives
  return fd_ >= 0;
}

bool Channel::OnSharedRingAccept() {
  if (ring_state_ != RingState::kOffered) {
    Fail("bad frame from peer: it accepted a shared message ring that was not offered");
    return false;
  }
  proto::Envelope attach;
  attach.mutable_shared_ring_attach()->set_capacity(ring_writer_->capacity());
  ring_fd_offset_ = out_.size();
  AppendFrame(attach, options_.max_frame_size, &out_);
  ring_fd_to_send_ = ring_writer_->TakeFd();
  ring_state_ = RingState::kAttached;
  Flush();
  return fd_ >= 0;
}

bool Channel::OnSharedRingAttach(const proto::SharedRingAttach& attach) {
  if (!expecting_ring_fd_) {
    Fail("bad frame from peer: a shared message ring that was not offered and accepted");
    return false;
  }
  expecting_ring_fd_ = false;
  if (received_fds_.empty()) {
    Fail("bad frame from peer: a shared message ring came without its descriptor");
    return false;
  }
  int fd = received_fds_.front();
  received_fds_.erase(received_fds_.begin());
  std::string error;
  ring_reader_ = SharedRingReader::Map(fd, attach.capacity(), &error);
  if (!ring_reader_) {
    Fail("bad frame from peer: " + error);
    return false;
  }
  return true;
}

bool Channel::OnSharedPortMessage(const proto::SharedPortMessage& message) {
  if (!ring_reader_) {
    Fail("bad frame from peer: a shared message before its ring");
    return false;
  }
  if (message.length() > options_.max_frame_size ||
      PortMessageFrameSize(static_cast<std::size_t>(message.length())) > options_.max_frame_size) {
    Fail("bad frame from peer: shared message of " + std::to_string(message.length()) +
         " bytes exceeds the limit of " + std::to_string(options_.max_frame_size) + " bytes");
    return false;
  }
  std::string_view data;
  std::string error;
  if (!ring_reader_->View(message.position(), message.length(), &data, &error)) {
    Fail("bad frame from peer: " + error);
    return false;
  }
  bool* destroyed = destroyed_;
  if (callbacks_.on_port_message) {
    callbacks_.on_port_message(data);
  } else {
    proto::Envelope envelope;
    envelope.mutable_port_message()->set_data(data.data(), data.size());
    callbacks_.on_envelope(envelope);
  }
  if (*destroyed || fd_ < 0) return false;
  // Only now: the callback read the bytes in place.
  ring_reader_->Release(message.position() + message.length());
  return true;
}

void Channel::Fail(const std::string& error) {
  auto on_close = std::move(callbacks_.on_close);
  Close();
  if (on_close) on_close(error);
}

}  // namespace isohost::ipc
