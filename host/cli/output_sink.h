// Writes worker output to the host's own stdout/stderr, whole and in order.
#ifndef ISOHOST_HOST_CLI_OUTPUT_SINK_H_
#define ISOHOST_HOST_CLI_OUTPUT_SINK_H_

#include <string_view>

namespace isohost::cli {

// Writes all of `data` to `fd`, waiting when the descriptor is non-blocking
// and full. A slow reader slows the host down instead of growing its memory.
// Returns false when the reader is gone.
bool WriteAll(int fd, std::string_view data);

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_OUTPUT_SINK_H_
