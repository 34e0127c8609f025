#include "worker/sandbox/sandbox.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

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

// What /proc/self/stat says of this process: its threads (field 20) and
// the bytes [env_start, env_end) of its first environment (fields 50 and
// 51), which /proc/self/environ shows and an exploit could read from memory
// long after environ moved on. One read, no allocation: this is on the path
// of every sandboxed spawn.
struct ProcessStat {
  long threads = 0;
  char* env_start = nullptr;
  char* env_end = nullptr;
};

bool ReadProcessStat(ProcessStat* stat) {
  int fd = ::open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char text[2048];
  ssize_t size = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (size <= 0) return false;
  text[size] = '\0';
  // The command name may hold spaces and parentheses: fields count from the
  // last ')', after which comes field 3.
  char* at = std::strrchr(text, ')');
  if (at == nullptr) return false;
  ++at;
  for (int field = 3; field <= 51; ++field) {
    while (*at == ' ') ++at;
    if (*at == '\0') return false;
    char* end = nullptr;
    unsigned long long value = std::strtoull(at, &end, 10);
    if (field == 20) stat->threads = static_cast<long>(value);
    if (field == 50) stat->env_start = reinterpret_cast<char*>(value);
    if (field == 51) stat->env_end = reinterpret_cast<char*>(value);
    at = end;
    while (*at != ' ' && *at != '\0') ++at;
  }
  return true;
}

// Only the granted variables remain, in environ and in memory.
void ReplaceEnvironment(const proto::Start& start, const ProcessStat& stat, SandboxReport* report) {
  ::clearenv();
  if (stat.env_start != nullptr && stat.env_end > stat.env_start) {
    std::memset(stat.env_start, 0, static_cast<std::size_t>(stat.env_end - stat.env_start));
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

}  // namespace

SandboxReport ApplySandbox(const proto::Start& start, int ending_threads) {
  SandboxReport report;
  const proto::Permissions& grant = start.permissions();
  ProcessStat stat;
  if (!ReadProcessStat(&stat)) Degrade(&report, "cannot read /proc/self/stat");
  ReplaceEnvironment(start, stat, &report);
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
    // A Landlock domain covers only this thread and those it starts later.
    if (long others = stat.threads - 1 - ending_threads; others > 0) {
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
    fs.exec = grant.child_process();
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
