#include "worker/sandbox/sandbox.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>

#include "base/unique_fd.h"
#include "worker/sandbox/landlock.h"
#include "worker/sandbox/seccomp_filter.h"

namespace isohost::worker::sandbox {
namespace {

// The Landlock ABI the whole grant needs (signal scoping came with 6).
constexpr int kFullLandlockAbi = 6;

void Degrade(SandboxReport* report, const std::string& what) {
  std::fprintf(stderr, "isohost-worker: warning: sandbox degraded: %s\n", what.c_str());
  if (!report->degraded.empty()) report->degraded += "; ";
  report->degraded += what;
}

// The bytes of the environment the process started with: the strings the
// kernel laid out one after another, which /proc/self/environ shows (for a
// forked worker, the zygote's) and an exploit could read from memory long
// after environ moved on. Found when the binary loads, before anything can
// change environ, so that applying the sandbox reads no /proc file.
struct InitialEnvironment {
  char* start = nullptr;
  char* end = nullptr;
  bool found = false;  // false: environ was not the kernel's contiguous block
};

InitialEnvironment FindInitialEnvironment() {
  InitialEnvironment env;
  if (environ == nullptr) return env;
  env.found = true;
  if (environ[0] == nullptr) return env;  // empty: nothing to wipe
  env.start = env.end = environ[0];
  for (char** entry = environ; *entry != nullptr; ++entry) {
    // Each string must follow the one before it, or this is not the block.
    if (*entry != env.end) return InitialEnvironment{};
    env.end = *entry + std::strlen(*entry) + 1;
  }
  return env;
}

const InitialEnvironment kInitialEnvironment = FindInitialEnvironment();

// /proc/self/task, opened ahead of Start (PrepareThreadCount()): the first
// lookup of a new process's procfs entries is what costs, not the stat.
base::UniqueFd prepared_task_dir;

// The threads of this process: procfs counts them in the link count of
// /proc/self/task (two more than there are). One stat, not a file read.
long CountThreads() {
  struct stat st {};
  int rc = prepared_task_dir ? ::fstat(prepared_task_dir.get(), &st) : ::stat("/proc/self/task", &st);
  prepared_task_dir.reset();
  if (rc != 0 || st.st_nlink < 3) return -1;
  return static_cast<long>(st.st_nlink) - 2;
}

// Only the granted variables remain, in environ and in memory.
void ReplaceEnvironment(const proto::Start& start, SandboxReport* report) {
  ::clearenv();
  if (kInitialEnvironment.found) {
    if (kInitialEnvironment.start != nullptr) {
      std::memset(kInitialEnvironment.start, 0,
                  static_cast<std::size_t>(kInitialEnvironment.end - kInitialEnvironment.start));
    }
  } else {
    Degrade(report, "the process's first environment could not be found to wipe");
  }
  for (const proto::EnvVar& var : start.env()) ::setenv(var.name().c_str(), var.value().c_str(), 1);
  // The block holds "NAME=VALUE\0" after "NAME=VALUE\0" (the host sent only granted ones).
  const std::string& block = start.env_block();
  for (std::size_t at = 0; at < block.size();) {
    std::size_t end = block.find('\0', at);
    if (end == std::string::npos) end = block.size();
    std::string entry = block.substr(at, end - at);
    if (std::size_t eq = entry.find('='); eq != std::string::npos && eq > 0) {
      ::setenv(entry.substr(0, eq).c_str(), entry.c_str() + eq + 1, 1);
    }
    at = end + 1;
  }
}

void SetLimit(int resource, rlim_t value, const char* name, SandboxReport* report) {
  rlimit limit{};
  if (::getrlimit(resource, &limit) != 0) return;
  if (limit.rlim_max != RLIM_INFINITY && value > limit.rlim_max) value = limit.rlim_max;
  limit.rlim_cur = limit.rlim_max = value;
  if (::setrlimit(resource, &limit) != 0) Degrade(report, std::string(name) + ": " + std::strerror(errno));
}

// What HoldWriterThread() did on the writer thread, for the main thread.
struct WriterHold {
  enum State { kUnknown, kHeld, kNotHeld };
  std::mutex mutex;  // guards state
  std::condition_variable changed;
  State state = kUnknown;
};
WriterHold writer_hold;

}  // namespace

void PrepareThreadCount() {
  if (!prepared_task_dir) prepared_task_dir.reset(::open("/proc/self/task", O_PATH | O_DIRECTORY | O_CLOEXEC));
}

void DiscardPreparedThreadCount() { prepared_task_dir.reset(); }

void HoldWriterThread() {
  bool held = HoldThisThreadToNothing();
  std::lock_guard<std::mutex> lock(writer_hold.mutex);
  writer_hold.state = held ? WriterHold::kHeld : WriterHold::kNotHeld;
  writer_hold.changed.notify_all();
}

bool WriterThreadHeld(int timeout_ms) {
  std::unique_lock<std::mutex> lock(writer_hold.mutex);
  writer_hold.changed.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                               [] { return writer_hold.state != WriterHold::kUnknown; });
  return writer_hold.state == WriterHold::kHeld;
}

