// Where a worker's output goes in the host: passed through to the host's own
// stdout/stderr (optionally with each line prefixed by the worker's id), or
// turned into spdlog records, one per line, tagged with the worker's id, pid,
// stream and console level. One per worker; owned by whoever owns the worker.
#ifndef ISOHOST_OUTPUT_FORWARDER_H_
#define ISOHOST_OUTPUT_FORWARDER_H_

#include <spdlog/logger.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "isohost/worker.h"

namespace isohost {

enum class OutputMode {
  kPassThrough,  // bytes as they are (one worker, `isohost run`)
  kPrefixed,     // "[3] " before every line
  kLog,          // spdlog records
};

enum class LogFormat { kText, kJson };

// Creates a spdlog logger for host messages in `format`, writing to stderr.
std::shared_ptr<spdlog::logger> MakeHostLogger(const std::string& name, LogFormat format);

class OutputForwarder {
 public:
  OutputForwarder(OutputMode mode, LogFormat format, std::uint64_t worker_id);
  // Emits a partial last line, if any.
  ~OutputForwarder();

  OutputForwarder(const OutputForwarder&) = delete;
  OutputForwarder& operator=(const OutputForwarder&) = delete;

  // The pid is known only once the worker runs.
  void set_pid(int pid);
  void Write(StdioStream stream, std::string_view data, ConsoleLevel level);
  // Emits held partial lines (at the worker's exit).
  void Flush();

 private:
  struct StreamState {
    std::string partial;  // bytes after the last newline
    ConsoleLevel level = ConsoleLevel::kNone;
    std::shared_ptr<spdlog::logger> logger;
  };
  void EmitLine(StdioStream stream, StreamState& state, std::string_view line);
  void MakeLoggers();

  OutputMode mode_;
  LogFormat format_;
  std::uint64_t worker_id_;
  int pid_ = 0;
  std::string prefix_;
  StreamState out_;
  StreamState err_;
};

}  // namespace isohost

#endif  // ISOHOST_OUTPUT_FORWARDER_H_
