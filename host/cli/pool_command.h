// `isohost pool SCRIPT`: runs one task per line of JSON input through a task
// pool (isohost/pool.h) and prints one JSON line per task.
#ifndef ISOHOST_HOST_CLI_POOL_COMMAND_H_
#define ISOHOST_HOST_CLI_POOL_COMMAND_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "isohost/pool.h"

namespace isohost::cli {

struct PoolCommandOptions {
  std::string script;
  std::string input;  // a file of JSON lines; empty: stdin
  std::size_t workers = DefaultPoolSize();
  std::size_t concurrency = 1;  // tasks per worker at once
  // Tasks read ahead of the workers; reading waits while this many wait.
  std::size_t max_queue = 1024;
  bool unordered = false;  // print results as they come, not in input order
  double timeout_s = 0;    // per task
  std::uint64_t max_tasks_per_worker = 0;
  std::uint64_t max_heap_after_task_mb = 0;
  double max_age_s = 0;
  unsigned max_old_space_mb = 0;
  unsigned max_memory_mb = 0;  // ResourceLimits::max_memory_mb
  // The largest task or result message; a longer input line is refused
  // before it is parsed.
  std::size_t max_message_bytes = ResourceLimits{}.max_message_bytes;
  SpawnStrategy spawn = SpawnStrategy::kDefault;
  bool quiet = false;  // no progress line, no summary
  // As RunOptions::compile_cache_dir: nullopt the default, empty none.
  std::optional<std::string> compile_cache_dir;
  // What the workers may touch (--sandbox, --allow-*; docs/sandbox.md).
  std::optional<Permissions> permissions;
};

// Returns 0 when every task succeeded, 1 when any failed (or the input could
// not be read).
int PoolCommand(const PoolCommandOptions& options);

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_POOL_COMMAND_H_
