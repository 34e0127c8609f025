#include "ipc/channel.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

#include "ipc/fd_passing.h"
#include "ipc/frame_writer.h"

namespace isohost::ipc {
namespace {

constexpr std::size_t kReadChunk = 256 * 1024;
// Reads per wake-up, so one busy peer cannot starve the rest of the loop.
constexpr int kMaxReadsPerWakeup = 16;
// Descriptors a peer may have in flight; the protocol sends one at a time,
// so more waiting unclaimed than this is a peer misbehaving.
constexpr int kMaxReceivedFds = 4;
// About a socket's default send buffer, so bursts take as few wake-ups
// through the pipe as they did through the socket.
constexpr int kPipeSize = 256 * 1024;

void SetNonBlocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0 && !(flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

}  // namespace

int MakeChannelSocketPair(int fds[2]) {
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return -errno;
  return 0;
}

std::string MessageOverLimitError(std::uint64_t size, std::uint64_t limit) {
  return "message of " + std::to_string(size) + " bytes exceeds the limit of " + std::to_string(limit) + " bytes";
}

Channel::Channel(uv_loop_t* loop, int fd, Callbacks callbacks, ChannelOptions options)
    : loop_(loop),
      callbacks_(std::move(callbacks)),
      options_(options),
      socket_(fd) {
  SetMaxMessageSize(options.max_message_size);
  SetNonBlocking(socket_.get());
  if (WatchInput() != 0) {
    // Not a pollable descriptor: behave as a channel whose peer is gone.
    write_failed_ = true;
    return;
  }
  UpdatePoll();
  if (options_.max_write_delay_ms > 0) StartBackgroundWriter();
}

Channel::~Channel() {
  if (destroyed_ != nullptr) *destroyed_ = true;
  Close();
}

void Channel::Close() {
  StopBackgroundWriter();
  // Watchers before their descriptors (see PollHandle).
  in_watch_.Close();
  out_watch_.Close();
  room_watch_.Close();
  socket_room_fd_.reset();
  held_.clear();
  held_count_ = 0;
  held_blocked_ = false;
  peer_pipe_.reset();
  out_.reset();
  spare_read_.reset();
  socket_.reset();
  out_buffer_.clear();
  out_offset_ = 0;
  pending_since_.reset();
  received_fds_.clear();
  ring_reader_.reset();
  held_delivery_.reset();
  held_frames_.clear();
}

void Channel::SetMaxMessageSize(std::size_t max_message_size) {
  options_.max_message_size = std::min(max_message_size, kLargestMaxMessageSize);
  reader_.set_max_frame_size(MaxFrameSizeFor(options_.max_message_size));
}

void Channel::SetSharedRingKeepBytes(std::size_t bytes) {
  options_.shared_ring_keep_bytes = bytes;
  if (ring_reader_) ring_reader_->set_keep_bytes(bytes);
}

// --- writing -----------------------------------------------------------------

bool Channel::Send(const proto::Envelope& envelope) {
  if (!socket_ || write_failed_) return false;
  {
    std::lock_guard<std::mutex> lock(out_mutex_);
    std::size_t before = BufferedLocked();
    if (!AppendFrame(envelope, max_frame_size(), &out_buffer_)) return !above_high_water_;
    NoteAppended(before);
  }
  return Queued();
}

bool Channel::SendPortMessage(std::string_view data, bool* below_high_water) {
  return SendPortMessage(
      data.size(), [data](char* at) { std::memcpy(at, data.data(), data.size()); }, below_high_water);
}

bool Channel::SendPortMessage(std::size_t size, const MessageWriter& write, bool* below_high_water) {
  if (!socket_ || write_failed_) return false;
  {
    std::lock_guard<std::mutex> lock(out_mutex_);
    std::size_t before = BufferedLocked();
    if (!AppendMessage(size, write)) return false;
    NoteAppended(before);
  }
  bool below = Queued();
  if (below_high_water != nullptr) *below_high_water = below;
  return true;
}

char* Channel::ReserveRingMessage(std::size_t size) {
  if (!socket_ || write_failed_ || ring_room_ || options_.shared_ring_threshold == 0) return nullptr;
  std::lock_guard<std::mutex> lock(out_mutex_);
  if (!RingReady()) return nullptr;
  ring_room_ = ring_writer_->Reserve(size);
  return ring_room_ ? ring_room_->data : nullptr;
}

void Channel::CancelRingMessage() {
  if (!ring_room_) return;
  std::lock_guard<std::mutex> lock(out_mutex_);
  ring_writer_->Shrink(*ring_room_, 0);
  ring_room_.reset();
}

bool Channel::SendRingMessage(std::size_t used) {
  if (!ring_room_) return false;
  if (!socket_ || write_failed_ || used == 0 || used > options_.max_message_size) {
    CancelRingMessage();
    return false;
  }
  {
    std::lock_guard<std::mutex> lock(out_mutex_);
    std::size_t before = BufferedLocked();
    ring_writer_->Shrink(*ring_room_, used);
    proto::Envelope envelope;
    proto::SharedPortMessage* shared = envelope.mutable_shared_port_message();
    shared->set_position(ring_room_->position);
    shared->set_length(used);
    ring_room_.reset();
    if (!AppendFrame(envelope, max_frame_size(), &out_buffer_)) return false;
    NoteAppended(before);
  }
  Queued();
  return true;
}

bool Channel::SendWithPayload(proto::Envelope& envelope, proto::TaskPayload* payload, std::size_t size,
                              const MessageWriter& write) {
  if (!socket_ || write_failed_ || size > options_.max_message_size) return false;
  {
    std::lock_guard<std::mutex> lock(out_mutex_);
    std::size_t before = BufferedLocked();
    std::optional<SharedRingWriter::Reservation> space;
    if (options_.shared_ring_threshold > 0 && size >= options_.shared_ring_threshold && RingReady()) {
      space = ring_writer_->Reserve(size);
    }
    if (space) {
      write(space->data);
      payload->mutable_shared()->set_position(space->position);
      payload->mutable_shared()->set_length(size);
    } else {
      std::string* data = payload->mutable_data();
      data->resize(size);
      if (size > 0) write(data->data());
    }
    // The frame limit leaves room for a task frame's fields around a message
    // within the limit (kMaxPortMessageOverhead), so this does not fail once
    // ring space is taken.
    if (!AppendFrame(envelope, max_frame_size(), &out_buffer_)) return false;
    NoteAppended(before);
  }
  Queued();
  return true;
}

bool Channel::ViewPayload(const proto::TaskPayload& payload, std::string_view* data) {
  if (payload.has_shared()) {
    if (!ring_reader_) {
      Fail("bad frame from peer: a shared payload before its ring");
      return false;
    }
    if (!MessageWithinLimit(payload.shared().length())) return false;
    std::string error;
    if (!ring_reader_->View(payload.shared().position(), payload.shared().length(), data, &error)) {
      Fail("bad frame from peer: " + error);
      return false;
    }
    return true;
  }
  if (!MessageWithinLimit(payload.data().size())) return false;
  *data = payload.data();
  return true;
}

void Channel::ReleasePayload(const proto::TaskPayload& payload) {
  if (payload.has_shared() && ring_reader_) ring_reader_->Release(payload.shared().position(), payload.shared().length());
}

bool Channel::Queued() {
  ++frames_sent_;
  if (options_.auto_flush || buffered_bytes() >= options_.high_water_mark) Flush();
  if (buffered_bytes() > options_.high_water_mark) above_high_water_ = true;
  return !above_high_water_;
}

std::size_t Channel::buffered_bytes() {
  std::lock_guard<std::mutex> lock(out_mutex_);
  return BufferedLocked();
}

void Channel::NoteAppended(std::size_t before) {
  if (before != 0 || BufferedLocked() == 0) return;
  pending_since_ = std::chrono::steady_clock::now();
  if (writer_.joinable()) writer_alarm_.Set(std::chrono::milliseconds(options_.max_write_delay_ms));
}

bool Channel::AppendMessage(std::size_t size, const MessageWriter& write) {
  // The limit is the same whichever way the bytes go.
  if (size > options_.max_message_size) return false;
  if (options_.shared_ring_threshold > 0 && size >= options_.shared_ring_threshold && RingReady()) {
    if (std::optional<SharedRingWriter::Reservation> space = ring_writer_->Reserve(size)) {
      write(space->data);
      proto::Envelope envelope;
      proto::SharedPortMessage* shared = envelope.mutable_shared_port_message();
      shared->set_position(space->position);
      shared->set_length(size);
      return AppendFrame(envelope, max_frame_size(), &out_buffer_);
    }
  }
  char* at = AppendPortMessageFrameFor(size, max_frame_size(), &out_buffer_);
  if (at == nullptr) return false;
  if (size > 0) write(at);
  return true;
}

bool Channel::SendDescriptor(int fd) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  // On the socket, where the peer reads only when a frame from the pipe
  // claims it: so it must not share a stream with frames.
  if (!OpenOutput() || !writes_to_pipe()) return false;
  if (!held_.empty()) {
    // Behind held descriptors, for the frame that comes next.
    base::UniqueFd copy(::fcntl(fd, F_DUPFD_CLOEXEC, 0));
    if (!copy) return false;
    HeldDescriptors held{out_base_ + out_buffer_.size(), {}};
    held.fds.push_back(std::move(copy));
    ++held_count_;
    held_.push_back(std::move(held));
    return true;
  }
  const char byte = 'D';
  return SendWithFds(socket_.get(), &byte, 1, &fd, 1, MSG_DONTWAIT) == 1;
}

base::UniqueFd Channel::ReceiveDescriptor() {
  if (!socket_) return {};
  char byte = 0;
  int fds[kMaxReceivedFds];
  int fd_count = 0;
  long n = RecvWithFds(socket_.get(), &byte, 1, fds, kMaxReceivedFds, &fd_count);
  for (int i = 1; i < fd_count; ++i) ::close(fds[i]);
  if (n != 1 || fd_count == 0) {
    if (fd_count > 0) ::close(fds[0]);
    return {};
  }
  return base::UniqueFd(fds[0]);
}

bool Channel::SendDescriptors(const std::vector<int>& fds, int wait_ms) {
  if (fds.empty()) return true;
  if (fds.size() > kMaxSharedBuffersPerMessage) return false;
  const char byte = 'S';
  for (;;) {
    long sent;
    {
      std::lock_guard<std::mutex> lock(out_mutex_);
      // As SendDescriptor(): on the socket, which carries no frames.
      if (!OpenOutput() || !writes_to_pipe() || !held_.empty()) return false;
      sent = SendWithFds(socket_.get(), &byte, 1, fds.data(), static_cast<int>(fds.size()), MSG_DONTWAIT);
    }
    if (sent == 1) return true;
    if (sent == -EINTR) continue;
    if (sent != -EAGAIN || wait_ms <= 0) return false;
    // The peer takes descriptors as it reads the frames that claim them:
    // those frames must reach it first.
    Flush();
    pollfd room{socket_.get(), POLLOUT, 0};
    if (::poll(&room, 1, wait_ms) <= 0 || (room.revents & POLLOUT) == 0) return false;
    wait_ms = 0;  // one wait, then they go or they do not
  }
}

bool Channel::SendWithDescriptors(proto::Envelope& envelope, const std::vector<int>& fds, int wait_ms) {
  if (wait_ms == 0 && !fds.empty()) {
    std::unique_lock<std::mutex> lock(out_mutex_);
    if (!OpenOutput() || !writes_to_pipe() || write_failed_) return false;
    // Behind descriptors already held, these wait too: they go in order.
    bool hold = !held_.empty();
    if (!hold) {
      const char byte = 'S';
      long sent;
      do {
        sent = SendWithFds(socket_.get(), &byte, 1, fds.data(), static_cast<int>(fds.size()), MSG_DONTWAIT);
      } while (sent == -EINTR);
      if (sent != 1 && sent != -EAGAIN) return false;
      hold = sent == -EAGAIN;
    }
    envelope.set_shared_buffers(static_cast<std::uint32_t>(fds.size()));
    if (hold) {
      if (held_count_ + fds.size() > kMaxHeldDescriptors) return false;
      HeldDescriptors held{out_base_ + out_buffer_.size(), {}};
      for (int fd : fds) {
        base::UniqueFd copy(::fcntl(fd, F_DUPFD_CLOEXEC, 0));
        if (!copy) return false;
        held.fds.push_back(std::move(copy));
      }
      // The frame goes in with its descriptors, under the same lock, so
      // that no other frame can take its place in the stream.
      std::size_t before = BufferedLocked();
      if (!AppendFrame(envelope, max_frame_size(), &out_buffer_)) return false;
      NoteAppended(before);
      held_count_ += held.fds.size();
      held_.push_back(std::move(held));
      lock.unlock();
      Queued();
      UpdatePoll();
      return true;
    }
    lock.unlock();
    Send(envelope);
    return true;
  }
  if (!SendDescriptors(fds, wait_ms)) return false;
  envelope.set_shared_buffers(static_cast<std::uint32_t>(fds.size()));
  return Send(envelope);
}

bool Channel::ReceiveDescriptors(std::uint32_t count, std::vector<base::UniqueFd>* out) {
  out->clear();
  if (count == 0) return true;
  if (!socket_ || count > kMaxSharedBuffersPerMessage) return false;
  char byte = 0;
  int fds[kMaxSharedBuffersPerMessage];
  int fd_count = 0;
  long n = RecvWithFds(socket_.get(), &byte, 1, fds, static_cast<int>(count), &fd_count);
  for (int i = 0; i < fd_count; ++i) out->emplace_back(fds[i]);
  if (n != 1 || static_cast<std::uint32_t>(fd_count) != count) {
    out->clear();
    return false;
  }
  return true;
}

bool Channel::RingReady() {
  if (ring_writer_) return true;
  // Tried once: whatever goes wrong, messages still go inline and nothing is lost.
  if (ring_tried_) return false;
  ring_tried_ = true;
  // The memfd must not share a stream with frames, where the peer's read()
  // would drop it: only a channel whose frames use the pipe has a ring.
  if (options_.shared_ring_capacity == 0 || !OpenOutput() || !writes_to_pipe()) return false;
  // Its memfd would overtake descriptors held for frames before it: try again later.
  if (!held_.empty()) {
    ring_tried_ = false;
    return false;
  }
  std::string error;
  std::unique_ptr<SharedRingWriter> writer = SharedRingWriter::Create(options_.shared_ring_capacity, &error);
  if (!writer) return false;
  int memfd = writer->TakeFd();
  const char byte = 'R';
  long sent = SendWithFds(socket_.get(), &byte, 1, &memfd, 1, MSG_DONTWAIT);
  ::close(memfd);  // the peer has its own now; our mapping stays
  if (sent != 1) return false;
  proto::Envelope attach;
  attach.mutable_shared_ring_attach()->set_capacity(writer->capacity());
  AppendFrame(attach, max_frame_size(), &out_buffer_);
  ring_writer_ = std::move(writer);
  return true;
}

bool Channel::OpenOutput() {
  if (out_) return true;
  if (!socket_) return false;
  // A descriptor that is no unix socket refuses the pipe's descriptor, and
  // the frames stay where they are.
  if (!options_.use_pipe || !AttachPipe()) {
    // A watcher per direction needs a descriptor per direction.
    out_.reset(::fcntl(socket_.get(), F_DUPFD_CLOEXEC, 0));
    if (!out_) return false;
  }
  if (WatchOutput() != 0) {
    out_watch_.Close();
    out_.reset();
    spare_read_.reset();
    return false;
  }
  return true;
}

int Channel::WatchOutput() {
  return out_watch_.Open(loop_, out_.get(), [this](int status, int events) { OnOutputPoll(status, events); });
}

bool AttachOutputPipe(int socket, OutputPipe* pipe) {
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) != 0) return false;
  base::UniqueFd read_end(pipe_fds[0]);
  base::UniqueFd write_end(pipe_fds[1]);
  ::fcntl(write_end.get(), F_SETPIPE_SZ, kPipeSize);  // a smaller pipe still works
  proto::Envelope envelope;
  envelope.mutable_pipe_attach();
  std::string frame;
  AppendFrame(envelope, kDefaultMaxFrameSize, &frame);
  // The first bytes ever sent, so the socket has room for them: all or
  // nothing goes (a fresh socket never takes half of so small a frame).
  const int fd = read_end.get();
  if (SendWithFds(socket, frame.data(), frame.size(), &fd, 1, MSG_DONTWAIT) != static_cast<long>(frame.size())) {
    return false;
  }
  pipe->write = std::move(write_end);
  pipe->spare_read = std::move(read_end);
  return true;
}

