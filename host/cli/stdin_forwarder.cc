#include "host/cli/stdin_forwarder.h"

#include <unistd.h>

namespace isohost::cli {

std::unique_ptr<StdinForwarder> StdinForwarder::Start(uv_loop_t* loop, Sink sink) {
  uv_handle_type type = uv_guess_handle(STDIN_FILENO);
  if (type == UV_FILE) {
    // A regular file (or /dev/null) never blocks: hand it over at once.
    char buffer[64 * 1024];
    ssize_t n;
    while ((n = ::read(STDIN_FILENO, buffer, sizeof buffer)) > 0) {
      sink(std::string_view(buffer, static_cast<size_t>(n)), false);
    }
    sink({}, true);
    return nullptr;
  }
  if (type != UV_NAMED_PIPE && type != UV_TTY) {
    sink({}, true);
    return nullptr;
  }
  std::unique_ptr<StdinForwarder> forwarder(new StdinForwarder(loop, std::move(sink)));
  StdinForwarder* raw = forwarder.get();
  int rc = type == UV_TTY ? raw->reader_.OpenTty(STDIN_FILENO) : raw->reader_.OpenPipe(STDIN_FILENO);
  if (rc != 0) {
    raw->sink_({}, true);
    return nullptr;
  }
  raw->reader_.StartReading([raw](std::string_view data) { raw->sink_(data, false); },
                            [raw] { raw->sink_({}, true); });
  // Stdin alone does not keep the host running: the worker does.
  raw->reader_.SetReferenced(false);
  return forwarder;
}

}  // namespace isohost::cli
