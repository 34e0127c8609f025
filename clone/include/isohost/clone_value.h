// The host's V8-free model of a structured-clone value: what a worker passed
// to parentPort.postMessage(), decoded by isohost/clone_codec.h, printed by
// isohost/clone_json.h.
//
// Ownership mirrors the wire format. V8 gives every object an id in the
// order it is first written and writes any later occurrence as a reference
// ('^' id). Likewise a CloneValue owns its object (std::shared_ptr) where the
// object first occurs in serialisation order, and every later occurrence is a
// back reference holding a std::weak_ptr. So a cycle (`a.self = a`) or a
// shared object (`[o, o]`) survives a Decode/Encode round trip, the owning
// edges form a tree (no shared_ptr cycle, no leak), and destroying a decoded
// value recurses no deeper than Decode's nesting limit, however long a chain
// of references an untrusted sender builds. The cost: a back reference
// dangles once the value that owns its target is gone, so keep the root of a
// decoded message alive while you use any part of it.
//
// Values built in C++ may also share one object through several owning edges
// (Encode writes it once and then references it, by identity); only a cycle
// needs a BackReference.

#ifndef ISOHOST_CLONE_VALUE_H_
#define ISOHOST_CLONE_VALUE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace isohost::clone {

// Why a clone could not be decoded or converted; the message names the
// offending byte offset where there is one.
struct CloneError {
  std::string message;
};

// A value or a CloneError. C++20 has no std::expected; this is the part of it
// the clone code needs.
template <typename T>
class Result {
 public:
  Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}
  Result(CloneError error) : data_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // Only when ok().
  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // Only when !ok().
  const CloneError& error() const { return std::get<1>(data_); }

 private:
  std::variant<T, CloneError> data_;
};

// A BigInt as sign and magnitude, the magnitude as little-endian bytes (V8
// writes whole 64-bit digits; trailing zero bytes carry no meaning). There is
// no -0n: a zero magnitude is never negative.
struct CloneBigInt {
  bool negative = false;
  std::vector<uint8_t> magnitude;

  bool IsZero() const;
  // "-123" (no "n" suffix).
  std::string ToDecimalString() const;
  // Accepts an optional '-' and decimal digits; nullopt for anything else.
  static std::optional<CloneBigInt> FromDecimalString(std::string_view text);
  static CloneBigInt FromInt64(int64_t value);

  // Equal as numbers: trailing zero bytes are ignored.
  friend bool operator==(const CloneBigInt& a, const CloneBigInt& b);
};

class CloneObject;

// One node of a clone: a primitive held inline, or an edge to an object.
class CloneValue {
 public:
  // The order matches the alternatives of data_.
  enum class Kind : uint8_t {
    kUndefined,
    kNull,
    kBool,
    kInt32,   // V8 wrote a Smi ('I').
    kDouble,  // V8 wrote a heap number ('N'); keeps -0 and NaN.
    kBigInt,
    kString,
    kHole,  // A missing element; only meaningful inside CloneDenseArray.
    kObject,
  };

  CloneValue() = default;  // undefined

  static CloneValue Undefined() { return CloneValue(); }
  static CloneValue Null() { return Make<NullTag>(NullTag{}); }
  static CloneValue Bool(bool value) { return Make<bool>(value); }
  static CloneValue Int32(int32_t value) { return Make<int32_t>(value); }
  static CloneValue Double(double value) { return Make<double>(value); }
  // Int32 when V8 would hold `value` as a Smi (integral, in range, not -0),
  // else Double.
  static CloneValue Number(double value);
  static CloneValue BigInt(CloneBigInt value) {
    return Make<CloneBigInt>(std::move(value));
  }
  // `utf8` is UTF-8; a JS string with a lone surrogate arrives as WTF-8 (the
  // surrogate encoded like any other code point) so that it round-trips.
  static CloneValue String(std::string utf8) {
    return Make<std::string>(std::move(utf8));
  }
  static CloneValue Hole() { return Make<HoleTag>(HoleTag{}); }
  // An owning edge to `object`.
  static CloneValue Object(std::shared_ptr<CloneObject> object);
  // Makes a new object from one of the payload structs below.
  template <typename Payload>
  static CloneValue NewObject(Payload payload);
  // A non-owning edge, for a cycle: `object` must be owned elsewhere in the
  // same value.
  static CloneValue BackReference(const std::shared_ptr<CloneObject>& object);

