// The options an ASan build (the asan preset) of the programs that can start
// inside a worker's sandbox begins with, before ASAN_OPTIONS; nothing in other
// builds. Compiled into each of them (it must be in the executable): the CLI,
// a child process of a worker (child_process with process.execPath);
// isohost-worker, the workers and zygote of such a CLI; isohost-child-exec,
// the first program of every child a worker starts.
//
// - The sandbox refuses /proc/PID/task and ptrace. LeakSanitizer needs both to
//   stop the process and look for leaks at exit, so there every exit would end
//   in its fatal error, and ASAN_OPTIONS=detect_leaks=0 cannot help: the
//   runtime reads it from /proc/self/environ. Such a process runs without
//   LeakSanitizer; every other keeps it.
// - ASan lowers RLIMIT_CORE as it starts (disable_coredump), and dies when
//   setrlimit fails, as the sandbox's seccomp filter makes it (any change of
//   the limits: EPERM). The sandbox has set RLIMIT_CORE to 0 already, so a
//   process that may not set its limits leaves them be.
#if defined(__SANITIZE_ADDRESS__)
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

// ASan calls this before its shadow memory is mapped: the function must not
// be instrumented, since `core` lives on the stack, whose redzones would be
// written to the shadow.
extern "C" __attribute__((no_sanitize("address"))) const char* __asan_default_options() {
  int task = ::open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  const bool leaks = task >= 0;
  if (task >= 0) ::close(task);
  // Setting the core limit to what it is changes nothing, and says whether
  // ASan's own setrlimit would be refused.
  rlimit core{};
  const bool limits = ::getrlimit(RLIMIT_CORE, &core) == 0 && ::setrlimit(RLIMIT_CORE, &core) == 0;
  if (!leaks && !limits) return "detect_leaks=0:disable_coredump=0";
  if (!leaks) return "detect_leaks=0";
  if (!limits) return "disable_coredump=0";
  return "";
}
#endif
