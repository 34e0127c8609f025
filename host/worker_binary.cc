#include "host/worker_binary.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>

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

std::string ExecPathFor(const std::string& worker_binary) {
  std::string::size_type slash = worker_binary.rfind('/');
  if (slash == std::string::npos) return worker_binary;
  std::string cli = worker_binary.substr(0, slash + 1) + "isohost";
  return ::access(cli.c_str(), X_OK) == 0 ? cli : worker_binary;
}

}  // namespace isohost
