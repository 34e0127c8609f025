// The bytes of one MessagePort message (require('worker_threads')): V8's
// structured clone, in which each port of the transfer list is a host object
// that holds its index in the list. The same bytes serve a port whose other
// end is in this process and one whose other end is in another, so that a
// port can move between processes with its queue as it is.
#ifndef ISOHOST_WORKER_MESSAGING_PORT_MESSAGE_H_
#define ISOHOST_WORKER_MESSAGING_PORT_MESSAGE_H_

#include <v8.h>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "worker/messaging/shared_memory.h"

namespace isohost::worker {

// The stand-in for transferred port `index` that JS puts in the value before
// it is serialised (a port itself is a plain JS object, which V8's serializer
// would copy as one).
v8::MaybeLocal<v8::Object> NewPortToken(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                        std::uint32_t index);

// Serialises `value` into a new ArrayBuffer, which carries the
// SharedArrayBuffers the value names (AttachSharedBuffers). The ArrayBuffers of `detach`
// are copied into the bytes like any other and, once the value is written,
// detached: processes share no heap, so a transfer is a copy that leaves the
// sender without the buffer. Fails (with a DataCloneError pending) before
// it detaches anything.
v8::MaybeLocal<v8::ArrayBuffer> SerializePortMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                                     v8::Local<v8::Value> value,
                                                     const std::vector<v8::Local<v8::ArrayBuffer>>& detach);

// Room that a large message can be serialised straight into (a link's
// shared ring), so that its bytes are written once.
class MessageRoom {
 public:
  virtual ~MessageRoom() = default;
  // `size` bytes of room, or null.
  virtual char* Take(std::size_t size) = 0;
  // The room taken is not used after all.
  virtual void GiveBack() = 0;
};

struct SerializedMessage {
  char* data = nullptr;  // in the room, or malloc'ed (the caller frees it)
  std::size_t size = 0;
  bool in_room = false;
  SharedBuffers shared;  // the SharedArrayBuffers it names
};

// SerializePortMessage() of a value that transfers nothing, into `room`
// once it passes `threshold` bytes (a smaller one stays in a buffer of its
// own). False, with a DataCloneError pending and the room given back, when
// the value cannot be cloned.
bool SerializePortMessageTo(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> value,
                            MessageRoom* room, std::size_t threshold, SerializedMessage* out);

// Reads bytes SerializePortMessage wrote; port token i becomes ports[i],
// SharedArrayBuffer i shared[i].
v8::MaybeLocal<v8::Value> DeserializePortMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                                 std::string_view data, v8::Local<v8::Array> ports,
                                                 const SharedBuffers* shared);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_MESSAGING_PORT_MESSAGE_H_
