// SharedArrayBuffers whose memory other worker processes can map: each is a
// sealed memfd mapped MAP_SHARED, so that a message can carry its
// descriptor (Envelope shared_buffers) and the receiver maps the same pages.
// V8's allocator cannot tell a SharedArrayBuffer from an ArrayBuffer, so the
// global SharedArrayBuffer constructor is replaced, on first read, by one
// that makes such buffers (InstallSharedArrayBufferGlobal). Atomics.wait and
// Atomics.notify are replaced once the first one exists, by futex calls that
// work across processes (worker/messaging/atomics_wait.h).
#ifndef ISOHOST_WORKER_MESSAGING_SHARED_MEMORY_H_
#define ISOHOST_WORKER_MESSAGING_SHARED_MEMORY_H_

#include <v8.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "ipc/channel.h"
#include "base/unique_fd.h"
#include "isohost.pb.h"

namespace isohost::worker {

// The backing stores of the SharedArrayBuffers one message carries, in the
// order of their ids in its structured-clone bytes.
using SharedBuffers = std::vector<std::shared_ptr<v8::BackingStore>>;

// A new SharedArrayBuffer of `length` bytes (zero-filled) in a memfd. Empty,
// with a RangeError pending, when the memory cannot be had.
v8::MaybeLocal<v8::SharedArrayBuffer> NewShareableBuffer(v8::Isolate* isolate, std::size_t length);

// The memfd behind the memory at `data` (a backing store's Data()), or -1
// for memory that is not such a buffer's (one V8 made itself).
int ShareableFd(const void* data);

// Maps a memfd that came with a message; null (with `error` saying why) for
// a descriptor that is not a sealed memfd.
std::shared_ptr<v8::BackingStore> MapShareable(v8::Isolate* isolate, base::UniqueFd fd, std::string* error);

// Whether a shareable buffer was ever made or mapped in this process: until
// then Atomics stays V8's own.
bool AnyShareableBuffer();

// Installs the lazy global SharedArrayBuffer constructor (a lazy data
// property: nothing is built until the global is read).
bool InstallSharedArrayBufferGlobal(v8::Isolate* isolate, v8::Local<v8::Context> context);

// The descriptors of `buffers`, in order; false, with a DataCloneError
// pending, when one is memory that cannot leave this process.
bool DescriptorsOf(v8::Isolate* isolate, const SharedBuffers& buffers, std::vector<int>* fds);

// How long a sender waits for its peer to take the descriptors of the
// messages before (each is in flight until the peer reads its frame).
inline constexpr int kSharedSendWaitMs = 2000;

// Sends `envelope` (a frame holding a message) with the descriptors `fds`
// on `channel`; false, with an Error pending, when they could not go.
bool SendSharedFrame(v8::Isolate* isolate, ipc::Channel* channel, proto::Envelope& envelope,
                     const std::vector<int>& fds);

// The buffers of a received frame, mapped; false, with an Error pending,
// when one cannot be.
bool MapReceived(v8::Isolate* isolate, std::vector<base::UniqueFd> fds, SharedBuffers* out);

// Message bytes (an ArrayBuffer made for JS) carry the SharedArrayBuffers
// they name as a private property, so that wherever JS keeps or passes
// them, the buffers go along.
bool AttachSharedBuffers(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> bytes,
                         const SharedBuffers& buffers);
// What AttachSharedBuffers() put on `bytes` (nothing for any other value).
bool SharedBuffersOf(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> bytes,
                     SharedBuffers* out);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_MESSAGING_SHARED_MEMORY_H_
