// The bytes of one MessagePort message (require('worker_threads')): V8's
// structured clone, in which each port of the transfer list is a host object
// that holds its index in the list. The same bytes serve a port whose other
// end is in this process and one whose other end is in another, so that a
// port can move between processes with its queue as it is.
#ifndef ISOHOST_WORKER_PORT_MESSAGE_H_
#define ISOHOST_WORKER_PORT_MESSAGE_H_

#include <v8.h>

#include <cstdint>
#include <string_view>
#include <vector>

namespace isohost::worker {

// The stand-in for transferred port `index` that JS puts in the value before
// it is serialised (a port itself is a plain JS object, which V8's serializer
// would copy as one).
v8::MaybeLocal<v8::Object> NewPortToken(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                        std::uint32_t index);

// Serialises `value` into a new ArrayBuffer. The ArrayBuffers of `detach`
// are copied into the bytes like any other and, once the value is written,
// detached: processes share no heap, so a transfer is a copy that leaves the
// sender without the buffer. Fails (with a DataCloneError pending) before
// it detaches anything.
v8::MaybeLocal<v8::ArrayBuffer> SerializePortMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                                     v8::Local<v8::Value> value,
                                                     const std::vector<v8::Local<v8::ArrayBuffer>>& detach);

// Reads bytes SerializePortMessage wrote; port token i becomes ports[i].
v8::MaybeLocal<v8::Value> DeserializePortMessage(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                                 std::string_view data, v8::Local<v8::Array> ports);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_PORT_MESSAGE_H_
