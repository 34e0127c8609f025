// Bytes and descriptors together over an AF_UNIX socket (SCM_RIGHTS): the
// zygote's control socket, and a Channel handing over its shared ring.
#ifndef ISOHOST_IPC_FD_PASSING_H_
#define ISOHOST_IPC_FD_PASSING_H_

#include <cstddef>

namespace isohost::ipc {

// sendmsg() of up to `size` bytes with `fd_count` descriptors (at most 64),
// which travel with the first byte. Returns the bytes sent (on a stream
// socket possibly fewer than `size`) or -errno. `flags` go to sendmsg();
// MSG_NOSIGNAL is always added.
long SendWithFds(int socket, const void* data, std::size_t size, const int* fds, int fd_count,
                 int flags = 0);
// recvmsg() of up to `size` bytes and up to `max_fds` descriptors (received
// ones are close-on-exec; any beyond `max_fds` are closed). Returns the byte
// count, 0 at EOF, or -errno. `*fd_count` says how many fds arrived.
long RecvWithFds(int socket, void* data, std::size_t size, int* fds, int max_fds, int* fd_count);

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_FD_PASSING_H_
