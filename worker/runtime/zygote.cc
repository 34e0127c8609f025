#include "worker/runtime/zygote.h"

#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <set>

#include "ipc/frame_format.h"
#include "ipc/zygote_protocol.h"
#include "worker/runtime/parent_death.h"
#include "worker/runtime/runtime.h"
#include "worker/runtime/v8_init.h"

namespace isohost::worker {
namespace {

constexpr int kControlFd = 3;

bool Reply(const ipc::ZygoteReply& reply) {
  return ipc::SendWithFds(kControlFd, &reply, sizeof reply, nullptr, 0) >= 0;
}

// In the child: become the worker. Never returns.
[[noreturn]] void BecomeWorker(v8::Platform* platform, const ipc::ZygoteRequest& request, const int fds[3],
                               int signal_fd, pid_t zygote) {
  // Die with the zygote, which dies with its host: no orphan workers.
  if (!DieWithParent(zygote)) _exit(1);
  sigset_t all;
  sigemptyset(&all);
  sigprocmask(SIG_SETMASK, &all, nullptr);
  close(signal_fd);
  // The control socket is fd 3: dup2 replaces it by the channel.
  dup2(fds[1], STDOUT_FILENO);
  dup2(fds[2], STDERR_FILENO);
  dup2(fds[0], ipc::kWorkerChannelFd);
  for (int i = 0; i < 3; ++i) {
    if (fds[i] > ipc::kWorkerChannelFd) close(fds[i]);
  }
  HeapLimits limits{request.max_old_space_mb, request.max_young_space_mb, request.code_range_mb};
  int code = RunWorkerOnChannel(platform, limits, (request.flags & ipc::kZygoteFlagPooled) != 0);
  std::fflush(stdout);
  _exit(code);
}

// Workers forked and not yet reaped.
std::set<pid_t>& Children() {
  static std::set<pid_t> children;
  return children;
}

// The host is gone or closing: end every worker and reap it before the
// zygote itself exits, so that nothing outlives the host.
void EndAllChildren() {
  for (pid_t pid : Children()) kill(pid, SIGKILL);
  int status;
  while (!Children().empty()) {
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) break;
    Children().erase(pid);
  }
}

void ForkWorker(v8::Platform* platform, const ipc::ZygoteRequest& request, const int fds[3], int signal_fd) {
  pid_t zygote = getpid();
  pid_t pid = fork();
  if (pid == 0) BecomeWorker(platform, request, fds, signal_fd, zygote);
  int fork_error = errno;
  for (int i = 0; i < 3; ++i) close(fds[i]);
  ipc::ZygoteReply reply;
  reply.request_id = request.request_id;
  if (pid < 0) {
    reply.kind = ipc::ZygoteReplyKind::kFailed;
    reply.error = fork_error;
  } else {
    reply.kind = ipc::ZygoteReplyKind::kSpawned;
    reply.pid = pid;
    Children().insert(pid);
  }
  Reply(reply);
}

void ReapChildren(int signal_fd) {
  signalfd_siginfo info;
  while (read(signal_fd, &info, sizeof info) == sizeof info) {
  }
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    Children().erase(pid);
    ipc::ZygoteReply reply;
    reply.kind = ipc::ZygoteReplyKind::kExited;
    reply.pid = pid;
    reply.status = status;
    Reply(reply);
  }
}

}  // namespace

int RunZygote(const std::vector<std::string>& v8_flags) {
  v8::Platform* platform = InitializeV8(v8_flags);

  sigset_t child_signal;
  sigemptyset(&child_signal);
  sigaddset(&child_signal, SIGCHLD);
  sigprocmask(SIG_BLOCK, &child_signal, nullptr);
  int signal_fd = signalfd(-1, &child_signal, SFD_NONBLOCK | SFD_CLOEXEC);
  if (signal_fd < 0) return 71;

  ipc::ZygoteReply ready;
  ready.kind = ipc::ZygoteReplyKind::kReady;
  ready.pid = getpid();
  if (!Reply(ready)) return 72;

  pollfd fds[2] = {{kControlFd, POLLIN, 0}, {signal_fd, POLLIN, 0}};
  while (true) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return 73;
    }
    if (fds[1].revents & POLLIN) ReapChildren(signal_fd);
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      ipc::ZygoteRequest request;
      int passed[3];
      int passed_count = 0;
      long n = ipc::RecvWithFds(kControlFd, &request, sizeof request, passed, 3, &passed_count);
      if (n <= 0) {
        EndAllChildren();
        return 0;
      }
      if (n != static_cast<long>(sizeof request) || request.magic != ipc::kZygoteMagic || passed_count != 3) {
        for (int i = 0; i < passed_count; ++i) close(passed[i]);
        std::fprintf(stderr, "isohost zygote: malformed request (%ld bytes, %d fds)\n", n, passed_count);
        ipc::ZygoteReply failed;
        failed.kind = ipc::ZygoteReplyKind::kFailed;
        failed.request_id = n >= 16 ? request.request_id : 0;
        failed.error = EINVAL;
        Reply(failed);
        continue;
      }
      ForkWorker(platform, request, passed, signal_fd);
    }
  }
}

}  // namespace isohost::worker
