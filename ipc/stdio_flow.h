// Flow control of a worker's stdout and stderr, which both ends must agree
// on: the worker lets at most a window of bytes go unacknowledged (then
// write() returns false and 'drain' waits for acks), and the host acks in
// batches. A batch smaller than the window is what keeps the two from
// waiting on each other: the host always acks before the worker stops.
#ifndef ISOHOST_IPC_STDIO_FLOW_H_
#define ISOHOST_IPC_STDIO_FLOW_H_

#include <cstdint>

namespace isohost::ipc {

// Bytes of stdio a worker may have in flight before it pauses its writers.
inline constexpr std::uint64_t kStdioWindow = 256 * 1024;
// The host acknowledges stdio bytes once this many have arrived.
inline constexpr std::uint64_t kStdioAckBatch = 32 * 1024;

static_assert(kStdioAckBatch < kStdioWindow, "the worker would wait for an ack the host never sends");

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_STDIO_FLOW_H_
