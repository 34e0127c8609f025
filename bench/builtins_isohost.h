// The isohost side of bench/builtins: one worker runs the measuring file.
#ifndef ISOHOST_BENCH_BUILTINS_ISOHOST_H_
#define ISOHOST_BENCH_BUILTINS_ISOHOST_H_

#include <optional>
#include <string>

#include "isohost/permissions.h"

namespace isohost::bench {

// Runs `script` in a worker (spawned through the host library, as an
// embedding program would) and returns what it wrote to stdout; false, with
// `error` set, if it failed, hung for `timeout_ms`, or exited non-zero.
// With `permissions`, the worker runs under them (--sandbox).
bool RunWorkerScript(const std::string& script, std::uint64_t timeout_ms, std::string* stdout_text,
                     std::string* error, const std::optional<Permissions>& permissions = std::nullopt);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_BUILTINS_ISOHOST_H_
