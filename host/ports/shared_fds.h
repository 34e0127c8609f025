// The descriptors of the SharedArrayBuffers one message carries (Envelope
// shared_buffers), as the host passes them on: shared by the copies of the
// message it holds or fans out, and closed with the last of them. The host
// never maps them.
#ifndef ISOHOST_HOST_PORTS_SHARED_FDS_H_
#define ISOHOST_HOST_PORTS_SHARED_FDS_H_

#include <memory>
#include <vector>

#include "base/unique_fd.h"

namespace isohost {

using SharedFds = std::shared_ptr<const std::vector<base::UniqueFd>>;

// `fds` as the descriptors Channel::SendWithDescriptors() takes.
inline std::vector<int> RawFds(const SharedFds& fds) {
  std::vector<int> raw;
  if (fds) {
    for (const base::UniqueFd& fd : *fds) raw.push_back(fd.get());
  }
  return raw;
}

}  // namespace isohost

#endif  // ISOHOST_HOST_PORTS_SHARED_FDS_H_