bool SendAhead(const OutputPipe& pipe, const proto::Envelope& envelope) {
  std::string frame;
  if (!pipe.write || !AppendFrame(envelope, kDefaultMaxFrameSize, &frame) || frame.size() > PIPE_BUF) return false;
  return ::write(pipe.write.get(), frame.data(), frame.size()) == static_cast<ssize_t>(frame.size());
}

bool Channel::AttachPipe() {
  OutputPipe pipe;
  if (!AttachOutputPipe(socket_.get(), &pipe)) return false;
  out_ = std::move(pipe.write);
  spare_read_ = std::move(pipe.spare_read);
  return true;
}

bool Channel::AdoptOutputPipe(OutputPipe pipe) {
  if (out_ || !pipe.write) return false;
  out_ = std::move(pipe.write);
  spare_read_ = std::move(pipe.spare_read);
  if (WatchOutput() != 0) {
    // The peer reads its frames from the pipe now: without a watch the
    // channel cannot go on.
    out_watch_.Close();
    Fail("cannot watch the channel's pipe");
    return false;
  }
  return true;
}

bool Channel::WriteSome() {
  std::lock_guard<std::mutex> lock(out_mutex_);
  return WriteSomeLocked();
}

bool Channel::WriteSomeLocked() {
  if (out_offset_ < out_buffer_.size() && !OpenOutput()) {
    write_failed_ = true;
    DropBufferedLocked();
    return false;
  }
  while (out_offset_ < out_buffer_.size()) {
    const char* from = out_buffer_.data() + out_offset_;
    std::size_t size = out_buffer_.size() - out_offset_;
    if (!held_.empty()) {
      // Descriptors go before the frame that claims them.
      if (!SendHeldLocked()) break;
      if (!held_.empty()) size = std::min<std::uint64_t>(size, held_.front().at - (out_base_ + out_offset_));
    }
    // A pipe has our spare reader, so no SIGPIPE; a socket needs the flag.
    ssize_t n = writes_to_pipe() ? ::write(out_.get(), from, size) : ::send(out_.get(), from, size, MSG_NOSIGNAL);
    if (n > 0) {
      out_offset_ += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    // The peer is gone. Reading will report it (EOF or error); until then
    // drop what we cannot deliver.
    write_failed_ = true;
    DropBufferedLocked();
    return false;
  }
  if (out_offset_ == out_buffer_.size()) {
    if (!held_.empty() && !SendHeldLocked()) return true;  // descriptors for frames still to come
    out_base_ += out_buffer_.size();
    out_buffer_.clear();
    out_offset_ = 0;
    pending_since_.reset();
    if (out_buffer_.capacity() > (4u << 20)) out_buffer_.shrink_to_fit();
  } else if (out_offset_ > (1u << 20) && out_offset_ * 2 > out_buffer_.size()) {
    out_base_ += out_offset_;
    out_buffer_.erase(0, out_offset_);
    out_offset_ = 0;
  }
  return true;
}

void Channel::DropBufferedLocked() {
  out_base_ += out_buffer_.size();
  out_buffer_.clear();
  out_offset_ = 0;
  pending_since_.reset();
  held_.clear();
  held_count_ = 0;
  held_blocked_ = false;
}

bool Channel::SendHeldLocked() {
  const char byte = 'S';
  while (!held_.empty() && held_.front().at <= out_base_ + out_offset_) {
    std::vector<int> raw;
    for (const base::UniqueFd& fd : held_.front().fds) raw.push_back(fd.get());
    long sent = SendWithFds(socket_.get(), &byte, 1, raw.data(), static_cast<int>(raw.size()), MSG_DONTWAIT);
    if (sent == -EINTR) continue;
    if (sent == -EAGAIN) {
      held_blocked_ = true;
      return false;
    }
    // Sent, or the peer is gone (which reading reports): either way they go.
    held_count_ -= held_.front().fds.size();
    held_.erase(held_.begin());
  }
  held_blocked_ = false;
  return true;
}

void Channel::Flush() {
  if (!socket_ || write_failed_) return;
  if (!(out_watch_.events() & UV_WRITABLE)) WriteSome();
  UpdatePoll();
  CheckDrained();
}

void Channel::CheckDrained() {
  if (above_high_water_ && buffered_bytes() <= options_.high_water_mark / 2) {
    above_high_water_ = false;
    if (callbacks_.on_drain) callbacks_.on_drain();
  }
}

bool Channel::FlushSync(int timeout_ms, std::size_t keep) {
  if (!socket_ || write_failed_) return buffered_bytes() <= keep;
  while (buffered_bytes() > keep) {
    if (!WriteSome()) return false;
    if (buffered_bytes() <= keep) break;
    // Writing to our pipe cannot fail when the peer is gone (we hold a
    // reader), so its death is watched for on input: a hang-up there.
    pollfd pfds[2] = {{out_.get(), POLLOUT, 0}, {peer_pipe_.get(), 0, 0}};
    int rc = ::poll(pfds, peer_pipe_ ? 2 : 1, timeout_ms);
    if (rc == 0) return false;
    if (rc < 0 && errno != EINTR) return false;
    if (rc > 0 && !(pfds[0].revents & POLLOUT) && (pfds[1].revents & (POLLHUP | POLLERR))) return false;
  }
  UpdatePoll();
  CheckDrained();
  return true;
}

// --- watching ----------------------------------------------------------------

void Channel::SetKeepAlive(bool keep_alive) {
  keep_alive_ = keep_alive;
  UpdatePoll();
}

bool Channel::AwaitFrame(const std::function<bool(const proto::Envelope&)>& wanted, int timeout_ms) {
  if (!socket_ || awaiting_ || !reading_) return false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  if (!FlushSync(timeout_ms)) return false;
  // Meanwhile every frame is held, whole (a message from the ring is copied
  // out of it), for the callbacks to get on a later turn.
  std::function<void(proto::Envelope&)> on_envelope = std::move(callbacks_.on_envelope);
  std::function<void(std::string_view)> on_port_message = std::move(callbacks_.on_port_message);
  bool found = false;
  callbacks_.on_envelope = [&](proto::Envelope& envelope) {
    if (!found && wanted(envelope)) found = true;
    held_frames_.push_back(HeldFrame{envelope, {}});
  };
  if (on_port_message) {
    callbacks_.on_port_message = [this](std::string_view data) {
      held_frames_.push_back(HeldFrame{std::nullopt, std::string(data)});
    };
  }
  awaiting_ = true;
  // We may be inside a callback of ours already: its flag must still learn
  // of our end.
  bool* outer = destroyed_;
  bool destroyed = false;
  // Reset to `outer` before we return (see CallbackScope for the pragma).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#endif
  destroyed_ = &destroyed;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  // What the read we may be called from has not parsed yet comes first.
  reader_.TakeRemainder();
  while (!found && socket_ && reading_) {
    if (reader_.HasCarry()) {
      if (!FeedInput(nullptr, 0) || destroyed) break;
      continue;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) break;
    pollfd pfd = {in_fd(), POLLIN, 0};
    int rc = ::poll(&pfd, 1, static_cast<int>(left));
    if (rc < 0 && errno == EINTR) continue;
    if (rc <= 0) break;
    OnReadable();
    if (destroyed) break;
  }
  if (destroyed) {
    if (outer != nullptr) *outer = true;
    return false;
  }
  destroyed_ = outer;
  awaiting_ = false;
  callbacks_.on_envelope = std::move(on_envelope);
  callbacks_.on_port_message = std::move(on_port_message);
  if (!held_frames_.empty()) {
    if (!held_delivery_) held_delivery_ = std::make_unique<base::DeferredCall>(loop_);
    held_delivery_->Start([this] {
      CallbackScope scope(this);
      if (!awaiting_) DeliverHeld();
    });
  }
  return found;
}

bool Channel::DeliverHeld() {
  bool* destroyed = destroyed_;
  while (!held_frames_.empty() && reading_ && socket_) {
    HeldFrame frame = std::move(held_frames_.front());
    held_frames_.pop_front();
    if (frame.envelope) {
      callbacks_.on_envelope(*frame.envelope);
    } else {
      callbacks_.on_port_message(frame.port_message);
    }
    if (*destroyed || !socket_) return false;
  }
  return true;
}

void Channel::PauseReading() {
  reading_ = false;
  UpdatePoll();
}

void Channel::ResumeReading() {
  reading_ = true;
  UpdatePoll();
  // Held frames wait for no input.
  if (!held_.empty() && held_delivery_) {
    held_delivery_->Start([this] {
      CallbackScope scope(this);
      if (!awaiting_) DeliverHeld();
    });
  }
}

void Channel::UpdatePoll() {
  in_watch_.Set(reading_ ? UV_READABLE | UV_DISCONNECT : 0, keep_alive_);
  // Pending writes always keep the loop alive.
  bool writing = (buffered_bytes() > 0 || !held_.empty()) && !write_failed_;
  // Writing that waits for room for held descriptors watches the socket,
  // not the pipe (which has room, and would wake us in a loop).
  const bool blocked = writing && held_blocked_;
  out_watch_.Set(writing && !blocked ? UV_WRITABLE : 0, true);
  if (blocked && !room_watch_.is_open()) {
    socket_room_fd_.reset(::fcntl(socket_.get(), F_DUPFD_CLOEXEC, 0));
    if (!socket_room_fd_ ||
        room_watch_.Open(loop_, socket_room_fd_.get(), [this](int status, int events) {
          if (status < 0 || (events & UV_WRITABLE)) {
            CallbackScope scope(this);
            {
              std::lock_guard<std::mutex> lock(out_mutex_);
              held_blocked_ = false;
            }
            WriteSome();
            if (scope.destroyed) return;
            Flush();
          }
        }) != 0) {
      held_blocked_ = false;  // cannot watch: fall back to the pipe's wake-ups
    }
  }
  if (room_watch_.is_open()) room_watch_.Set(blocked ? UV_WRITABLE : 0, true);
}

int Channel::WatchInput() {
  return in_watch_.Open(loop_, in_fd(), [this](int status, int events) { OnInputPoll(status, events); });
}

void Channel::OnOutputPoll(int status, int events) {
  Channel* self = this;
  if (status < 0) {
    // The peer is gone (EPOLLERR); the input side says how.
    self->out_watch_.Forget();
    std::lock_guard<std::mutex> lock(self->out_mutex_);
    self->write_failed_ = true;
    self->DropBufferedLocked();
    return;
  }
  if (!(events & UV_WRITABLE)) return;
  CallbackScope scope(self);
  self->WriteSome();
  self->Flush();  // updates the poll mask, reports drain
}

void Channel::OnInputPoll(int status, int events) {
  Channel* self = this;
  CallbackScope scope(self);
  if (status < 0) {
    // libuv reports EPOLLERR as UV_EBADF and stops the handle. On a unix
    // socket that usually means the peer closed with our bytes unread: what it
    // wrote before is still queued, so read it all before giving up.
    self->in_watch_.Forget();
    self->drain_on_error_ = true;
    self->OnReadable();
    if (!scope.destroyed && self->socket_) {
      self->Fail(std::string("channel poll failed: ") + uv_strerror(status));
    }
  } else if (events & (UV_READABLE | UV_DISCONNECT)) {
    self->OnReadable();
  }
}

// --- reading -----------------------------------------------------------------

long Channel::ReadOnce(std::uint8_t* buffer, std::size_t size) {
  if (!peer_pipe_) {
    // Until the peer's pipe arrives, frames and descriptors share the socket.
    int fds[kMaxReceivedFds];
    int fd_count = 0;
    long n = RecvWithFds(socket_.get(), buffer, size, fds, kMaxReceivedFds, &fd_count);
    for (int i = 0; i < fd_count; ++i) received_fds_.emplace_back(fds[i]);
    return n;
  }
  ssize_t n = ::read(peer_pipe_.get(), buffer, size);
  return n >= 0 ? static_cast<long>(n) : -errno;
}

void Channel::OnReadable() {
  // What AwaitFrame() held goes first.
  if (!held_.empty() && !awaiting_ && !DeliverHeld()) return;
  // One buffer per thread that reads, shared by its channels. It is made on
  // the first read and left unzeroed: as a thread_local array it would be
  // zeroed into every thread's TLS, the writer thread's included, a quarter
  // MiB of private memory per worker that never reads into it.
  static thread_local std::unique_ptr<std::uint8_t[]> read_buffer;
  // AwaitFrame() reads while a callback of some channel's read may still be
  // parsing the shared buffer: it has one of its own.
  static thread_local std::unique_ptr<std::uint8_t[]> await_buffer;
  std::unique_ptr<std::uint8_t[]>& own = awaiting_ ? await_buffer : read_buffer;
  if (!own) own.reset(new std::uint8_t[kReadChunk]);
  std::uint8_t* buffer = own.get();
  for (int i = 0; (drain_on_error_ || i < kMaxReadsPerWakeup) && reading_ && socket_; ++i) {
    long n = ReadOnce(buffer, kReadChunk);
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
    if (!FeedInput(buffer, static_cast<std::size_t>(n))) return;
    if (static_cast<std::size_t>(n) < kReadChunk && !drain_on_error_) return;
  }
}

bool Channel::FeedInput(const std::uint8_t* buffer, std::size_t n) {
  bool* destroyed = destroyed_;
  FrameReader::PortMessageCallback on_port_message;
  if (callbacks_.on_port_message) {
    on_port_message = [&](std::string_view data) {
      if (!MessageWithinLimit(data.size())) return false;
      callbacks_.on_port_message(data);
      return !*destroyed && socket_;
    };
  }
  {
    bool ok = reader_.Feed(
        buffer, n,
        [&](proto::Envelope& envelope) {
          switch (envelope.body_case()) {
            case proto::Envelope::kPipeAttach:
              return OnPipeAttach();
            case proto::Envelope::kSharedRingAttach:
              return OnSharedRingAttach(envelope.shared_ring_attach());
            case proto::Envelope::kSharedPortMessage:
              return OnSharedPortMessage(envelope.shared_port_message());
            case proto::Envelope::kPortMessage:
              if (!MessageWithinLimit(envelope.port_message().data().size())) return false;
              [[fallthrough]];
            default:
              callbacks_.on_envelope(envelope);
              return !*destroyed && socket_;
          }
        },
        on_port_message);
    if (*destroyed) return false;
    if (!ok) {
      if (reader_.failed()) Fail("bad frame from peer: " + reader_.error());
      return false;
    }
  }
  return true;
}

bool Channel::OnPipeAttach() {
  if (peer_pipe_) {
    Fail("bad frame from peer: a second pipe");
    return false;
  }
  if (received_fds_.empty()) {
    Fail("bad frame from peer: a pipe came without its descriptor");
    return false;
  }
  base::UniqueFd fd = std::move(received_fds_.front());
  received_fds_.erase(received_fds_.begin());
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0 || !S_ISFIFO(st.st_mode)) {
    Fail("bad frame from peer: the descriptor that came as its pipe is not one");
    return false;
  }
  SetNonBlocking(fd.get());
  // Later frames come through the pipe; the rest of this socket read holds
  // none from an honest peer. We are inside the socket watcher's callback,
  // which therefore stays as it is.
  peer_pipe_ = std::move(fd);
  if (int rc = in_watch_.Reopen(loop_, in_fd()); rc != 0) {
    Fail(std::string("cannot watch the peer's pipe: ") + uv_strerror(rc));
    return false;
  }
  UpdatePoll();
  return true;
}

