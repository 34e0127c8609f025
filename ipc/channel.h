// One end of a host <-> worker channel, carrying length-prefixed Envelope
// frames, driven by libuv poll handles. It starts as one AF_UNIX stream
// socket; on its first frame each end moves its outgoing frames to a pipe it
// hands to the peer over the socket (a pipe costs the kernel less per frame
// than a socket), and the socket stays for passing descriptors. Large
// messages go through a shared ring (ipc/shared_ring.h).
// Owned by whoever talks over it (the worker's Runtime, the host's WorkerHandle).
#ifndef ISOHOST_IPC_CHANNEL_H_
#define ISOHOST_IPC_CHANNEL_H_

#include <uv.h>

#include <cstddef>
#include <cstdint>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ipc/frame_format.h"
#include "ipc/frame_reader.h"
#include "ipc/output_pipe.h"
#include "ipc/shared_ring.h"
#include "base/unique_fd.h"
#include "ipc/writer_alarm.h"
#include "base/uv_handle.h"
#include "isohost.pb.h"

namespace isohost::ipc {

struct ChannelOptions {
  // Largest message either way: a larger one is not sent, and one from the
  // peer closes the channel. The frame limit is MaxFrameSizeFor() of it.
  std::size_t max_message_size = kDefaultMaxMessageSize;
  // Send() returns false while more than this many bytes wait to be written.
  std::size_t high_water_mark = 1u << 20;
  // When false, frames are only buffered by Send() and written by Flush() (or
  // once the buffer passes the high-water mark): a burst of small frames then
  // costs one write() instead of one each.
  bool auto_flush = true;
  // Outgoing frames move to a pipe handed to the peer (see PipeAttach in the
  // schema). Off, or on a descriptor that is not a unix socket, they stay on
  // the socket and large messages go inline.
  bool use_pipe = true;
  // Messages of at least `shared_ring_threshold` bytes travel through a
  // shared-memory ring of `shared_ring_capacity` bytes, made when the first
  // one is sent, so their bytes skip the kernel's two copies. A message the
  // ring has no room for goes inline. 0 turns the ring off.
  std::size_t shared_ring_capacity = 4u << 20;
  std::size_t shared_ring_threshold = 16u << 10;
  // The start of the peer's ring whose pages stay once touched; the rest go
  // back to the kernel as each message is released (SharedRingReader).
  std::size_t shared_ring_keep_bytes = kSharedRingWarmBytes;
  // When non-zero, a thread of the channel's own writes the buffered frames
  // once the oldest has waited this long: for an owner whose thread can stay
  // busy (a worker's JS in a long loop), so that what it sent reaches the
  // peer promptly while frames still leave in batches. 0: frames wait for
  // Flush() (or auto_flush).
  std::uint32_t max_write_delay_ms = 0;
  // Runs first on each background writer thread the channel starts, before
  // the thread touches anything: a worker holds that thread to its sandbox
  // from birth (worker/sandbox/landlock.h, HoldThisThreadToNothing).
  std::function<void()> on_writer_start;
};

class Channel {
 public:
  struct Callbacks {
    // One parsed frame. The envelope is valid only during the call.
    std::function<void(proto::Envelope&)> on_envelope;
    // The peer closed (error empty) or the stream failed or carried a bad frame
    // (error says what). No callback runs after this one.
    std::function<void(const std::string& error)> on_close;
    // The write buffer fell back under the high-water mark.
    std::function<void()> on_drain;
    // When set, frames holding only a PortMessage come here instead of
    // on_envelope, as a view of the read buffer or of the peer's shared ring
    // (no parse, no copy). The view is valid only during the call.
    std::function<void(std::string_view data)> on_port_message = nullptr;
  };

  // Takes ownership of `fd` (made non-blocking) and starts reading.
  Channel(uv_loop_t* loop, int fd, Callbacks callbacks, ChannelOptions options = {});
  // Closes the socket; unwritten bytes are dropped (see FlushSync()).
  ~Channel();

  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;

  // Queues one frame. Returns false when the buffer is above the high-water
  // mark afterwards (the producer should pause until on_drain). A frame over
  // the size limit is not sent (messages go through SendPortMessage, which
  // says so).
  bool Send(const proto::Envelope& envelope);
  // Send() of a PortMessage holding `data`, with one copy of the bytes (into
  // the write buffer or the shared ring). Returns false without sending when
  // the message is over the limit or the channel is closed.
  bool SendPortMessage(std::string_view data, bool* below_high_water = nullptr);
  // The same for a message of `size` bytes that `write` puts in place, into
  // the shared ring or the write buffer: for a serializer that knows the
  // size first, so the bytes are written once.
  using MessageWriter = std::function<void(char* data)>;
  bool SendPortMessage(std::size_t size, const MessageWriter& write, bool* below_high_water = nullptr);