  Kind kind() const { return static_cast<Kind>(data_.index()); }
  bool IsNumber() const {
    return kind() == Kind::kInt32 || kind() == Kind::kDouble;
  }

  // Each accessor requires the matching kind().
  bool bool_value() const { return std::get<bool>(data_); }
  int32_t int32_value() const { return std::get<int32_t>(data_); }
  double double_value() const { return std::get<double>(data_); }
  double NumberValue() const;  // kInt32 or kDouble.
  const CloneBigInt& bigint() const { return std::get<CloneBigInt>(data_); }
  const std::string& string() const { return std::get<std::string>(data_); }

  // The object this value refers to; nullptr if kind() is not kObject or a
  // back reference's target is gone.
  CloneObject* object() const;
  std::shared_ptr<CloneObject> shared_object() const;
  bool is_back_reference() const;

  // The value of own property `key` (a string key) of a plain object, or
  // nullptr. Convenient for reading messages such as {type: "log", ...}.
  const CloneValue* Find(std::string_view key) const;

 private:
  struct NullTag {};
  struct HoleTag {};
  struct ObjectEdge {
    std::shared_ptr<CloneObject> owner;  // Null for a back reference.
    std::weak_ptr<CloneObject> back;
  };

  template <typename T>
  static CloneValue Make(T alternative) {
    CloneValue value;
    value.data_.emplace<T>(std::move(alternative));
    return value;
  }

  std::variant<std::monostate, NullTag, bool, int32_t, double, CloneBigInt,
               std::string, HoleTag, ObjectEdge>
      data_;
};

// A property of an object or array. The key is kString or a number (kInt32 or
// kDouble), as V8 writes array indices as numbers.
struct CloneProperty {
  CloneValue key;
  CloneValue value;
};

// new Object(): own enumerable string-keyed properties, in V8's order.
struct ClonePlainObject {
  std::vector<CloneProperty> properties;
};

// An array V8 wrote densely ('A'): every element (kHole for a missing one),
// then any named properties such as `arr.foo = 1`.
struct CloneDenseArray {
  std::vector<CloneValue> elements;
  std::vector<CloneProperty> properties;
};

// An array V8 wrote sparsely ('a'), e.g. one with holes. Index properties
// (number keys) and named ones are kept together in wire order.
struct CloneSparseArray {
  uint32_t length = 0;
  std::vector<CloneProperty> properties;
};

struct CloneDate {
  double time_ms = 0;  // Since the epoch; NaN for an invalid date.
};

struct CloneRegExp {
  // V8's JSRegExp::Flags bits (V8 10.2): g=1 i=2 m=4 y=8 u=16 s=32 l=64 d=128.
  enum Flag : uint32_t {
    kGlobal = 1 << 0,
    kIgnoreCase = 1 << 1,
    kMultiline = 1 << 2,
    kSticky = 1 << 3,
    kUnicode = 1 << 4,
    kDotAll = 1 << 5,
    kLinear = 1 << 6,
    kHasIndices = 1 << 7,
  };

  std::string pattern;
  uint32_t flags = 0;

  // As RegExp.prototype.flags spells them, e.g. "dgimsuy".
  std::string FlagsString() const;
  // The inverse; nullopt for an unknown or repeated letter.
  static std::optional<uint32_t> ParseFlags(std::string_view letters);
};

// Entries in insertion order; keys may be objects.
struct CloneMap {
  std::vector<std::pair<CloneValue, CloneValue>> entries;
};

struct CloneSet {
  std::vector<CloneValue> values;
};

struct CloneArrayBuffer {
  std::vector<uint8_t> bytes;
};

