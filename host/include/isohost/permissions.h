// What a worker may touch (WorkerOptions::permissions): Node's permission
// model, checked in the worker's JavaScript and enforced by the kernel in the
// worker process before the script runs (see docs/sandbox.md).
#ifndef ISOHOST_PERMISSIONS_H_
#define ISOHOST_PERMISSIONS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace isohost {

// Which of the environment (WorkerOptions::env, or the host's) the worker sees.
enum class EnvAccess {
  kAll,   // all of it, as without permissions (Node's model does not cover it)
  kList,  // only the variables named in Permissions::env_names
  kNone,  // none
};

// Everything not granted here is refused: by Node's ERR_ACCESS_DENIED in
// JavaScript and, should that check be bypassed, by the kernel.
struct Permissions {
  // Roots the worker may read, and write: a file, or a directory and all
  // below it. Relative roots are taken from the host's cwd; "*" is
  // everything. The entry script's own file is always readable.
  std::vector<std::string> fs_read;
  std::vector<std::string> fs_write;
  // The script's own directory is readable (the --sandbox preset).
  bool read_script_dir = false;
  EnvAccess env = EnvAccess::kAll;
  std::vector<std::string> env_names;  // for EnvAccess::kList
  bool child_process = false;  // child_process (else ERR_ACCESS_DENIED; execve is refused)
  bool worker_threads = false;  // new Worker(); its workers get this same grant
  bool net = false;  // network sockets (net, http, dns.lookup)
  // The worker starts in the host's cwd (process.cwd() says so); else in
  // the script's directory ("/" for source text).
  bool host_cwd = true;
  std::uint64_t max_open_files = 1024;  // RLIMIT_NOFILE; 0: the host's
  std::uint64_t max_file_size = 0;      // RLIMIT_FSIZE in bytes (a write past it fails with EFBIG); 0: none

  // The --sandbox preset: nothing but the script's own directory, read only;
  // no environment, no cwd of the host, no processes, workers or sockets.
  static Permissions Sandbox() {
    Permissions permissions;
    permissions.read_script_dir = true;
    permissions.env = EnvAccess::kNone;
    permissions.host_cwd = false;
    return permissions;
  }
};

}  // namespace isohost

#endif  // ISOHOST_PERMISSIONS_H_