  // For a serializer that learns the size of a large message as it writes
  // it: `size` bytes of room in the shared ring (null when there is no ring
  // or no room), which the message is written into in place. Then exactly
  // one of the two below, with nothing sent in between.
  char* ReserveRingMessage(std::size_t size);
  // Sends the message of `used` bytes at the start of the room; the rest
  // goes back. False (nothing sent) over the limit or once closed.
  bool SendRingMessage(std::size_t used);
  void CancelRingMessage();

  // Sends `fd` (a duplicate: the caller keeps its own) on the socket for a
  // frame sent after it to claim with ReceiveDescriptor(). False when it
  // cannot go (the frames do not use the pipe, or the socket refused it).
  bool SendDescriptor(int fd);
  // The next descriptor that came with SendDescriptor(), for the frame that
  // says one was sent; an empty one if none came.
  base::UniqueFd ReceiveDescriptor();
  // Sends `fds` (duplicates, at most kMaxSharedBuffersPerMessage) on the
  // socket in one piece, so that they all go or none does. While the socket
  // is full (the peer has not taken those sent before), waits up to
  // `wait_ms` for room. False when they did not go.
  bool SendDescriptors(const std::vector<int>& fds, int wait_ms = 0);
  // SendDescriptors(), then `envelope` with its shared_buffers count set to
  // how many: for a frame whose message carries shared memory. With
  // `wait_ms` 0, descriptors the full socket does not take now are held (up
  // to kMaxHeldDescriptors) with the frame's place in the stream, and go,
  // in order, before the frame's bytes do; meanwhile later frames wait behind
  // them. False when they cannot go (nothing of the frame is sent then).
  bool SendWithDescriptors(proto::Envelope& envelope, const std::vector<int>& fds, int wait_ms = 0);
  static constexpr std::size_t kMaxHeldDescriptors = 1024;
  // The `count` descriptors a frame says came before it (Envelope
  // shared_buffers), in order; false, with what came closed, unless exactly
  // that many came.
  bool ReceiveDescriptors(std::uint32_t count, std::vector<base::UniqueFd>* out);
  // Send() of `envelope` with a message of `size` bytes, which `write` puts
  // in place, in `payload` (a TaskPayload field of `envelope`): into the
  // shared ring when the message is large and the ring has room, else into
  // the frame. Returns false without sending when the message is over the
  // limit or the channel is closed.
  bool SendWithPayload(proto::Envelope& envelope, proto::TaskPayload* payload, std::size_t size,
                       const MessageWriter& write);
  // The bytes of a payload the peer sent: the frame's own, or a view of the
  // peer's ring that stays valid until ReleasePayload(). A payload over the
  // limit or outside the ring fails the channel (on_close runs with the
  // reason) and returns false.
  bool ViewPayload(const proto::TaskPayload& payload, std::string_view* data);
  // The bytes of `payload` have been used: ring space goes back to the peer.
  // Payloads are released in the order they arrived.
  void ReleasePayload(const proto::TaskPayload& payload);

  // Blocks, reading frames, until one for which `wanted` returns true has
  // come, the peer is gone, or `timeout_ms` passes; returns whether one came.
  // For an owner that needs its peer's answer before it can return to its
  // loop. Every frame read meanwhile, the wanted one included, still goes
  // to the callbacks, in order, on a later turn of the loop.
  bool AwaitFrame(const std::function<bool(const proto::Envelope&)>& wanted, int timeout_ms);

  // Frames go to `pipe`, which AttachOutputPipe() announced on this
  // channel's socket; called before the first frame is sent. False when
  // the pipe cannot be watched: the channel has failed then, since the peer
  // reads its frames from that pipe.
  bool AdoptOutputPipe(OutputPipe pipe);

  // Writes what the socket takes now; the rest goes when it becomes writable.
  void Flush();
  // Blocks until no more than `keep` bytes remain buffered (by default none),
  // the peer is gone, or `timeout_ms` passes. For the last words of a
  // process that is exiting, and for a producer that must wait for its peer.
  bool FlushSync(int timeout_ms, std::size_t keep = 0);

