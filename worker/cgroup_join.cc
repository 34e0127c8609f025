#include "worker/cgroup_join.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>

namespace isohost::worker {
namespace {

std::thread joining;
int join_error = 0;  // written by `joining`, read after it is joined

}  // namespace

void BeginCgroupJoin(int dir_fd) {
  if (joining.joinable()) {
    ::close(dir_fd);
    return;
  }
  joining = std::thread([dir_fd] {
    int procs = ::openat(dir_fd, "cgroup.procs", O_WRONLY | O_CLOEXEC);
    // "0": the process of the thread that writes, all its threads with it.
    if (procs < 0 || ::write(procs, "0", 1) != 1) join_error = errno;
    if (procs >= 0) ::close(procs);
    ::close(dir_fd);
  });
}

void FinishCgroupJoin() {
  if (!joining.joinable()) return;
  joining.join();
  if (join_error != 0) {
    std::fprintf(stderr, "isohost-worker: warning: cannot move into the worker's cgroup: %s\n",
                 std::strerror(join_error));
  }
}

}  // namespace isohost::worker