SandboxReport ApplySandbox(const proto::Start& start, const OtherThread* other_thread, int held_threads) {
  SandboxReport report;
  const proto::Permissions& grant = start.permissions();
  // The other thread's restriction, posted once the ruleset is made and
  // awaited at the end, so that it overlaps the seccomp filter's loading.
  bool other_posted = false;
  auto other_restricted = std::make_shared<std::atomic<bool>>(false);
  ReplaceEnvironment(start, &report);
  if (!grant.work_dir().empty() && ::chdir(grant.work_dir().c_str()) != 0) {
    Degrade(&report, "cannot move to " + grant.work_dir() + ": " + std::strerror(errno));
    if (::chdir("/") != 0) Degrade(&report, "cannot move to /");
  }
  SetLimit(RLIMIT_CORE, 0, "RLIMIT_CORE", &report);
  if (grant.max_open_files() > 0) SetLimit(RLIMIT_NOFILE, grant.max_open_files(), "RLIMIT_NOFILE", &report);
  if (grant.max_file_size() > 0) {
    // A write past the limit fails with EFBIG rather than ending the worker.
    ::signal(SIGXFSZ, SIG_IGN);
    SetLimit(RLIMIT_FSIZE, grant.max_file_size(), "RLIMIT_FSIZE", &report);
  }

  // Without it neither Landlock nor seccomp may be used unprivileged; with it
  // no exec can gain privileges (setuid binaries run as the worker).
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    Degrade(&report, std::string("no_new_privs: ") + std::strerror(errno));
    return report;
  }

  int abi = LandlockAbi();
  if (abi == 0) {
    Degrade(&report, "the kernel has no Landlock: the file-system grant is checked in JavaScript only");
  } else {
    // A Landlock domain covers only this thread and those it starts later:
    // the one other thread (the channel's writer, restricted below or
    // replaced by the caller) is accounted for; any more are reported.
    long threads = CountThreads();
    if (threads < 0) {
      Degrade(&report, "cannot count the process's threads in /proc/self/task");
    } else if (long others = threads - 1 - held_threads - (other_thread != nullptr ? 1 : 0); others > 0) {
      Degrade(&report, std::to_string(others) + " thread(s) started before the sandbox are outside Landlock");
    }
    // The other thread restricts itself with its own copy of the ruleset,
    // which it closes: should it come late, its copy is still valid.
    auto restrict_other = [&](int ruleset_fd) {
      if (other_thread == nullptr) return;
      auto copy = std::make_shared<base::UniqueFd>(::fcntl(ruleset_fd, F_DUPFD_CLOEXEC, 0));
      if (!*copy) return;
      other_posted = other_thread->post([copy, restricted = other_restricted] {
        restricted->store(RestrictThisThread(copy->get()));
        copy->reset();
      });
    };
    LandlockGrant fs;
    for (const std::string& path : grant.fs_read()) {
      fs.read.push_back(path);
      if (path == "*") fs.read_all = true;
    }
    for (const std::string& path : grant.fs_write()) {
      fs.write.push_back(path);
      if (path == "*") fs.write_all = true;
    }
    fs.net = grant.net();
    fs.exec = grant.child_process();
    std::string error;
    if (RestrictFileSystem(fs, abi, &error, restrict_other)) {
      report.landlock_abi = abi;
      if (abi < kFullLandlockAbi) {
        Degrade(&report, "Landlock ABI " + std::to_string(abi) + " < " + std::to_string(kFullLandlockAbi) +
                             ": no " + (abi < 4 ? "TCP, " : "") + "signal or abstract-socket scoping");
      }
    } else {
      Degrade(&report, "Landlock: " + error);
    }
  }

  SyscallGrant calls;
  calls.child_process = grant.child_process();
  calls.net = grant.net();
  std::string error;
  if (InstallSeccompFilter(calls, &error)) {
    report.seccomp_filter = true;
  } else {
    Degrade(&report, error);
  }
  report.other_thread_restricted = other_thread == nullptr
                                       ? held_threads > 0
                                       : other_posted && other_thread->await() && other_restricted->load();
  return report;
}

}  // namespace isohost::worker::sandbox