  // Whether the open channel alone keeps the loop alive. Pending writes
  // always do.
  void SetKeepAlive(bool keep_alive);
  // Ends the background writer thread and waits for it (frames then wait for
  // the owner's flushes); ResumeBackgroundWriter() starts a new one, and does
  // nothing while one runs. A worker whose writer could not restrict itself
  // to its sandbox replaces it so, with one made inside.
  void StopBackgroundWriter();
  void ResumeBackgroundWriter();
  bool has_background_writer() const { return writer_.joinable(); }
  // Runs `task` on the background writer thread and waits up to `timeout_ms`
  // for it to finish: for what must be done by that very thread (a Landlock
  // domain is made per thread). False when there is no such thread or it did
  // not finish in time (the task may still run later: it must own what it
  // uses).
  bool RunOnBackgroundWriter(std::function<void()> task, int timeout_ms);
  // The same in two steps, so the caller works meanwhile: Post returns the
  // task's number (0: no thread to run it), Await waits for that task.
  std::uint64_t PostToBackgroundWriter(std::function<void()> task);
  bool AwaitBackgroundWriter(std::uint64_t task, int timeout_ms);
  void PauseReading();
  void ResumeReading();
  // Stops everything now; on_close does not run.
  void Close();
  // The message limit, and with it the frame limit, from now on: for an end
  // made before it learns the limit its peer agreed to (a worker made ahead
  // of demand learns it from Start). Frames already read keep the old one.
  void SetMaxMessageSize(std::size_t max_message_size);
  // options().shared_ring_keep_bytes from now on: for an end made before it
  // knows what traffic to expect.
  void SetSharedRingKeepBytes(std::size_t bytes);

  bool is_open() const { return static_cast<bool>(socket_); }
  std::size_t buffered_bytes();
  std::uint64_t frames_sent() const { return frames_sent_; }
  const ChannelOptions& options() const { return options_; }
  std::size_t max_frame_size() const { return reader_.max_frame_size(); }

 private:
  void OnInputPoll(int status, int events);
  void OnOutputPoll(int status, int events);
  // Starts watching where frames come from.
  int WatchInput();
  // Starts watching out_ for room to write.
  int WatchOutput();
  void OnReadable();
  // Parses `n` bytes of input (after any the reader carries); false when
  // the channel failed or went away.
  bool FeedInput(const std::uint8_t* buffer, std::size_t n);
  long ReadOnce(std::uint8_t* buffer, std::size_t size);  // the count, 0 at EOF, or -errno
  // Opens where frames go, the first time there is one: our pipe, or the
  // socket itself. False when neither is possible.
  bool OpenOutput();
  bool AttachPipe();
  bool WriteSome();  // false when the peer is gone
  bool WriteSomeLocked();  // WriteSome() with out_mutex_ held
  std::size_t BufferedLocked() const { return out_buffer_.size() - out_offset_; }
  // Called with out_mutex_ held after frames went into the buffer, which held
  // `before` bytes: the background writer's clock starts when it fills.
  void NoteAppended(std::size_t before);
  // The background writer (options_.max_write_delay_ms).
  void StartBackgroundWriter();
  void BackgroundWriterMain();
  // After a frame went into the buffer: flushes if due; false above the mark.
  bool Queued();
  void UpdatePoll();
  // Leaves the high-water state, with on_drain, once the buffer is low again.
  void CheckDrained();
  void Fail(const std::string& error);
  // Appends the frame for one message: shared when it is large and the ring
  // has room, inline otherwise.
  bool AppendMessage(std::size_t size, const MessageWriter& write);
  // Whether large messages may use our ring; makes and sends it the first time.
  bool RingReady();
  // Frames the channel handles itself; false when it failed or went away.
  bool OnPipeAttach();
  bool OnSharedRingAttach(const proto::SharedRingAttach& attach);
  bool OnSharedPortMessage(const proto::SharedPortMessage& message);
  // A message from the peer over the limit fails the channel; false then.
  bool MessageWithinLimit(std::uint64_t size);

