// Forwards the host's own stdin to one worker's process.stdin.
#ifndef ISOHOST_HOST_CLI_STDIN_FORWARDER_H_
#define ISOHOST_HOST_CLI_STDIN_FORWARDER_H_

#include <uv.h>

#include <functional>
#include <memory>
#include <string_view>

#include "ipc/uv_handle.h"

namespace isohost::cli {

class StdinForwarder {
 public:
  // Receives what was read; `eof` marks the end (data is then empty).
  using Sink = std::function<void(std::string_view data, bool eof)>;

  // Reads fd 0 (a pipe, a terminal or a file) into `sink` until EOF.
  // Returns null when there is nothing more to read.
  static std::unique_ptr<StdinForwarder> Start(uv_loop_t* loop, Sink sink);

 private:
  StdinForwarder(uv_loop_t* loop, Sink sink) : sink_(std::move(sink)), reader_(loop) {}

  Sink sink_;
  ipc::StreamReader reader_;
};

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_STDIN_FORWARDER_H_
