#include "tests/e2e/run_cli.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <functional>
#include <cstring>
#include <fstream>
#include <string>

#if defined(__SANITIZE_ADDRESS__)
// From ASan's runtime (sanitizer/allocator_interface.h, which GCC does not
// ship): bytes malloc'd and not yet freed, quarantined ones not counted.
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#endif

namespace isohost::testing {

std::string BinDir() { return ISOHOST_BIN_DIR; }
std::string ScriptPath(const std::string& name) { return std::string(ISOHOST_E2E_SCRIPTS) + "/" + name; }

namespace {

// execv() of the CLI with `args`; only returns if that fails.
void ExecCli(const std::vector<std::string>& args) {
  std::string binary = BinDir() + "/isohost";
  std::vector<char*> argv{binary.data()};
  std::vector<std::string> copies = args;
  for (std::string& arg : copies) argv.push_back(arg.data());
  argv.push_back(nullptr);
  execv(binary.c_str(), argv.data());
}

}  // namespace

pid_t StartCli(const std::vector<std::string>& args, int* stdout_read, bool own_group, int* stderr_read,
               bool merge_stderr) {
  int out[2];
  int err[2] = {-1, -1};
  if (pipe2(out, O_CLOEXEC) != 0) return -1;
  if (stderr_read != nullptr && pipe2(err, O_CLOEXEC) != 0) return -1;
  pid_t pid = fork();
  if (pid == 0) {
    if (own_group) setpgid(0, 0);
    dup2(out[1], 1);
    if (err[1] >= 0) dup2(err[1], 2);
    if (merge_stderr) dup2(out[1], 2);
    ExecCli(args);
    _exit(127);
  }
  close(out[1]);
  *stdout_read = out[0];
  if (stderr_read != nullptr) {
    close(err[1]);
    *stderr_read = err[0];
  }
  return pid;
}

CliResult RunCli(const std::vector<std::string>& args, const std::string& input) {
  int in[2], out[2], err[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    ExecCli(args);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  close(err[1]);
  CliResult result;
  std::size_t written = 0;
  if (input.empty()) {
    close(in[1]);
    in[1] = -1;
  }
  pollfd fds[3] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}, {in[1], POLLOUT, 0}};
  int open_streams = 2;
  char buffer[65536];
  while (open_streams > 0) {
    fds[2].fd = in[1];
    if (poll(fds, 3, -1) < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        (i == 0 ? result.out : result.err).append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_streams;
      }
    }
    if (in[1] >= 0 && (fds[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t n = write(in[1], input.data() + written, input.size() - written);
      if (n > 0) written += static_cast<std::size_t>(n);
      if (n < 0 || written == input.size()) {
        close(in[1]);
        in[1] = -1;
      }
    }
  }
  if (in[1] >= 0) close(in[1]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

namespace {

int CountOpenFdsNow() {
  int count = 0;
  DIR* dir = opendir("/proc/self/fd");
  if (dir == nullptr) return -1;
  while (dirent* entry = readdir(dir)) {
    if (entry->d_name[0] != '.') ++count;
  }
  closedir(dir);
  return count - 1;  // the directory stream itself
}

}  // namespace

int CountOpenFds() {
  // The host's cgroup thread holds a descriptor while it moves a worker,
  // which can take a grace period of the kernel (10-20 ms): the count is the
  // one that stays the same over 30 ms.
  int count = CountOpenFdsNow();
  for (int same = 0, tries = 0; same < 3 && tries < 100; ++tries) {
    usleep(10000);
    int now = CountOpenFdsNow();
    same = now == count ? same + 1 : 0;
    count = now;
  }
  return count;
}

namespace {

std::vector<std::string> ChildrenOf(const std::string& pid) {
  std::vector<std::string> result;
  std::ifstream children("/proc/" + pid + "/task/" + pid + "/children");
  std::string child;
  while (children >> child) result.push_back(child);
  return result;
}

}  // namespace

int CountChildren() { return static_cast<int>(ChildrenOf(std::to_string(getpid())).size()); }

int CountDescendants() {
  int count = 0;
  std::vector<std::string> pending = ChildrenOf(std::to_string(getpid()));
  while (!pending.empty()) {
    std::string pid = pending.back();
    pending.pop_back();
    ++count;
    for (const std::string& child : ChildrenOf(pid)) pending.push_back(child);
  }
  return count;
}

long HeldMemoryKb() {
#if defined(__SANITIZE_ADDRESS__)
  return static_cast<long>(__sanitizer_get_current_allocated_bytes() / 1024);
#else
  std::ifstream status("/proc/self/status");
  std::string key;
  long value = 0;
  while (status >> key) {
    if (key == "VmRSS:") {
      status >> value;
      break;
    }
  }
  return value;
#endif
}

int BuiltinsLoaded(const std::vector<std::string>& run_args) {
  std::vector<std::string> argv{"run", "--stats"};
  argv.insert(argv.end(), run_args.begin(), run_args.end());
  CliResult result = RunCli(argv);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const std::string key = "\"builtins_loaded\":";
  std::size_t at = result.err.rfind(key);
  if (at == std::string::npos) {
    ADD_FAILURE() << "no stats in: " << result.err;
    return -1;
  }
  return std::atoi(result.err.c_str() + at + key.size());
}

int BuiltinsLoadedBySource(const std::string& source) {
  const std::string path =
      ::testing::TempDir() + "isohost_stats_" + std::to_string(std::hash<std::string>{}(source)) + ".js";
  std::ofstream(path) << source;
  return BuiltinsLoaded({path});
}

ShellResult RunShell(const std::string& command) {
  ShellResult result;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
  int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

bool OnPath(const std::string& program) {
  return RunShell("command -v " + program + " >/dev/null 2>&1").exit_code == 0;
}

int CountOccurrences(const std::string& text, const std::string& needle) {
  int count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++count;
  return count;
}

}  // namespace isohost::testing
