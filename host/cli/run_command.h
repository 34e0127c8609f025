// `isohost run`: runs one worker in the foreground.
#ifndef ISOHOST_HOST_CLI_RUN_COMMAND_H_
#define ISOHOST_HOST_CLI_RUN_COMMAND_H_

#include <cstddef>
#include <string>
#include <vector>

namespace isohost::cli {

struct RunOptions {
  std::string script;
  std::vector<std::string> script_args;
  bool echo = false;            // post every message back to the worker
  bool print_messages = false;  // print each message as a JSON line
  std::vector<std::string> send;  // JSON messages to post after start
  std::string worker_data;        // JSON; empty: undefined
  bool stats = false;             // print the worker's loop counters at exit
  std::vector<std::string> v8_flags;
  std::size_t max_message_bytes = 64u << 20;
  unsigned max_old_space_mb = 0;
  unsigned max_young_space_mb = 0;
};

// Returns the process exit status: the worker's exit code, 128 + signal if
// it was killed, 1 if it could not start.
int RunCommand(const RunOptions& options);

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_RUN_COMMAND_H_
