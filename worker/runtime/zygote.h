// The zygote: an isohost-worker process that has loaded and initialised V8
// once and forks a new worker for each request of its host. What it does
// before fork() is only what is safe across it: V8 with a single-threaded
// platform (no threads), no isolate (each child makes its own, so no two
// workers share a hash seed or Math.random() state), no libuv loop.
#ifndef ISOHOST_WORKER_RUNTIME_ZYGOTE_H_
#define ISOHOST_WORKER_RUNTIME_ZYGOTE_H_

#include <string>
#include <vector>

namespace isohost::worker {

// Serves requests on the control socket at fd 3 until the host closes it.
int RunZygote(const std::vector<std::string>& v8_flags);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_RUNTIME_ZYGOTE_H_
