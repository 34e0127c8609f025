// The move of a worker process into the cgroup its host made for it
// (host/cgroup_tree.h), so that everything the worker starts is in it and
// ends with the worker and with the host. A move costs the kernel a grace
// period (~10-20 ms) when no other move happened lately: it is made on a
// thread of its own as the process starts (a pooled worker's while it
// waits), and waited for only where it must be done: before the first child
// process is started and before the sandbox closes the cgroup's files.
#ifndef ISOHOST_WORKER_CGROUP_JOIN_H_
#define ISOHOST_WORKER_CGROUP_JOIN_H_

namespace isohost::worker {

// Begins moving this process into the cgroup whose directory `dir_fd` is
// open on (taken and closed). At most once per process.
void BeginCgroupJoin(int dir_fd);
// Returns once the move begun is done (at once when none was begun). A move
// that failed is said once on stderr: the process stays where it was.
void FinishCgroupJoin();

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_CGROUP_JOIN_H_
