// isohost-child-exec: the first program of every child process a worker
// starts (child_process). libuv forks and execs it; it ties the child's life
// to the worker's, then execs the program the script asked for, so the pid,
// the exit status and the signals are that program's.
//
//   isohost-child-exec REPORT_FD PARENT_PID FILE ARGV0 [ARGS...]
//
// - PR_SET_PDEATHSIG: the kernel sends SIGKILL to the child when the worker
//   dies, however it dies (SIGKILL, the OOM killer, process.exit() with a
//   child still running). libuv offers no hook between fork and exec, and
//   the setting is cleared by fork, hence this program. It survives execve of
//   an ordinary binary.
// - Every descriptor from REPORT_FD up is made close-on-exec, so the child
//   gets its stdio and nothing else of the worker (channel, pipes, rings).
// - If execvp fails, its errno is written to REPORT_FD; the worker reads that
//   pipe until EOF, which the successful exec gives by closing it.
//
// Built without libnode, so it costs about what a fork and two execs cost.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace {

constexpr int kExitCannotRun = 127;

// Marks every descriptor from `first` up close-on-exec.
void CloseOnExecFrom(int first) {
  if (::close_range(static_cast<unsigned>(first), ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
  // Kernels before 5.11: walk /proc/self/fd.
  DIR* dir = ::opendir("/proc/self/fd");
  if (dir == nullptr) return;
  int own = ::dirfd(dir);
  while (dirent* entry = ::readdir(dir)) {
    char* end = nullptr;
    long fd = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0' || fd < first || fd == own) continue;
    ::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);
  }
  ::closedir(dir);
}

void Report(int fd, int err) {
  const char* bytes = reinterpret_cast<const char*>(&err);
  std::size_t left = sizeof err;
  while (left > 0) {
    ssize_t n = ::write(fd, bytes, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    bytes += n;
    left -= static_cast<std::size_t>(n);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) return kExitCannotRun;
  int report_fd = std::atoi(argv[1]);
  pid_t parent = static_cast<pid_t>(std::atol(argv[2]));
  // Die with the worker; if it is gone already, so is whoever would read
  // what this child does.
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || ::getppid() != parent) return kExitCannotRun;
  CloseOnExecFrom(report_fd);
  const char* file = argv[3];
  char** child_argv = argv + 4;
  ::execvp(file, child_argv);
  Report(report_fd, errno);
  return kExitCannotRun;
}