  uv_loop_t* loop_;
  Callbacks callbacks_;
  ChannelOptions options_;
  FrameReader reader_;
  // The socket we were given: frames until pipes take over, then descriptors.
  base::UniqueFd socket_;
  // The peer's pipe, once it came: where frames come from from then on.
  base::UniqueFd peer_pipe_;
  int in_fd() const { return peer_pipe_ ? peer_pipe_.get() : socket_.get(); }
  // Where frames go: our pipe, or a duplicate of the socket so that it has a
  // watcher of its own.
  base::UniqueFd out_;
  // The read end of our pipe, kept open so that writing to a dead peer fills
  // the pipe instead of raising SIGPIPE; its death shows as EOF on input.
  base::UniqueFd spare_read_;
  bool writes_to_pipe() const { return static_cast<bool>(spare_read_); }
  // Declared after the descriptors, so they close before them.
  base::PollHandle in_watch_;
  base::PollHandle out_watch_;
  base::PollHandle room_watch_;
  // Guards the write buffer, write_failed_ and writes to out_, which the
  // background writer shares with the owner's thread. Uncontended but for the
  // rare moment the writer runs; everything else is the owner's thread only.
  std::mutex out_mutex_;
  std::string out_buffer_;
  std::size_t out_offset_ = 0;
  // Where out_buffer_[0] is in the stream of bytes ever written.
  std::uint64_t out_base_ = 0;
  // Descriptors held until the stream reaches the frame that claims them
  // (SendWithDescriptors), oldest first.
  struct HeldDescriptors {
    std::uint64_t at;
    std::vector<base::UniqueFd> fds;
  };
  std::vector<HeldDescriptors> held_;
  std::size_t held_count_ = 0;
  // The socket had no room for the first of held_: writing waits for it.
  bool held_blocked_ = false;
  // Drops what is buffered, with its held descriptors (out_mutex_ held).
  void DropBufferedLocked();
  // Sends the held descriptors the stream has reached; false while the
  // socket has no room for them (out_mutex_ held).
  bool SendHeldLocked();
  // A duplicate of the socket, watched for room while held_blocked_ (the
  // socket itself may be watched for input).
  base::UniqueFd socket_room_fd_;
  std::atomic<bool> write_failed_{false};  // read without the lock by the owner
  // When the oldest unwritten byte went into the buffer; nullopt when empty.
  std::optional<std::chrono::steady_clock::time_point> pending_since_;
  // The background writer sleeps on this; the owner sets it for when the
  // first frame of a burst is due.
  WriterAlarm writer_alarm_;
  bool writer_stop_ = false;
  std::thread writer_;
  // RunOnBackgroundWriter(): the task waiting for the thread, and how many
  // it has run (the caller waits for the count to pass its own).
  std::function<void()> writer_task_;
  std::uint64_t writer_tasks_done_ = 0;
  std::condition_variable writer_task_done_;
  std::uint64_t frames_sent_ = 0;
  bool keep_alive_ = true;
  bool reading_ = true;
  bool above_high_water_ = false;
  bool drain_on_error_ = false;  // read to EOF after the poll reported an error
  // Set by the destructor when it runs inside one of our callbacks, so the
  // callback stops touching members.
  bool* destroyed_ = nullptr;
  // Points destroyed_ at its flag for the length of one callback. GCC 12
  // cannot see that the destructor clears it (or that the channel is gone
  // when it does not), hence the pragma.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#endif
  struct CallbackScope {
    explicit CallbackScope(Channel* channel) : channel(channel) { channel->destroyed_ = &destroyed; }
    ~CallbackScope() {
      if (!destroyed) channel->destroyed_ = nullptr;
    }
    Channel* channel;
    bool destroyed = false;
  };
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  // Descriptors that came with socket reads, until a frame claims them.
  std::vector<base::UniqueFd> received_fds_;
  // Frames AwaitFrame() read, for the callbacks (a message's bytes alone
  // when on_port_message takes it), and what delivers them: made on the
  // first AwaitFrame().
  struct HeldFrame {
    std::optional<proto::Envelope> envelope;
    std::string port_message;
  };
  std::deque<HeldFrame> held_frames_;
  std::unique_ptr<base::DeferredCall> held_delivery_;
  bool awaiting_ = false;
  // Hands the held frames to the callbacks; false when that closed us.
  bool DeliverHeld();
  // Our ring for large messages (made at most once), and the peer's.
  bool ring_tried_ = false;
  std::unique_ptr<SharedRingWriter> ring_writer_;
  std::optional<SharedRingWriter::Reservation> ring_room_;  // ReserveRingMessage()'s
  std::unique_ptr<SharedRingReader> ring_reader_;
};

// Creates a connected socketpair for a worker; both ends close-on-exec.
// Returns 0 or a negative errno.
int MakeChannelSocketPair(int fds[2]);

// How both ends word a message over the limit: "message of N bytes exceeds
// the limit of M bytes".
std::string MessageOverLimitError(std::uint64_t size, std::uint64_t limit);

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_CHANNEL_H_
