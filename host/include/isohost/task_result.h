// How a task of a Pool ended: the structured-clone bytes its function
// returned, or why there is no result.
#ifndef ISOHOST_TASK_RESULT_H_
#define ISOHOST_TASK_RESULT_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "isohost/exit_info.h"

namespace isohost {

// A task's id, given by Pool::Run(); never 0.
using TaskId = std::uint64_t;

enum class TaskErrorKind {
  kThrown,         // the task function threw, or its promise was rejected
  kCrashed,        // its worker died while running it (signal, uncaught error, process.exit)
  kOutOfMemory,    // its worker ran out of heap while running it
  kTimeout,        // it ran past its time limit
  kCancelled,      // Pool::Cancel() or its CancelToken
  kQueueFull,      // refused: max_queue tasks were waiting already
  kClosed,         // refused, or dropped, because the pool was closing or destroyed
  kStartupFailed,  // the script did not load, or exports no function
  kInvalid,        // refused: over the message limit, or Run() from a thread the pool does not serve
};

// "thrown", "crashed", "out of memory", "timeout", "cancelled", "queue full",
// "closed", "startup failed", "invalid".
std::string_view TaskErrorKindName(TaskErrorKind kind);

struct TaskError {
  TaskErrorKind kind = TaskErrorKind::kThrown;
  // For kThrown, as thrown in the worker: err.name, err.message, err.stack,
  // err.code (a string; a numeric code as its digits). A thrown value that
  // is no object has an empty name and itself as a string in `message`.
  // For every other kind, `message` says what happened in words.
  std::string name;
  std::string message;
  std::string stack;
  std::string code;
  // How the worker ended, for kCrashed, kOutOfMemory and kStartupFailed.
  std::optional<ExitInfo> exit;
};

struct TaskResult {
  TaskId id = 0;
  // The structured-clone bytes of the result (isohost/clone_codec.h reads
  // them) when ok().
  std::string value;
  std::optional<TaskError> error;

  bool ok() const { return !error.has_value(); }
};

using TaskCallback = std::function<void(TaskResult result)>;

}  // namespace isohost

#endif  // ISOHOST_TASK_RESULT_H_
