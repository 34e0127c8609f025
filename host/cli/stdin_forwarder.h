// Forwards the host's own stdin to one worker's process.stdin.
#ifndef ISOHOST_HOST_CLI_STDIN_FORWARDER_H_
#define ISOHOST_HOST_CLI_STDIN_FORWARDER_H_

#include <uv.h>

#include <memory>

#include "isohost/worker.h"

namespace isohost::cli {

class StdinForwarder {
 public:
  // Reads fd 0 (a pipe, a terminal or a file) into `worker` until EOF.
  // Returns null when there is nothing to read.
  static std::unique_ptr<StdinForwarder> Start(uv_loop_t* loop, Worker* worker);
  ~StdinForwarder();

 private:
  StdinForwarder(uv_loop_t* loop, Worker* worker);
  static void OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf);

  Worker* worker_;
  uv_stream_t* stream_ = nullptr;  // freed in its close callback
};

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_STDIN_FORWARDER_H_