bool Channel::OnSharedRingAttach(const proto::SharedRingAttach& attach) {
  if (ring_reader_) {
    Fail("bad frame from peer: a second shared message ring");
    return false;
  }
  if (!peer_pipe_) {
    Fail("bad frame from peer: a shared message ring before the pipe");
    return false;
  }
  // Its memfd was sent on the socket before this frame went into the pipe.
  base::UniqueFd memfd = ReceiveDescriptor();
  if (!memfd) {
    Fail("bad frame from peer: a shared message ring came without its descriptor");
    return false;
  }
  std::string error;
  ring_reader_ = SharedRingReader::Map(memfd.release(), attach.capacity(), &error);
  if (!ring_reader_) {
    Fail("bad frame from peer: " + error);
    return false;
  }
  ring_reader_->set_keep_bytes(options_.shared_ring_keep_bytes);
  return true;
}

bool Channel::OnSharedPortMessage(const proto::SharedPortMessage& message) {
  if (!ring_reader_) {
    Fail("bad frame from peer: a shared message before its ring");
    return false;
  }
  if (!MessageWithinLimit(message.length())) return false;
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
  if (*destroyed || !socket_) return false;
  // Only now: the callback read the bytes in place.
  ring_reader_->Release(message.position(), message.length());
  return true;
}

