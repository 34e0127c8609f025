#include "worker/sandbox/sandbox.h"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

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

// The bytes [env_start, env_end) of the process's first environment, from
// /proc/self/stat (fields 50 and 51): /proc/self/environ shows them, and
// an exploit could read them from memory, long after environ moved on.
bool InitialEnvironment(char** start, char** end) {
  std::ifstream file("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::size_t paren = text.rfind(')');
  if (paren == std::string::npos) return false;
  std::istringstream fields(text.substr(paren + 2));
  std::string field;
  // After "pid (comm) ", the state is field 3.
  for (int index = 3; fields >> field; ++index) {
    if (index == 50) *start = reinterpret_cast<char*>(std::strtoull(field.c_str(), nullptr, 10));
    if (index == 51) {
      *end = reinterpret_cast<char*>(std::strtoull(field.c_str(), nullptr, 10));
      return *start != nullptr && *end > *start;
    }
  }
  return false;
}

// Only the granted variables remain, in environ and in memory.
void ReplaceEnvironment(const proto::Start& start, SandboxReport* report) {
  char* first = nullptr;
  char* last = nullptr;
  bool found = InitialEnvironment(&first, &last);
  ::clearenv();
  if (found) {
    std::memset(first, 0, static_cast<std::size_t>(last - first));
  } else {
    Degrade(report, "the process's first environment could not be found to wipe");
  }
  for (const proto::EnvVar& var : start.env()) ::setenv(var.name().c_str(), var.value().c_str(), 1);
}

void SetLimit(int resource, rlim_t value, const char* name, SandboxReport* report) {
  rlimit limit{};
  if (::getrlimit(resource, &limit) != 0) return;
  if (limit.rlim_max != RLIM_INFINITY && value > limit.rlim_max) value = limit.rlim_max;
  limit.rlim_cur = limit.rlim_max = value;
  if (::setrlimit(resource, &limit) != 0) Degrade(report, std::string(name) + ": " + std::strerror(errno));
}

// Threads other than this one: a Landlock domain covers only the thread
// that makes it and the threads started after.
int OtherThreads() {
  DIR* dir = ::opendir("/proc/self/task");
  if (dir == nullptr) return 0;
  int count = -1;
  while (dirent* entry = ::readdir(dir)) {
    if (entry->d_name[0] != '.') ++count;
  }
  ::closedir(dir);
  return count;
}

}  // namespace

SandboxReport ApplySandbox(const proto::Start& start) {
  SandboxReport report;
  const proto::Permissions& grant = start.permissions();
  ReplaceEnvironment(start, &report);
  if (!grant.work_dir().empty() && ::chdir(grant.work_dir().c_str()) != 0) {
    Degrade(&report, "cannot move to " + grant.work_dir() + ": " + std::strerror(errno));
    if (::chdir("/") != 0) Degrade(&report, "cannot move to /");
  }
  // Resolved now, while the time zone files can be read by any path.
  ::tzset();

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
    if (int others = OtherThreads(); others > 0) {
      Degrade(&report, std::to_string(others) + " thread(s) started before the sandbox are outside Landlock");
    }
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
    std::string error;
    if (RestrictFileSystem(fs, abi, &error)) {
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
  return report;
}

}  // namespace isohost::worker::sandbox
