// A worker process never outlives its parent: not the host that exec'd it or
// the zygote, nor the zygote that forked it. Without this, a host killed by
// SIGKILL or the OOM killer would leave behind every worker that does not
// happen to read its channel (one in `while (true) {}` never would).
#ifndef ISOHOST_WORKER_RUNTIME_PARENT_DEATH_H_
#define ISOHOST_WORKER_RUNTIME_PARENT_DEATH_H_

#include <sys/types.h>

namespace isohost::worker {

// Asks the kernel for SIGKILL when the parent dies, then checks that the
// parent is still `parent`: one that died before the request was made would
// never send it. Returns false in that case (the caller exits at once).
//
// The kernel sends the signal when the *thread* that forked this process
// ends, and is asked again after every fork (children do not inherit it).
bool DieWithParent(pid_t parent);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_RUNTIME_PARENT_DEATH_H_
