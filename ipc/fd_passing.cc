#include "ipc/fd_passing.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>

namespace isohost::ipc {
namespace {
constexpr int kMaxPassedFds = 64;  // a message's SharedArrayBuffers (kMaxSharedBuffersPerMessage)
}

long SendWithFds(int socket, const void* data, std::size_t size, const int* fds, int fd_count,
                 int flags) {
  if (fd_count < 0 || fd_count > kMaxPassedFds) return -EINVAL;
  iovec io{const_cast<void*>(data), size};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxPassedFds)];
  msghdr message{};
  message.msg_iov = &io;
  message.msg_iovlen = 1;
  if (fd_count > 0) {
    message.msg_control = control;
    message.msg_controllen = CMSG_SPACE(sizeof(int) * fd_count);
    cmsghdr* header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int) * fd_count);
    std::memcpy(CMSG_DATA(header), fds, sizeof(int) * fd_count);
  }
  while (true) {
    ssize_t sent = ::sendmsg(socket, &message, flags | MSG_NOSIGNAL);
    if (sent >= 0) return static_cast<long>(sent);
    if (errno != EINTR) return -errno;
  }
}

long RecvWithFds(int socket, void* data, std::size_t size, int* fds, int max_fds, int* fd_count) {
  *fd_count = 0;
  iovec io{data, size};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxPassedFds)];
  msghdr message{};
  message.msg_iov = &io;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t received;
  do {
    received = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
  } while (received < 0 && errno == EINTR);
  if (received < 0) return -errno;
  for (cmsghdr* header = CMSG_FIRSTHDR(&message); header != nullptr; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    int count = static_cast<int>((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    int received_fds[kMaxPassedFds];
    std::memcpy(received_fds, CMSG_DATA(header), sizeof(int) * std::min(count, kMaxPassedFds));
    for (int i = 0; i < count && i < kMaxPassedFds; ++i) {
      if (*fd_count < max_fds) {
        fds[(*fd_count)++] = received_fds[i];
      } else {
        ::close(received_fds[i]);  // more than asked for: do not leak them
      }
    }
  }
  return static_cast<long>(received);
}

}  // namespace isohost::ipc
