// A channel end's pipe made ahead of its Channel (ipc/channel.h).
#ifndef ISOHOST_IPC_OUTPUT_PIPE_H_
#define ISOHOST_IPC_OUTPUT_PIPE_H_

#include "base/unique_fd.h"

namespace isohost::proto {
class Envelope;
}

namespace isohost::ipc {

// The pipe one end's frames go through (see ipc/channel.h), made
// and announced to the peer before that end has a Channel: by the host for
// a worker made ahead of demand, which takes the pipe while it waits, so
// that neither side sets anything up when the first frames come.
struct OutputPipe {
  base::UniqueFd write;       // where the frames go
  base::UniqueFd spare_read;  // the read end, kept (see Channel::spare_read_)
};
// Makes the pipe and sends the peer its read end with the PipeAttach frame
// that claims it: the first bytes ever sent on `socket`, which must be a
// unix socket. False, with nothing sent, when that cannot be done.
bool AttachOutputPipe(int socket, OutputPipe* pipe);
// Writes one frame on such a pipe before a Channel has adopted it (which
// then writes after it): whole, or not at all when it would not fit in one
// atomic write (PIPE_BUF) or the pipe is full. Pooled workers' hints.
bool SendAhead(const OutputPipe& pipe, const proto::Envelope& envelope);

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_OUTPUT_PIPE_H_
