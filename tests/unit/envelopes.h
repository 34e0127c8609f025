// Envelopes the ipc unit tests send and expect.
#ifndef ISOHOST_TESTS_UNIT_ENVELOPES_H_
#define ISOHOST_TESTS_UNIT_ENVELOPES_H_

#include <string>

#include "isohost.pb.h"

namespace isohost::ipc {

inline proto::Envelope MessageEnvelope(const std::string& data) {
  proto::Envelope envelope;
  envelope.mutable_port_message()->set_data(data);
  return envelope;
}

}  // namespace isohost::ipc

#endif  // ISOHOST_TESTS_UNIT_ENVELOPES_H_
