// Where the isohost-worker executable is.
#ifndef ISOHOST_HOST_WORKER_BINARY_H_
#define ISOHOST_HOST_WORKER_BINARY_H_

#include <string>

namespace isohost {

// $ISOHOST_WORKER if set, else isohost-worker beside the running executable,
// else beside it under ../libexec (an installed tree). Empty if none exists.
std::string FindWorkerBinary();

}  // namespace isohost

#endif  // ISOHOST_HOST_WORKER_BINARY_H_
