#include "worker/api/child_process/sync_child.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <ctime>

#include "base/check.h"

namespace isohost::worker::child_process {
namespace {

// The run of one child; lives on the stack of RunSync(), and every handle is
// closed and its close callback run before RunSync() returns.
class SyncChild {
 public:
  SyncChild(const SpawnRequest& request, SyncLimits limits) : request_(request), limits_(std::move(limits)) {
    CHECK_UV(uv_loop_init(&loop_));
    result_.output.resize(request.stdio.size());
  }
  ~SyncChild() {
    // Every handle is closed by now; the loop only runs their callbacks.
    uv_run(&loop_, UV_RUN_DEFAULT);
    CHECK(uv_loop_close(&loop_) == 0);
  }

  SyncResult Run();

 private:
  struct Pipe {
    uv_pipe_t handle;
    SyncChild* owner;
    std::size_t slot;
    bool open = true;
    std::string data;
  };

  static void OnExit(uv_process_t* process, int64_t exit_status, int term_signal);
  static void OnTimeout(uv_timer_t* timer);
  static void OnAlloc(uv_handle_t* handle, std::size_t suggested, uv_buf_t* buf);
  static void OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf);
  static void OnWritten(uv_write_t* req, int status);

  void Append(Pipe* pipe, const char* data, std::size_t size);
  void ClosePipe(Pipe* pipe);
  // Reads what the child left in `pipe`'s buffer, without waiting.
  void Drain(Pipe* pipe);
  // Sends the kill signal once; output read so far is kept, the pipes close.
  void Kill(int error);
  // Closes the timer once the child has exited and every pipe is closed.
  void MaybeFinish();

  const SpawnRequest& request_;
  SyncLimits limits_;
  uv_loop_t loop_;
  uv_process_t process_;
  uv_timer_t timer_;
  uv_write_t write_req_;
  std::vector<std::unique_ptr<Pipe>> pipes_;  // by slot; null where the slot is no pipe
  std::size_t buffered_ = 0;
  bool exited_ = false;
  bool killed_ = false;
  bool timer_closed_ = false;
  SyncResult result_;
};

SyncResult SyncChild::Run() {
  std::vector<uv_stdio_container_t> stdio(request_.stdio.size());
  pipes_.resize(request_.stdio.size());
  for (std::size_t slot = 0; slot < request_.stdio.size(); ++slot) {
    const StdioSpec& spec = request_.stdio[slot];
    bool pipe = spec.kind == StdioSpec::kPipe || (slot == 0 && limits_.input.has_value());
    if (pipe) {
      auto entry = std::make_unique<Pipe>();
      entry->owner = this;
      entry->slot = slot;
      CHECK_UV(uv_pipe_init(&loop_, &entry->handle, 0));
      entry->handle.data = entry.get();
      stdio[slot].flags = static_cast<uv_stdio_flags>(
          UV_CREATE_PIPE | (slot == 0 ? UV_READABLE_PIPE : slot <= 2 ? UV_WRITABLE_PIPE
                                                                      : UV_READABLE_PIPE | UV_WRITABLE_PIPE));
      stdio[slot].data.stream = reinterpret_cast<uv_stream_t*>(&entry->handle);
      pipes_[slot] = std::move(entry);
    } else if (spec.kind == StdioSpec::kInheritFd) {
      stdio[slot].flags = UV_INHERIT_FD;
      stdio[slot].data.fd = spec.fd;
    } else {
      stdio[slot].flags = UV_IGNORE;
    }
  }
  process_.data = this;
  CHECK_UV(uv_timer_init(&loop_, &timer_));
  timer_.data = this;
  bool process_open = false;
  int rc = SpawnChild(request_, std::move(stdio), OnExit, [&](const uv_process_options_t* options, int* pid) {
    process_open = true;
    int spawned = uv_spawn(&loop_, &process_, options);
    *pid = process_.pid;
    return spawned;
  });
  if (rc != 0) {
    result_.error = rc;
    if (process_open) uv_close(reinterpret_cast<uv_handle_t*>(&process_), nullptr);
    exited_ = true;
    for (auto& pipe : pipes_) {
      if (pipe) ClosePipe(pipe.get());
    }
    MaybeFinish();
    return std::move(result_);
  }
  result_.started = true;
  result_.pid = process_.pid;
  // A child that exits before reading its input makes the write fail with
  // EPIPE; the SIGPIPE that comes with it is held back here and discarded,
  // so that it cannot end the worker (which keeps the default action).
  sigset_t pipe_signal, old_mask;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, &old_mask);
  for (auto& pipe : pipes_) {
    if (!pipe) continue;
    auto* stream = reinterpret_cast<uv_stream_t*>(&pipe->handle);
    if (pipe->slot == 0) {
      if (limits_.input && !limits_.input->empty()) {
        uv_buf_t buf = uv_buf_init(limits_.input->data(), static_cast<unsigned>(limits_.input->size()));
        write_req_.data = pipe.get();
        if (uv_write(&write_req_, stream, &buf, 1, OnWritten) != 0) ClosePipe(pipe.get());
      } else {
        ClosePipe(pipe.get());  // nothing to say: the child reads EOF
      }
    } else {
      result_.output[pipe->slot].emplace();
      if (uv_read_start(stream, OnAlloc, OnRead) != 0) ClosePipe(pipe.get());
    }
  }
  if (limits_.timeout_ms > 0) {
    uv_timer_start(&timer_, OnTimeout, static_cast<std::uint64_t>(limits_.timeout_ms), 0);
  }
  uv_run(&loop_, UV_RUN_DEFAULT);
  timespec zero{0, 0};
  while (sigtimedwait(&pipe_signal, nullptr, &zero) == SIGPIPE) {
  }
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  for (auto& pipe : pipes_) {
    if (pipe && pipe->slot != 0) result_.output[pipe->slot] = std::move(pipe->data);
  }
  return std::move(result_);
}

