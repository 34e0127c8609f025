// The control protocol between a host and its zygote (isohost-worker
// --zygote): fixed-size records over a SOCK_SEQPACKET socketpair, the fds of
// a new worker passed alongside a request with SCM_RIGHTS.
#ifndef ISOHOST_IPC_ZYGOTE_PROTOCOL_H_
#define ISOHOST_IPC_ZYGOTE_PROTOCOL_H_

#include <cstddef>
#include <cstdint>

#include "ipc/fd_passing.h"  // the descriptors travel with SendWithFds()

namespace isohost::ipc {

inline constexpr std::uint32_t kZygoteMagic = 0x5a594731;  // "ZYG1"

// Host -> zygote: fork a worker. Carries 3 fds: its channel end, and the
// write ends of the pipes that become its stdout and stderr.
struct ZygoteRequest {
  std::uint32_t magic = kZygoteMagic;
  std::uint32_t max_old_space_mb = 0;
  std::uint32_t max_young_space_mb = 0;
  std::uint32_t flags = 0;  // kZygoteFlag*
  std::uint32_t code_range_mb = 0;
  std::uint64_t request_id = 0;
};

// The worker goes into a pool: it warms up before it says Hello.
inline constexpr std::uint32_t kZygoteFlagPooled = 1;

enum class ZygoteReplyKind : std::uint32_t {
  kReady = 1,    // the zygote is up (pid = its own)
  kSpawned = 2,  // request_id became process pid
  kFailed = 3,   // request_id could not fork: error = errno
  kExited = 4,   // a worker it forked ended: status as from waitpid()
};

// Zygote -> host.
struct ZygoteReply {
  std::uint32_t magic = kZygoteMagic;
  ZygoteReplyKind kind = ZygoteReplyKind::kReady;
  std::uint64_t request_id = 0;
  std::int32_t pid = 0;
  std::int32_t status = 0;
  std::int32_t error = 0;
  std::int32_t reserved = 0;
};

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_ZYGOTE_PROTOCOL_H_
