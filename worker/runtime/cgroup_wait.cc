#include "worker/runtime/cgroup_wait.h"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string_view>
#include <thread>

namespace isohost::worker {
namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(1);
constexpr auto kGiveUpAfter = std::chrono::seconds(1);

std::string expected;

// Whether /proc/self/cgroup names `path` as this process's cgroup v2.
bool InCgroup(const std::string& path) {
  int fd = ::open("/proc/self/cgroup", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char text[4096];
  ssize_t n = ::read(fd, text, sizeof text);
  ::close(fd);
  if (n <= 0) return false;
  std::string_view lines(text, static_cast<std::size_t>(n));
  std::size_t at = lines.find("0::");
  if (at != 0 && at != std::string_view::npos) at = lines.find("\n0::");
  if (at == std::string_view::npos) return false;
  std::string_view line = lines.substr(lines[at] == '\n' ? at + 4 : at + 3);
  return line.substr(0, line.find('\n')) == path;
}

}  // namespace

void ExpectCgroup(std::string path) { expected = std::move(path); }

void WaitForCgroup() {
  if (expected.empty()) return;
  const auto give_up = std::chrono::steady_clock::now() + kGiveUpAfter;
  while (!InCgroup(expected)) {
    if (std::chrono::steady_clock::now() > give_up) {
      std::fprintf(stderr, "isohost-worker: warning: not moved into its cgroup %s: what it starts may outlive it\n",
                   expected.c_str());
      break;
    }
    std::this_thread::sleep_for(kPollInterval);
  }
  expected.clear();
}

}  // namespace isohost::worker