void SyncChild::OnExit(uv_process_t* process, int64_t exit_status, int term_signal) {
  auto* self = static_cast<SyncChild*>(process->data);
  self->exited_ = true;
  self->result_.exit_status = exit_status;
  self->result_.term_signal = term_signal;
  uv_close(reinterpret_cast<uv_handle_t*>(process), nullptr);
  // The pipes stay open until their EOF: a grandchild holding them keeps
  // spawnSync waiting, as it keeps Node's, until the timeout if there is one.
  self->MaybeFinish();
}

void SyncChild::MaybeFinish() {
  if (!exited_ || timer_closed_) return;
  for (auto& pipe : pipes_) {
    if (pipe && pipe->open) return;
  }
  timer_closed_ = true;
  uv_close(reinterpret_cast<uv_handle_t*>(&timer_), nullptr);
}

void SyncChild::OnTimeout(uv_timer_t* timer) { static_cast<SyncChild*>(timer->data)->Kill(UV_ETIMEDOUT); }

void SyncChild::OnAlloc(uv_handle_t*, std::size_t suggested, uv_buf_t* buf) {
  buf->base = new char[suggested];
  buf->len = suggested;
}

void SyncChild::OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
  std::unique_ptr<char[]> owned(buf->base);
  auto* pipe = static_cast<Pipe*>(stream->data);
  if (nread > 0) {
    pipe->owner->Append(pipe, buf->base, static_cast<std::size_t>(nread));
  } else if (nread < 0) {
    pipe->owner->ClosePipe(pipe);
  }
}

void SyncChild::OnWritten(uv_write_t* req, int) {
  auto* pipe = static_cast<Pipe*>(req->data);
  pipe->owner->ClosePipe(pipe);
}

void SyncChild::Append(Pipe* pipe, const char* data, std::size_t size) {
  pipe->data.append(data, size);
  buffered_ += size;
  // Node's limit is on all the output together, and the chunk that crossed
  // it is kept.
  if (limits_.max_buffer > 0 && static_cast<double>(buffered_) > limits_.max_buffer) Kill(UV_ENOBUFS);
}

void SyncChild::ClosePipe(Pipe* pipe) {
  if (!pipe->open) return;
  pipe->open = false;
  uv_close(reinterpret_cast<uv_handle_t*>(&pipe->handle), nullptr);
  MaybeFinish();
}

void SyncChild::Drain(Pipe* pipe) {
  uv_os_fd_t fd;
  if (!pipe->open || pipe->slot == 0 || uv_fileno(reinterpret_cast<uv_handle_t*>(&pipe->handle), &fd) != 0) return;
  char buffer[65536];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    pipe->data.append(buffer, static_cast<std::size_t>(n));
  }
}

void SyncChild::Kill(int error) {
  if (killed_) return;
  killed_ = true;
  if (result_.error == 0) result_.error = error;
  if (!exited_ && uv_process_kill(&process_, limits_.kill_signal) != 0) uv_process_kill(&process_, SIGKILL);
  uv_timer_stop(&timer_);
  for (auto& pipe : pipes_) {
    if (!pipe) continue;
    // At the timeout what the child wrote is kept; past maxBuffer only
    // what was read, as in Node.
    if (error == UV_ETIMEDOUT) Drain(pipe.get());
    ClosePipe(pipe.get());
  }
}

}  // namespace

SyncResult RunSync(const SpawnRequest& request, SyncLimits limits) {
  SyncChild child(request, std::move(limits));
  return child.Run();
}

}  // namespace isohost::worker::child_process
