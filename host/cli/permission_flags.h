// The permission model's command-line flags: Node's spelling (on Node's
// command line and `isohost run`), Deno's where Node has none (--allow-env,
// --allow-net), and `--sandbox`. See docs/sandbox.md.
#ifndef ISOHOST_HOST_CLI_PERMISSION_FLAGS_H_
#define ISOHOST_HOST_CLI_PERMISSION_FLAGS_H_

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "host/cli/run_command.h"

namespace isohost::cli {

// What `isohost run` or `isohost pool` was given; ApplyPermissionFlags()
// makes it a grant.
struct PermissionFlags {
  bool sandbox = false;
  bool permission = false;  // --permission / --experimental-permission
  std::vector<std::string> fs_read;
  std::vector<std::string> fs_write;
  std::vector<std::string> env;  // --allow-env[=A,B]: empty with env_given is all
  bool child_process = false;
  bool worker = false;
  bool net = false;
  bool cwd = false;
};

// The flags, on `command` (run's and pool's); --cpu-time too when
// `cpu_time_s` is given (a worker's CPU time is a limit of run's workers, not
// of a pool's, which run task after task).
void AddPermissionOptions(CLI::App* command, PermissionFlags& flags, double* cpu_time_s = nullptr);

// Any flag turns the permission model on (what is not granted is refused);
// none leaves `permissions` as it was (unset: no permissions).
void ApplyPermissionFlags(const PermissionFlags& flags, const CLI::App& command,
                          std::optional<Permissions>* permissions);

// One of Node's permission options (--permission, --experimental-permission,
// --allow-fs-read=A,B, --allow-fs-write=..., --allow-child-process,
// --allow-worker): applied to `run` (and put in its exec_argv) and true;
// false for any other option.
bool ApplyNodePermissionOption(std::string_view arg, RunOptions* run);

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_PERMISSION_FLAGS_H_
