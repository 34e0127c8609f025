// `isohost run`: runs one or more workers of one script in the foreground.
#ifndef ISOHOST_HOST_CLI_RUN_COMMAND_H_
#define ISOHOST_HOST_CLI_RUN_COMMAND_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "isohost/output_forwarder.h"
#include "isohost/supervisor.h"

namespace isohost::cli {

struct RunOptions {
  std::string script;
  // Instead of `script`: source text, run as Node's -e, -p or stdin script.
  std::optional<std::string> source;
  SourceKind source_kind = SourceKind::kEval;
  std::vector<std::string> exec_argv;  // process.execArgv (Node's command line)
  std::string argv0;                   // process.argv0: how we were invoked
  // Node's command line: a SIGINT or SIGTERM that stopped the worker ends
  // this process with the same signal, as it ends node, so that a parent
  // (child_process in a worker, a shell) sees a death by that signal.
  bool die_of_stop_signal = false;
  std::vector<std::string> script_args;
  unsigned workers = 1;           // -n
  bool prefix = false;            // "[id] " before each output line
  bool log = false;               // output as log records (--log-format given)
  LogFormat log_format = LogFormat::kText;
  bool echo = false;              // post every message back to its worker
  bool print_messages = false;    // print each message as a JSON line
  std::vector<std::string> send;  // JSON messages to post after start
  std::optional<std::string> worker_data;  // JSON; none: undefined
  bool stats = false;             // print each worker's loop counters at exit
  std::vector<std::string> v8_flags;
  std::size_t max_message_bytes = 64u << 20;
  // Nested workers (`new Worker()` in a worker) each worker may run at once.
  std::size_t max_nested_workers = 16;
  std::uint32_t link_spin_us = 50;
  unsigned max_old_space_mb = 0;
  unsigned max_memory_mb = 0;  // ResourceLimits::max_memory_mb
  unsigned max_young_space_mb = 0;
  double timeout_s = 0;
  double cpu_time_s = 0;  // --cpu-time
  // The permission model (host/cli/permission_flags.h); nullopt: off.
  std::optional<Permissions> permissions;
  RestartOptions restart;
  // kDefault: exec for one worker that is not restarted (a zygote would cost
  // more than it saves), else the pool.
  SpawnStrategy spawn = SpawnStrategy::kDefault;
  std::size_t pool_size = 2;
  // The compile cache's directory: nullopt the default (CompileCacheDir()),
  // empty none (--no-compile-cache).
  std::optional<std::string> compile_cache_dir;
  std::uint64_t compile_cache_max_bytes = 0;  // 0: the worker's default
};

// The compile cache directory for `flag` (RunOptions::compile_cache_dir):
// by default $NODE_COMPILE_CACHE as in Node 22, else $XDG_CACHE_HOME/isohost,
// else ~/.cache/isohost; none when $NODE_DISABLE_COMPILE_CACHE is set, or
// when there is no home. Always absolute.
std::string CompileCacheDir(const std::optional<std::string>& flag);

// Returns the process exit status: a single worker's exit code; with several
// the first non-zero one; 128 + N for a worker killed by signal N; 1 if a
// worker could not start.
int RunCommand(const RunOptions& options);

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_RUN_COMMAND_H_
