// Serialises envelopes into the channel's outgoing byte buffer, framed.
#ifndef ISOHOST_IPC_FRAME_WRITER_H_
#define ISOHOST_IPC_FRAME_WRITER_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "isohost.pb.h"

namespace isohost::ipc {

// Appends one frame holding `envelope` to `out`. Returns false, leaving `out`
// unchanged, when the serialised envelope would exceed `max_frame_size`.
bool AppendFrame(const proto::Envelope& envelope, std::size_t max_frame_size,
                 std::string* out);

// Appends one frame holding Envelope{port_message{data}} without building
// the Envelope: the bytes are copied once, straight into `out`. Same result
// as AppendFrame() of that Envelope (tested).
bool AppendPortMessageFrame(std::string_view data, std::size_t max_frame_size, std::string* out);

// Appends the frame of a PortMessage of `data_size` bytes with room for the
// data left at its end, and returns where the caller writes them; null,
// leaving `out` unchanged, when the frame would exceed `max_frame_size`.
char* AppendPortMessageFrameFor(std::size_t data_size, std::size_t max_frame_size, std::string* out);

// The frame length (after the header) of Envelope{port_message{data}} for
// `data_size` bytes of data: what the frame limit is checked against.
std::size_t PortMessageFrameSize(std::size_t data_size);

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_FRAME_WRITER_H_
