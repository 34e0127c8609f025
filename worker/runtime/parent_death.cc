#include "worker/runtime/parent_death.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace isohost::worker {

bool DieWithParent(pid_t parent) {
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return false;
  // A parent that died before the prctl() has made us somebody else's child.
  return ::getppid() == parent;
}

}  // namespace isohost::worker
