// V8's structured-clone format (ValueSerializer, V8 10.2) as far as both the
// V8-free codec (clone/clone_codec.cc) and the worker's fast path for
// primitives (worker/messaging/primitive_clone.cc) need it: the tag bytes, the
// versions, and ZigZag for Smis. Lengths and counts are varints
// (ipc/varint.h). Free of V8, like the codec: the host never links V8.
#ifndef ISOHOST_CLONE_FORMAT_H_
#define ISOHOST_CLONE_FORMAT_H_

#include <cstdint>

#include "base/varint.h"

namespace isohost::clone {

// V8's SerializationTag, from src/objects/value-serializer.cc: the byte
// before each value.
enum class CloneTag : std::uint8_t {
  kVersion = 0xFF,
  kPadding = '\0',
  kVerifyObjectCount = '?',
  kTheHole = '-',
  kUndefined = '_',
  kNull = '0',
  kTrue = 'T',
  kFalse = 'F',
  kInt32 = 'I',
  kUint32 = 'U',
  kDouble = 'N',
  kBigInt = 'Z',
  kUtf8String = 'S',
  kOneByteString = '"',
  kTwoByteString = 'c',
  kObjectReference = '^',
  kBeginJSObject = 'o',
  kEndJSObject = '{',
  kBeginSparseJSArray = 'a',
  kEndSparseJSArray = '@',
  kBeginDenseJSArray = 'A',
  kEndDenseJSArray = '$',
  kDate = 'D',
  kTrueObject = 'y',
  kFalseObject = 'x',
  kNumberObject = 'n',
  kBigIntObject = 'z',
  kStringObject = 's',
  kRegExp = 'R',
  kBeginJSMap = ';',
  kEndJSMap = ':',
  kBeginJSSet = '\'',
  kEndJSSet = ',',
  kArrayBuffer = 'B',
  kResizableArrayBuffer = '~',
  kArrayBufferTransfer = 't',
  kArrayBufferView = 'V',
  kSharedArrayBuffer = 'u',
  kSharedObject = 'p',
  kWasmModuleTransfer = 'w',
  kHostObject = '\\',
  kWasmMemoryTransfer = 'm',
  kError = 'r',
};

// V8's ErrorTag: the fields of an Error, each introduced by one of these.
enum class CloneErrorTag : std::uint8_t {
  kEvalErrorPrototype = 'E',
  kRangeErrorPrototype = 'R',
  kReferenceErrorPrototype = 'F',
  kSyntaxErrorPrototype = 'S',
  kTypeErrorPrototype = 'T',
  kUriErrorPrototype = 'U',
  kMessage = 'm',
  kCause = 'c',
  kStack = 's',
  kEnd = '.',
};

// The oldest format version Decode reads (kCloneFormatVersion, in
// clone_codec.h, is the newest); a message opens with CloneTag::kVersion and
// the version as a varint.
inline constexpr std::uint32_t kCloneMinVersion = 13;
// Views carry a flags varint from this version on.
inline constexpr std::uint32_t kCloneViewFlagsVersion = 14;

// V8 writes a Smi (kInt32) as its ZigZag encoding in a varint.
constexpr std::uint32_t ZigZagEncode(std::int32_t value) {
  return (static_cast<std::uint32_t>(value) << 1) ^ static_cast<std::uint32_t>(value >> 31);
}

constexpr std::int32_t ZigZagDecode(std::uint32_t value) {
  return static_cast<std::int32_t>((value >> 1) ^ -(value & 1));
}

}  // namespace isohost::clone

#endif  // ISOHOST_CLONE_FORMAT_H_
