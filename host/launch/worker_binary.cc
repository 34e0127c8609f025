#include "host/launch/worker_binary.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>

namespace isohost {

std::string FindWorkerBinary() {
  static const std::string found = [] {
    if (const char* env = std::getenv("ISOHOST_WORKER"); env != nullptr && *env != '\0') return std::string(env);
    char self[PATH_MAX];
    ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return std::string();
    self[n] = '\0';
    std::string dir(self);
    dir.erase(dir.rfind('/'));
    for (const char* candidate : {"/isohost-worker", "/../libexec/isohost/isohost-worker"}) {
      std::string path = dir + candidate;
      if (::access(path.c_str(), X_OK) == 0) return path;
    }
    return std::string();
  }();
  return found;
}

namespace {

// Spawns may come from the loops of several threads.
std::mutex lookups_mutex;

}  // namespace

std::string ExecPathFor(const std::string& worker_binary) {
  static std::map<std::string, std::string, std::less<>> exec_paths;
  std::lock_guard<std::mutex> lock(lookups_mutex);
  auto known = exec_paths.find(worker_binary);
  if (known != exec_paths.end()) return known->second;
  std::string exec_path = worker_binary;
  if (std::string::size_type slash = worker_binary.rfind('/'); slash != std::string::npos) {
    std::string cli = worker_binary.substr(0, slash + 1) + "isohost";
    if (::access(cli.c_str(), X_OK) == 0) exec_path = std::move(cli);
  }
  return exec_paths.emplace(worker_binary, std::move(exec_path)).first->second;
}

bool IsExecutable(const std::string& path) {
  static std::set<std::string, std::less<>> found;
  std::lock_guard<std::mutex> lock(lookups_mutex);
  if (found.contains(path)) return true;
  if (::access(path.c_str(), X_OK) != 0) return false;
  found.insert(path);
  return true;
}

}  // namespace isohost
