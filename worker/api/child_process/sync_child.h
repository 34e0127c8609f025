// spawnSync: one child run to its end on a private libuv loop, while the
// worker's own loop (timers, messages) waits, as in Node.
#ifndef ISOHOST_WORKER_API_CHILD_PROCESS_SYNC_CHILD_H_
#define ISOHOST_WORKER_API_CHILD_PROCESS_SYNC_CHILD_H_

#include <uv.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "worker/api/child_process/child_spawn.h"

namespace isohost::worker::child_process {

struct SyncLimits {
  double timeout_ms = 0;   // 0: none
  double max_buffer = 0;   // bytes of all output together; 0: no limit
  int kill_signal = 15;    // sent at the timeout or past max_buffer
  std::optional<std::string> input;  // written to the child's stdin pipe, which is then closed
};

struct SyncResult {
  int error = 0;  // a negative libuv error: the spawn's, UV_ETIMEDOUT, UV_ENOBUFS
  bool started = false;
  int pid = 0;
  std::int64_t exit_status = 0;
  int term_signal = 0;
  // One per stdio slot; set for the pipes the child wrote to.
  std::vector<std::optional<std::string>> output;
};

SyncResult RunSync(const SpawnRequest& request, SyncLimits limits);

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_API_CHILD_PROCESS_SYNC_CHILD_H_