bool Channel::MessageWithinLimit(std::uint64_t size) {
  if (size <= options_.max_message_size) return true;
  Fail("bad frame from peer: " + MessageOverLimitError(size, options_.max_message_size));
  return false;
}

// --- the background writer ---------------------------------------------------

void Channel::StartBackgroundWriter() {
  // Without an alarm to sleep on there is no writer: frames wait for the
  // owner's flushes, as with no write delay.
  if (!writer_alarm_.Open()) return;
  writer_stop_ = false;
  writer_ = std::thread([this] { BackgroundWriterMain(); });
}

void Channel::StopBackgroundWriter() {
  if (!writer_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(out_mutex_);
    writer_stop_ = true;
    writer_alarm_.SetNow();
  }
  writer_.join();
  // A task it never ran is not for the next thread (it was for this one).
  std::lock_guard<std::mutex> lock(out_mutex_);
  writer_task_ = nullptr;
}

void Channel::ResumeBackgroundWriter() {
  if (!socket_) return;  // closed
  if (writer_.joinable()) {
    if (!writer_stop_) return;  // not paused: it goes on as it was
    writer_.join();
  }
  if (options_.max_write_delay_ms > 0) StartBackgroundWriter();
}

bool Channel::RunOnBackgroundWriter(std::function<void()> task, int timeout_ms) {
  std::uint64_t posted = PostToBackgroundWriter(std::move(task));
  return posted != 0 && AwaitBackgroundWriter(posted, timeout_ms);
}

