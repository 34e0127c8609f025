// The cgroup the host moves this worker into (Start.cgroup,
// host/launch/cgroup_tree.h). The host makes the move on a thread of its own, since
// a move can wait for a grace period of the kernel; a child process is born
// in its parent's cgroup, so the worker starts none before it is there, and
// that is all it waits for.
#ifndef ISOHOST_WORKER_RUNTIME_CGROUP_WAIT_H_
#define ISOHOST_WORKER_RUNTIME_CGROUP_WAIT_H_

#include <string>

namespace isohost::worker {

// The cgroup Start named, as /proc/self/cgroup will show it; empty: none.
void ExpectCgroup(std::string path);
// Returns once this process is in the expected cgroup (at once after the
// first time, or when none is expected). One that never comes (the host
// could not move it) is said on stderr after a second, and not waited for
// again.
void WaitForCgroup();

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_RUNTIME_CGROUP_WAIT_H_
