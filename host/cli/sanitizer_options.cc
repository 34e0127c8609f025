// The options an ASan build of the CLI (the asan preset) starts from, before
// ASAN_OPTIONS; nothing in other builds.
//
// An isohost that a worker starts as a child process (child_process with
// process.execPath) runs inside the worker's sandbox, which refuses it
// /proc/PID/task and ptrace. LeakSanitizer needs both to stop the process and
// look for leaks at exit, so there every exit would end in its fatal error,
// and ASAN_OPTIONS=detect_leaks=0 cannot help: the runtime reads it from
// /proc/self/environ. Such a process runs without LeakSanitizer; every other
// keeps it.
#if defined(__SANITIZE_ADDRESS__)
#include <fcntl.h>
#include <unistd.h>

extern "C" const char* __asan_default_options() {
  int task = ::open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (task < 0) return "detect_leaks=0";
  ::close(task);
  return "";
}
#endif