std::uint64_t Channel::PostToBackgroundWriter(std::function<void()> task) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  if (!writer_.joinable() || writer_stop_ || writer_task_) return 0;
  writer_task_ = std::move(task);
  writer_alarm_.SetNow();
  return writer_tasks_done_ + 1;
}

bool Channel::AwaitBackgroundWriter(std::uint64_t task, int timeout_ms) {
  std::unique_lock<std::mutex> lock(out_mutex_);
  return writer_task_done_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                    [&] { return writer_tasks_done_ >= task; });
}

void Channel::BackgroundWriterMain() {
  if (options_.on_writer_start) options_.on_writer_start();
  const auto delay = std::chrono::milliseconds(options_.max_write_delay_ms);
  std::unique_lock<std::mutex> lock(out_mutex_);
  while (!writer_stop_) {
    if (writer_task_) {
      std::function<void()> task = std::move(writer_task_);
      writer_task_ = nullptr;
      lock.unlock();
      task();
      lock.lock();
      ++writer_tasks_done_;
      writer_task_done_.notify_all();
      continue;
    }
    if (pending_since_ && out_ && !write_failed_) {
      const auto now = std::chrono::steady_clock::now();
      const auto due = *pending_since_ + delay;
      if (now < due) {
        // Woken early (the owner wrote a burst and began another since the
        // alarm was set); it usually writes this one before then too.
        writer_alarm_.Set(due - now);
      } else {
        // Overdue: the owner's thread is busy.
        WriteSomeLocked();
        if (pending_since_ && !write_failed_) {
          // The peer has not taken everything: wait for room, without the
          // lock so the owner can go on. Close() joins us, so the
          // descriptor stays open.
          pollfd pfd{out_.get(), POLLOUT, 0};
          lock.unlock();
          ::poll(&pfd, 1, static_cast<int>(options_.max_write_delay_ms));
          lock.lock();
          continue;
        }
      }
    } else if (pending_since_) {
      // Only an output the owner opened is written here (opening one takes
      // its loop): look again later.
      writer_alarm_.Set(delay);
    }
    lock.unlock();
    writer_alarm_.Wait();
    lock.lock();
    writer_alarm_.Expired();
  }
}

void Channel::Fail(const std::string& error) {
  auto on_close = std::move(callbacks_.on_close);
  Close();
  if (on_close) on_close(error);
}

}  // namespace isohost::ipc
