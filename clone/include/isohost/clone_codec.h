// Reads and writes V8's structured-clone wire format (the bytes of
// v8::ValueSerializer::WriteHeader + WriteValue, format version 15 as V8 10.2
// writes it) without V8, so that the host can look at what a worker posted
// and post values of its own. The tags and layouts follow V8's
// src/objects/value-serializer.cc.
//
// Decode treats its input as untrusted: it never reads out of bounds, sizes
// every allocation by the input that remains (so a length field cannot make it
// allocate more than a small multiple of the input), stops at
// kMaxCloneDepth nested objects, and explains each failure with the byte
// offset it happened at.
//
// Not supported, because they need a V8 delegate on both sides: host objects,
// transferred or shared ArrayBuffers, WebAssembly modules and memories,
// shared objects. Nor is '~' (resizable ArrayBuffer), which V8 10.2 never
// writes. Decode reports these by name.

#ifndef ISOHOST_CLONE_CODEC_H_
#define ISOHOST_CLONE_CODEC_H_

#include <cstdint>
#include <span>
#include <vector>

#include "isohost/clone_value.h"

namespace isohost::clone {

// The format version Encode writes. Decode accepts 13 to 15; the differences
// are that views carry flags from 14 on and 15 adds the shared-object tag.
inline constexpr uint32_t kCloneFormatVersion = 15;

// Objects nested deeper than this are rejected, so that neither Decode nor
// anything walking its result can run out of stack.
inline constexpr int kMaxCloneDepth = 1000;

// Parses one value, header included. Trailing padding ('\0') is allowed, any
// other trailing byte is an error.
Result<CloneValue> Decode(std::span<const uint8_t> bytes);

// Writes the header and `value` the way V8 10.2 would, so that
// Encode(Decode(bytes)) == bytes for what V8 writes. An object reached twice
// (by the same pointer) is written once and referenced after that. Encode
// trusts its input: a hand-built value that breaks the invariants documented
// in clone_value.h (a view whose buffer is no ArrayBuffer, a hole outside a
// dense array, a dangling back reference) still encodes, to bytes that V8
// rejects or that read back differently, never to undefined behaviour.
std::vector<uint8_t> Encode(const CloneValue& value);

}  // namespace isohost::clone

#endif  // ISOHOST_CLONE_CODEC_H_