// The values are V8's ArrayBufferViewTag bytes.
enum class CloneViewType : uint8_t {
  kInt8Array = 'b',
  kUint8Array = 'B',
  kUint8ClampedArray = 'C',
  kInt16Array = 'w',
  kUint16Array = 'W',
  kInt32Array = 'd',
  kUint32Array = 'D',
  kFloat32Array = 'f',
  kFloat64Array = 'F',
  kBigInt64Array = 'q',
  kBigUint64Array = 'Q',
  kDataView = '?',
};

// Bytes per element (1 for a DataView); 0 if `tag` is no CloneViewType.
size_t CloneViewElementSize(uint8_t tag);
std::string_view CloneViewTypeName(CloneViewType type);

// A typed array or DataView over `buffer`, which refers to a
// CloneArrayBuffer object (shared with other views and values by identity).
struct CloneArrayBufferView {
  CloneViewType type = CloneViewType::kUint8Array;
  CloneValue buffer;
  uint32_t byte_offset = 0;
  uint32_t byte_length = 0;
  // Bit 0 length-tracking, bit 1 backed by a resizable buffer (format >= 14).
  uint32_t flags = 0;
};

// An Error. V8 keeps only these parts; other properties, and a `name` that is
// not one of the built-in error names, are lost.
struct CloneErrorObject {
  enum class Prototype : uint8_t {
    kError,
    kEvalError,
    kRangeError,
    kReferenceError,
    kSyntaxError,
    kTypeError,
    kUriError,
  };

  Prototype prototype = Prototype::kError;
  std::optional<std::string> message;
  std::optional<CloneValue> cause;
  std::optional<std::string> stack;

  // "TypeError" etc.
  std::string_view name() const;
};

// new Boolean/Number/BigInt/String(...): `value` is kBool, kDouble, kBigInt
// or kString.
struct CloneBoxedPrimitive {
  CloneValue value;
};

// An object with identity: one of the payloads above.
class CloneObject {
 public:
  // The order matches the alternatives of Data.
  enum class Kind : uint8_t {
    kPlainObject,
    kDenseArray,
    kSparseArray,
    kDate,
    kRegExp,
    kMap,
    kSet,
    kArrayBuffer,
    kArrayBufferView,
    kError,
    kBoxedPrimitive,
  };
  using Data =
      std::variant<ClonePlainObject, CloneDenseArray, CloneSparseArray,
                   CloneDate, CloneRegExp, CloneMap, CloneSet, CloneArrayBuffer,
                   CloneArrayBufferView, CloneErrorObject, CloneBoxedPrimitive>;

  explicit CloneObject(Data data) : data_(std::move(data)) {}

  Kind kind() const { return static_cast<Kind>(data_.index()); }
  Data& data() { return data_; }
  const Data& data() const { return data_; }

  // The payload if it is a `Payload`, else nullptr.
  template <typename Payload>
  Payload* As() {
    return std::get_if<Payload>(&data_);
  }
  template <typename Payload>
  const Payload* As() const {
    return std::get_if<Payload>(&data_);
  }

 private:
  Data data_;
};

template <typename Payload>
CloneValue CloneValue::NewObject(Payload payload) {
  return Object(
      std::make_shared<CloneObject>(CloneObject::Data(std::move(payload))));
}

// Strings are WTF-8: UTF-8 that may also encode lone surrogates, because a JS
// string is any sequence of UTF-16 code units.
//
// Decodes the code point at `*pos` and advances past it. An ill-formed
// sequence yields U+FFFD and is skipped by its longest well-formed prefix (at
// least one byte), as the WHATWG decoder and V8 do. Requires *pos < size.
char32_t NextWtf8CodePoint(std::string_view text, size_t* pos);
// Appends `code_point` (up to U+10FFFF, surrogates included).
void AppendWtf8(char32_t code_point, std::string* out);
// `wtf8` with every ill-formed sequence and every encoded surrogate replaced
// by U+FFFD, for consumers that need real UTF-8 (JSON, logs).
std::string ToWellFormedUtf8(std::string_view wtf8);

}  // namespace isohost::clone

#endif  // ISOHOST_CLONE_VALUE_H_
