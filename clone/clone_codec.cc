#include "isohost/clone_codec.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "clone/clone_format.h"

namespace isohost::clone {
namespace {

// V8 writes doubles, BigInt digits and two-byte strings in host byte order.
// Host and worker share a machine, so the codec just assumes the order of
// every platform Isohost builds for.
static_assert(std::endian::native == std::endian::little,
              "the structured-clone format is host-endian");

using Tag = CloneTag;
using ErrorTag = CloneErrorTag;

// V8 10.2's BigInt::kMaxLengthBits is 2^30; V8 would refuse anything longer.
constexpr uint32_t kMaxBigIntBytes = (1u << 30) / 8;

const char* UnsupportedTagName(uint8_t tag) {
  switch (static_cast<Tag>(tag)) {
    case Tag::kHostObject:
      return "host object, which needs a V8 delegate";
    case Tag::kArrayBufferTransfer:
      return "transferred ArrayBuffer, which needs a V8 delegate";
    case Tag::kSharedArrayBuffer:
      return "SharedArrayBuffer, which needs a V8 delegate";
    case Tag::kResizableArrayBuffer:
      return "resizable ArrayBuffer, which V8 10.2 does not write";
    case Tag::kSharedObject:
      return "shared object, which needs a V8 delegate";
    case Tag::kWasmModuleTransfer:
      return "WebAssembly.Module, which needs a V8 delegate";
    case Tag::kWasmMemoryTransfer:
      return "WebAssembly.Memory, which needs a V8 delegate";
    default:
      return nullptr;
  }
}

// Whether every byte is below 0x80, eight at a time: strings are mostly
// ASCII, and then their bytes are already what both formats want.
bool IsAscii(const uint8_t* bytes, size_t size) {
  uint64_t bits = 0;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t word;
    std::memcpy(&word, bytes + i, sizeof word);
    bits |= word;
  }
  for (; i < size; ++i) bits |= bytes[i];
  return (bits & 0x8080808080808080ull) == 0;
}

void AppendLatin1(std::span<const uint8_t> chars, std::string* out) {
  if (IsAscii(chars.data(), chars.size())) {
    out->append(reinterpret_cast<const char*>(chars.data()), chars.size());
    return;
  }
  size_t high = 0;
  for (uint8_t c : chars) high += c >> 7;
  out->reserve(out->size() + chars.size() + high);
  for (uint8_t c : chars) {
    if (c < 0x80) {
      out->push_back(static_cast<char>(c));
    } else {  // U+0080..U+00FF: two bytes
      out->push_back(static_cast<char>(0xC0 | (c >> 6)));
      out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
}

void AppendUtf16(std::span<const uint8_t> bytes, std::string* out) {
  const size_t units = bytes.size() / 2;
  const auto unit = [&](size_t i) -> char16_t {
    return static_cast<char16_t>(bytes[2 * i] | (bytes[2 * i + 1] << 8));
  };
  out->reserve(units * 3);
  for (size_t i = 0; i < units; ++i) {
    char32_t code_point = unit(i);
    if (code_point >= 0xD800 && code_point <= 0xDBFF && i + 1 < units &&
        unit(i + 1) >= 0xDC00 && unit(i + 1) <= 0xDFFF) {
      code_point =
          0x10000 + ((code_point - 0xD800) << 10) + (unit(++i) - 0xDC00);
    }
    AppendWtf8(code_point, out);  // A lone surrogate stays one (WTF-8).
  }
}

bool IsValidKey(const CloneValue& key) {
  return key.kind() == CloneValue::Kind::kString || key.IsNumber();
}

// Parses one message. Every Read* returns false after recording the first
// error in error_; the caller then unwinds without reading further.
//
// Reading recurses once per nested object, kMaxCloneDepth times at most, so
// the recursive functions keep their frames small: error messages are built
// in the cold Fail(), and the leaf readers, whose locals would otherwise be
// inlined into every level, stay out of line.
class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  Result<CloneValue> ReadMessage() {
    CloneValue root;
    if (ReadHeader() && ReadValue(&root)) {
      size_t end = SkipPadding(pos_);
      if (end == bytes_.size()) return root;
      Fail(end, "trailing byte 0x%02x after the value", bytes_[end]);
    }
    return std::move(*error_);
  }

 private:
  // Records "<message> at offset <offset>" unless an error is recorded.
  [[gnu::cold, gnu::noinline, gnu::format(printf, 3, 4)]] bool Fail(
      size_t offset, const char* format, ...) {
    if (error_) return false;
    char message[256];
    va_list arguments;
    va_start(arguments, format);
    std::vsnprintf(message, sizeof(message), format, arguments);
    va_end(arguments);
    error_ = CloneError{std::string(message) + " at offset " +
                        std::to_string(offset)};
    return false;
  }
  [[gnu::cold, gnu::noinline]] bool FailEnd() {
    return Fail(bytes_.size(), "unexpected end of input");
  }
  [[gnu::cold, gnu::noinline]] bool FailTag(size_t offset, uint8_t tag) {
    const char* name = UnsupportedTagName(tag);
    if (name == nullptr) {
      return Fail(offset, "unknown structured-clone tag 0x%02x", tag);
    }
    if (!error_) {
      char message[256];
      std::snprintf(message, sizeof(message),
                    "unsupported structured-clone tag 0x%02x at offset %zu "
                    "('%c', %s)",
                    tag, offset, tag, name);
      error_ = CloneError{message};
    }
    return false;
  }

  size_t remaining() const { return bytes_.size() - pos_; }

  size_t SkipPadding(size_t pos) const {
    while (pos < bytes_.size() &&
           bytes_[pos] == static_cast<uint8_t>(Tag::kPadding)) {
      ++pos;
    }
    return pos;
  }

  // The next tag, padding skipped; `offset` is where it is.
  bool ReadTag(uint8_t* tag, size_t* offset) {
    pos_ = SkipPadding(pos_);
    if (pos_ == bytes_.size()) return FailEnd();
    *offset = pos_;
    *tag = bytes_[pos_++];
    return true;
  }

  // Consumes the next tag if it is `tag`.
  bool ConsumeTagIf(Tag tag) {
    size_t next = SkipPadding(pos_);
    if (next == bytes_.size() || bytes_[next] != static_cast<uint8_t>(tag)) {
      return false;
    }
    pos_ = next + 1;
    return true;
  }

  // V8 writes 32-bit values as base-128 varints of at most 5 bytes. Longer
  // or overflowing forms never come from V8 and are rejected.
  bool ReadVarint(uint32_t* value) {
    const size_t start = pos_;
    const uint8_t* at = bytes_.data() + pos_;
    const base::VarintStatus status = base::ReadVarint(at, bytes_.data() + bytes_.size(), value);
    pos_ = static_cast<size_t>(at - bytes_.data());
    switch (status) {
      case base::VarintStatus::kOk:
        return true;
      case base::VarintStatus::kTruncated:
        return FailEnd();
      case base::VarintStatus::kOverflow:
        return Fail(start, "varint overflows 32 bits");
      case base::VarintStatus::kTooLong:
        return Fail(start, "varint longer than 5 bytes");
    }
    return false;
  }

  // A varint V8 reads as uint8_t (view and error subtags).
  bool ReadSubtag(uint8_t* value) {
    const size_t start = pos_;
    uint32_t wide = 0;
    if (!ReadVarint(&wide)) return false;
    if (wide > 0xFF) return Fail(start, "subtag %u out of range", wide);
    *value = static_cast<uint8_t>(wide);
    return true;
  }

  bool ReadDouble(double* value) {
    if (remaining() < sizeof(double)) return FailEnd();
    std::memcpy(value, bytes_.data() + pos_, sizeof(double));
    pos_ += sizeof(double);
    // As V8 does: one NaN, so that no payload bits leak through.
    if (std::isnan(*value)) *value = std::numeric_limits<double>::quiet_NaN();
    return true;
  }

  // `size` comes from the input; it is checked against what is left before
  // anything is allocated for it.
  bool ReadBytes(uint32_t size, std::span<const uint8_t>* out) {
    if (size > remaining()) {
      return Fail(pos_, "length %u exceeds the %zu bytes left", size,
                  remaining());
    }
    *out = bytes_.subspan(pos_, size);
    pos_ += size;
    return true;
  }

  bool ReadHeader() {
    if (bytes_.empty() || bytes_[0] != static_cast<uint8_t>(Tag::kVersion)) {
      return Fail(0, "missing structured-clone version header (0xff)");
    }
    pos_ = 1;
    if (!ReadVarint(&version_)) return false;
    if (version_ < kCloneMinVersion || version_ > kCloneFormatVersion) {
      return Fail(1, "unsupported structured-clone version %u (want %u to %u)",
                  version_, kCloneMinVersion, kCloneFormatVersion);
    }
    return true;
  }

  // Object ids: each object takes the next id when V8 would, so that '^'
  // finds the same object V8's deserializer would. Reserved ids hold null.
  uint32_t ReserveId() {
    objects_.emplace_back();
    return static_cast<uint32_t>(objects_.size() - 1);
  }
  // Creates the object for `id` and points `out` at it (an owning edge).
  template <typename Payload>
  Payload* Register(uint32_t id, CloneValue* out) {
    auto object = std::make_shared<CloneObject>(CloneObject::Data(Payload{}));
    objects_[id] = object;
    Payload* payload = object->As<Payload>();
    *out = CloneValue::Object(std::move(object));
    return payload;
  }

  // One value; an ArrayBuffer followed by a view tag becomes the view, as in
  // V8's ValueDeserializer::ReadObject.
  bool ReadValue(CloneValue* out) {
    if (!ReadValueInternal(out)) return false;
    const CloneObject* object = out->object();
    if (object != nullptr &&
        object->kind() == CloneObject::Kind::kArrayBuffer &&
        ConsumeTagIf(Tag::kArrayBufferView)) {
      return ReadView(out);
    }
    return true;
  }

  [[gnu::noinline]] bool ReadString(CloneValue* out) {
    size_t offset = SkipPadding(pos_);
    if (!ReadValue(out)) return false;
    if (out->kind() != CloneValue::Kind::kString) {
      return Fail(offset, "expected a string");
    }
    return true;
  }

  bool ReadValueInternal(CloneValue* out) {
    uint8_t tag = 0;
    size_t offset = 0;
    if (!ReadTag(&tag, &offset)) return false;
    // A count V8 once used for checks; V8 ignores it, and so does this. A
    // loop rather than recursion, so a run of them cannot exhaust the stack.
    while (tag == static_cast<uint8_t>(Tag::kVerifyObjectCount)) {
      uint32_t ignored = 0;
      if (!ReadVarint(&ignored) || !ReadTag(&tag, &offset)) return false;
    }
    switch (static_cast<Tag>(tag)) {
      case Tag::kUndefined:
        *out = CloneValue::Undefined();
        return true;
      case Tag::kNull:
        *out = CloneValue::Null();
        return true;
      case Tag::kTrue:
        *out = CloneValue::Bool(true);
        return true;
      case Tag::kFalse:
        *out = CloneValue::Bool(false);
        return true;
      case Tag::kInt32:
      case Tag::kUint32:
      case Tag::kDouble:
        return ReadNumber(static_cast<Tag>(tag), out);
      case Tag::kBigInt:
        return ReadBigInt(out);
      case Tag::kOneByteString:
      case Tag::kTwoByteString:
      case Tag::kUtf8String:
        return ReadStringContents(static_cast<Tag>(tag), offset, out);
      case Tag::kObjectReference:
        return ReadReference(offset, out);
      case Tag::kBeginJSObject:
      case Tag::kBeginDenseJSArray:
      case Tag::kBeginSparseJSArray:
      case Tag::kBeginJSMap:
      case Tag::kBeginJSSet:
      case Tag::kError:
        return ReadNested(static_cast<Tag>(tag), offset, out);
      case Tag::kDate:
        return ReadDate(out);
      case Tag::kTrueObject:
      case Tag::kFalseObject:
      case Tag::kNumberObject:
      case Tag::kBigIntObject:
      case Tag::kStringObject:
        return ReadBoxed(static_cast<Tag>(tag), out);
      case Tag::kRegExp:
        return ReadRegExp(out);
      case Tag::kArrayBuffer:
        return ReadArrayBuffer(out);
      case Tag::kTheHole:
        return Fail(offset, "array hole tag '-' outside a dense array");
      case Tag::kArrayBufferView:
        return Fail(offset, "view tag 'V' without an ArrayBuffer before it");
      default:
        return FailTag(offset, tag);
    }
  }

  // Reads an object that holds other values, one level deeper.
  bool ReadNested(Tag tag, size_t offset, CloneValue* out) {
    if (depth_ == kMaxCloneDepth) {
      return Fail(offset, "objects nested deeper than %d", kMaxCloneDepth);
    }
    ++depth_;
    bool ok = false;
    switch (tag) {
      case Tag::kBeginJSObject:
        ok = ReadPlainObject(out);
        break;
      case Tag::kBeginDenseJSArray:
        ok = ReadDenseArray(offset, out);
        break;
      case Tag::kBeginSparseJSArray:
        ok = ReadSparseArray(out);
        break;
      case Tag::kBeginJSMap:
        ok = ReadMap(out);
        break;
      case Tag::kBeginJSSet:
        ok = ReadSet(out);
        break;
      default:
        ok = ReadError(out);
        break;
    }
    --depth_;
    return ok;
  }

  [[gnu::noinline]] bool ReadNumber(Tag tag, CloneValue* out) {
    if (tag == Tag::kDouble) {
      double value = 0;
      if (!ReadDouble(&value)) return false;
      *out = CloneValue::Double(value);
      return true;
    }
    uint32_t value = 0;
    if (!ReadVarint(&value)) return false;
    if (tag == Tag::kUint32) {
      *out = CloneValue::Number(value);
    } else {  // ZigZag, as V8 writes Smis.
      *out = CloneValue::Int32(ZigZagDecode(value));
    }
    return true;
  }

  bool ReadBigIntContents(CloneBigInt* out) {
    const size_t start = pos_;
    uint32_t bitfield = 0;
    if (!ReadVarint(&bitfield)) return false;
    // V8's BigInt bitfield: bit 0 the sign, bits 1-30 the byte length.
    const bool negative = bitfield & 1;
    const uint32_t byte_length = bitfield >> 1;
    if (byte_length > kMaxBigIntBytes) {
      return Fail(start, "BigInt of %u bytes is longer than V8 allows",
                  byte_length);
    }
    if (negative && byte_length == 0) return Fail(start, "BigInt -0n");
    std::span<const uint8_t> digits;
    if (!ReadBytes(byte_length, &digits)) return false;
    out->magnitude.assign(digits.begin(), digits.end());
    while (!out->magnitude.empty() && out->magnitude.back() == 0) {
      out->magnitude.pop_back();
    }
    out->negative = negative && !out->magnitude.empty();
    return true;
  }

  [[gnu::noinline]] bool ReadBigInt(CloneValue* out) {
    CloneBigInt value;
    if (!ReadBigIntContents(&value)) return false;
    *out = CloneValue::BigInt(std::move(value));
    return true;
  }

  [[gnu::noinline]] bool ReadStringContents(Tag tag, size_t offset,
                                            CloneValue* out) {
    uint32_t byte_length = 0;
    std::span<const uint8_t> bytes;
    if (!ReadVarint(&byte_length)) return false;
    if (tag == Tag::kTwoByteString && byte_length % 2 != 0) {
      return Fail(offset, "two-byte string of odd length %u", byte_length);
    }
    if (!ReadBytes(byte_length, &bytes)) return false;
    std::string text;
    if (tag == Tag::kOneByteString) {
      AppendLatin1(bytes, &text);
    } else if (tag == Tag::kTwoByteString) {
      AppendUtf16(bytes, &text);
    } else {
      // V8 decodes this legacy tag leniently, with U+FFFD for bad sequences.
      text = ToWellFormedUtf8(std::string_view(
          reinterpret_cast<const char*>(bytes.data()), bytes.size()));
    }
    *out = CloneValue::String(std::move(text));
    return true;
  }

  [[gnu::noinline]] bool ReadReference(size_t offset, CloneValue* out) {
    uint32_t id = 0;
    if (!ReadVarint(&id)) return false;
    if (id >= objects_.size() || !objects_[id]) {
      return Fail(offset, "reference to unknown object id %u", id);
    }
    *out = CloneValue::BackReference(objects_[id]);
    return true;
  }

  // Reads key/value pairs up to `end`; V8 accepts string and number keys.
  bool ReadProperties(Tag end, std::vector<CloneProperty>* properties) {
    while (!ConsumeTagIf(end)) {
      properties->emplace_back();
      CloneProperty& property = properties->back();
      size_t key_offset = SkipPadding(pos_);
      if (!ReadValue(&property.key)) return false;
      if (!IsValidKey(property.key)) {
        return Fail(key_offset,
                    "property key is neither a string nor a number");
      }
      if (!ReadValue(&property.value)) return false;
    }
    return true;
  }

  // Reads the count V8 writes after the end tag and compares it.
  bool ReadCount(size_t actual, const char* what) {
    const size_t start = pos_;
    uint32_t expected = 0;
    if (!ReadVarint(&expected)) return false;
    if (expected != actual) {
      return Fail(start, "%s count %u does not match the %zu read", what,
                  expected, actual);
    }
    return true;
  }

  [[gnu::noinline]] bool ReadPlainObject(CloneValue* out) {
    auto* plain = Register<ClonePlainObject>(ReserveId(), out);
    return ReadProperties(Tag::kEndJSObject, &plain->properties) &&
           ReadCount(plain->properties.size(), "property");
  }

  [[gnu::noinline]] bool ReadDenseArray(size_t offset, CloneValue* out) {
    uint32_t length = 0;
    if (!ReadVarint(&length)) return false;
    // Every element takes at least one byte, as V8 also checks.
    if (length > remaining()) {
      return Fail(offset, "dense array length %u exceeds the %zu bytes left",
                  length, remaining());
    }
    auto* array = Register<CloneDenseArray>(ReserveId(), out);
    array->elements.resize(length);
    for (CloneValue& element : array->elements) {
      if (ConsumeTagIf(Tag::kTheHole)) {
        element = CloneValue::Hole();
      } else if (!ReadValue(&element)) {
        return false;
      }
    }
    return ReadProperties(Tag::kEndDenseJSArray, &array->properties) &&
           ReadCount(array->properties.size(), "property") &&
           ReadCount(length, "array length");
  }

  [[gnu::noinline]] bool ReadSparseArray(CloneValue* out) {
    uint32_t length = 0;
    if (!ReadVarint(&length)) return false;
    auto* array = Register<CloneSparseArray>(ReserveId(), out);
    array->length = length;
    return ReadProperties(Tag::kEndSparseJSArray, &array->properties) &&
           ReadCount(array->properties.size(), "property") &&
           ReadCount(length, "array length");
  }

  [[gnu::noinline]] bool ReadMap(CloneValue* out) {
    auto* map = Register<CloneMap>(ReserveId(), out);
    while (!ConsumeTagIf(Tag::kEndJSMap)) {
      map->entries.emplace_back();
      auto& [key, value] = map->entries.back();
      if (!ReadValue(&key) || !ReadValue(&value)) return false;
    }
    // V8 counts keys and values.
    return ReadCount(map->entries.size() * 2, "map key and value");
  }

  [[gnu::noinline]] bool ReadSet(CloneValue* out) {
    auto* set = Register<CloneSet>(ReserveId(), out);
    while (!ConsumeTagIf(Tag::kEndJSSet)) {
      set->values.emplace_back();
      if (!ReadValue(&set->values.back())) return false;
    }
    return ReadCount(set->values.size(), "set value");
  }

  // V8 only registers an error once it is complete, so a cause that refers
  // back to its error fails there; here it is a back reference like any
  // other, so that the host can still show such a message.
  [[gnu::noinline]] bool ReadError(CloneValue* out) {
    auto* error = Register<CloneErrorObject>(ReserveId(), out);
    while (true) {
      const size_t offset = pos_;
      uint8_t subtag = 0;
      if (!ReadSubtag(&subtag)) return false;
      if (static_cast<ErrorTag>(subtag) == ErrorTag::kEnd) return true;
      if (static_cast<ErrorTag>(subtag) == ErrorTag::kCause) {
        error->cause.emplace();
        if (!ReadValue(&*error->cause)) return false;
      } else if (!ReadErrorField(offset, subtag, error)) {
        return false;
      }
    }
  }

  // The fields of an error that hold no objects.
  [[gnu::noinline]] bool ReadErrorField(size_t offset, uint8_t subtag,
                                        CloneErrorObject* error) {
    using Prototype = CloneErrorObject::Prototype;
    switch (static_cast<ErrorTag>(subtag)) {
      case ErrorTag::kEvalErrorPrototype:
        error->prototype = Prototype::kEvalError;
        return true;
      case ErrorTag::kRangeErrorPrototype:
        error->prototype = Prototype::kRangeError;
        return true;
      case ErrorTag::kReferenceErrorPrototype:
        error->prototype = Prototype::kReferenceError;
        return true;
      case ErrorTag::kSyntaxErrorPrototype:
        error->prototype = Prototype::kSyntaxError;
        return true;
      case ErrorTag::kTypeErrorPrototype:
        error->prototype = Prototype::kTypeError;
        return true;
      case ErrorTag::kUriErrorPrototype:
        error->prototype = Prototype::kUriError;
        return true;
      case ErrorTag::kMessage:
      case ErrorTag::kStack: {
        CloneValue text;
        if (!ReadString(&text)) return false;
        (subtag == static_cast<uint8_t>(ErrorTag::kMessage) ? error->message
                                                            : error->stack) =
            text.string();
        return true;
      }
      default:
        return Fail(offset, "unknown error subtag 0x%02x", subtag);
    }
  }

  [[gnu::noinline]] bool ReadDate(CloneValue* out) {
    double time_ms = 0;
    if (!ReadDouble(&time_ms)) return false;
    Register<CloneDate>(ReserveId(), out)->time_ms = time_ms;
    return true;
  }

  [[gnu::noinline]] bool ReadBoxed(Tag tag, CloneValue* out) {
    const uint32_t id = ReserveId();  // Before the contents, as in V8.
    CloneValue value;
    switch (tag) {
      case Tag::kTrueObject:
      case Tag::kFalseObject:
        value = CloneValue::Bool(tag == Tag::kTrueObject);
        break;
      case Tag::kNumberObject: {
        double number = 0;
        if (!ReadDouble(&number)) return false;
        value = CloneValue::Double(number);
        break;
      }
      case Tag::kBigIntObject: {
        CloneBigInt bigint;
        if (!ReadBigIntContents(&bigint)) return false;
        value = CloneValue::BigInt(std::move(bigint));
        break;
      }
      default:
        if (!ReadString(&value)) return false;
        break;
    }
    Register<CloneBoxedPrimitive>(id, out)->value = std::move(value);
    return true;
  }

  [[gnu::noinline]] bool ReadRegExp(CloneValue* out) {
    const uint32_t id = ReserveId();
    CloneValue pattern;
    uint32_t flags = 0;
    if (!ReadString(&pattern) || !ReadVarint(&flags)) return false;
    auto* regexp = Register<CloneRegExp>(id, out);
    regexp->pattern = pattern.string();
    regexp->flags = flags;
    return true;
  }

  [[gnu::noinline]] bool ReadArrayBuffer(CloneValue* out) {
    const uint32_t id = ReserveId();
    uint32_t byte_length = 0;
    std::span<const uint8_t> bytes;
    if (!ReadVarint(&byte_length) || !ReadBytes(byte_length, &bytes)) {
      return false;
    }
    Register<CloneArrayBuffer>(id, out)->bytes.assign(bytes.begin(),
                                                      bytes.end());
    return true;
  }

  // `*buffer_then_view` holds the ArrayBuffer just read; it becomes the view.
  [[gnu::noinline]] bool ReadView(CloneValue* buffer_then_view) {
    const size_t offset = pos_ - 1;
    const size_t buffer_length =
        buffer_then_view->object()->As<CloneArrayBuffer>()->bytes.size();
    uint8_t subtag = 0;
    uint32_t byte_offset = 0, byte_length = 0, flags = 0;
    if (!ReadSubtag(&subtag) || !ReadVarint(&byte_offset) ||
        !ReadVarint(&byte_length)) {
      return false;
    }
    if (byte_offset > buffer_length ||
        byte_length > buffer_length - byte_offset) {
      return Fail(offset,
                  "view of bytes [%u, +%u) outside its %zu-byte "
                  "ArrayBuffer",
                  byte_offset, byte_length, buffer_length);
    }
    if (version_ >= kCloneViewFlagsVersion && !ReadVarint(&flags)) return false;
    const size_t element_size = CloneViewElementSize(subtag);
    if (element_size == 0) {
      return Fail(offset, "unknown view subtag 0x%02x", subtag);
    }
    if (byte_offset % element_size != 0 || byte_length % element_size != 0) {
      return Fail(offset,
                  "view offset or length not a multiple of its %zu-byte "
                  "elements",
                  element_size);
    }
    CloneValue buffer = std::move(*buffer_then_view);
    auto* view = Register<CloneArrayBufferView>(ReserveId(), buffer_then_view);
    view->type = static_cast<CloneViewType>(subtag);
    view->buffer = std::move(buffer);
    view->byte_offset = byte_offset;
    view->byte_length = byte_length;
    view->flags = flags;
    return true;
  }

  const std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
  uint32_t version_ = 0;
  int depth_ = 0;
  // Indexed by object id.
  std::vector<std::shared_ptr<CloneObject>> objects_;
  std::optional<CloneError> error_;
};

// Writes one message the way V8's ValueSerializer does, down to padding.
class Writer {
 public:
  std::vector<uint8_t> WriteMessage(const CloneValue& root) {
    WriteTag(Tag::kVersion);
    WriteVarint(kCloneFormatVersion);
    WriteValue(root);
    return std::move(out_);
  }

 private:
  void WriteTag(Tag tag) { out_.push_back(static_cast<uint8_t>(tag)); }
  void WriteByte(uint8_t byte) { out_.push_back(byte); }

  void WriteVarint(uint32_t value) { base::AppendVarint(value, &out_); }

  void WriteDouble(double value) {
    uint8_t raw[sizeof(double)];
    std::memcpy(raw, &value, sizeof(raw));
    out_.insert(out_.end(), raw, raw + sizeof(raw));
  }

  void WriteBigIntContents(const CloneBigInt& value) {
    size_t size = value.magnitude.size();
    while (size > 0 && value.magnitude[size - 1] == 0) --size;
    // Whole 64-bit digits, as V8 writes them.
    const uint32_t byte_length = static_cast<uint32_t>((size + 7) / 8 * 8);
    WriteVarint((byte_length << 1) | (size > 0 && value.negative ? 1 : 0));
    out_.insert(out_.end(), value.magnitude.begin(),
                value.magnitude.begin() + size);
    out_.resize(out_.size() + (byte_length - size), 0);
  }

  // One-byte (Latin-1) when every code point fits, else UTF-16, as V8 would
  // hold the string.
  void WriteString(std::string_view wtf8) {
    const auto* bytes = reinterpret_cast<const uint8_t*>(wtf8.data());
    if (IsAscii(bytes, wtf8.size())) {  // the bytes are the one-byte string
      WriteTag(Tag::kOneByteString);
      WriteVarint(static_cast<uint32_t>(wtf8.size()));
      out_.insert(out_.end(), bytes, bytes + wtf8.size());
      return;
    }
    std::u16string units;
    char32_t max_code_point = 0;
    for (size_t pos = 0; pos < wtf8.size();) {
      char32_t code_point = NextWtf8CodePoint(wtf8, &pos);
      max_code_point = std::max(max_code_point, code_point);
      if (code_point >= 0x10000) {
        code_point -= 0x10000;
        units.push_back(static_cast<char16_t>(0xD800 + (code_point >> 10)));
        units.push_back(static_cast<char16_t>(0xDC00 + (code_point & 0x3FF)));
      } else {
        units.push_back(static_cast<char16_t>(code_point));
      }
    }
    if (max_code_point <= 0xFF) {
      WriteTag(Tag::kOneByteString);
      WriteVarint(static_cast<uint32_t>(units.size()));
      for (char16_t unit : units) WriteByte(static_cast<uint8_t>(unit));
      return;
    }
    const uint32_t byte_length = static_cast<uint32_t>(units.size() * 2);
    // V8's reader wants the characters 2-byte aligned.
    if ((out_.size() + 1 + base::VarintSize(byte_length)) & 1) {
      WriteTag(Tag::kPadding);
    }
    WriteTag(Tag::kTwoByteString);
    WriteVarint(byte_length);
    for (char16_t unit : units) {
      WriteByte(static_cast<uint8_t>(unit));
      WriteByte(static_cast<uint8_t>(unit >> 8));
    }
  }

  void WriteValue(const CloneValue& value) {
    using Kind = CloneValue::Kind;
    switch (value.kind()) {
      case Kind::kUndefined:
        WriteTag(Tag::kUndefined);
        return;
      case Kind::kNull:
        WriteTag(Tag::kNull);
        return;
      case Kind::kBool:
        WriteTag(value.bool_value() ? Tag::kTrue : Tag::kFalse);
        return;
      case Kind::kInt32: {
        WriteTag(Tag::kInt32);
        WriteVarint(ZigZagEncode(value.int32_value()));
        return;
      }
      case Kind::kDouble:
        WriteTag(Tag::kDouble);
        WriteDouble(value.double_value());
        return;
      case Kind::kBigInt:
        WriteTag(Tag::kBigInt);
        WriteBigIntContents(value.bigint());
        return;
      case Kind::kString:
        WriteString(value.string());
        return;
      case Kind::kHole:
        WriteTag(Tag::kTheHole);
        return;
      case Kind::kObject:
        WriteObject(value.object());
        return;
    }
  }

  void WriteProperties(const std::vector<CloneProperty>& properties) {
    for (const CloneProperty& property : properties) {
      WriteValue(property.key);
      WriteValue(property.value);
    }
  }

  void WriteObject(const CloneObject* object) {
    if (object == nullptr) {  // A dangling back reference.
      WriteTag(Tag::kUndefined);
      return;
    }
    // As in V8, a view's buffer goes first (and takes the id before the
    // view's), unless the view itself was written already.
    const auto* view = object->As<CloneArrayBufferView>();
    if (view != nullptr && !ids_.contains(object)) {
      const CloneObject* buffer = view->buffer.object();
      if (buffer != nullptr && buffer->As<CloneArrayBuffer>() != nullptr) {
        WriteObject(buffer);
      } else {
        // Not a buffer: write an empty one so the bytes stay well-formed.
        ++next_id_;
        WriteTag(Tag::kArrayBuffer);
        WriteVarint(0);
      }
    }
    auto [it, inserted] = ids_.try_emplace(object, next_id_);
    if (!inserted) {
      WriteTag(Tag::kObjectReference);
      WriteVarint(it->second);
      return;
    }
    ++next_id_;
    std::visit([this](const auto& payload) { WritePayload(payload); },
               object->data());
  }

  [[gnu::noinline]] void WritePayload(const ClonePlainObject& plain) {
    WriteTag(Tag::kBeginJSObject);
    WriteProperties(plain.properties);
    WriteTag(Tag::kEndJSObject);
    WriteVarint(static_cast<uint32_t>(plain.properties.size()));
  }

  [[gnu::noinline]] void WritePayload(const CloneDenseArray& array) {
    const auto length = static_cast<uint32_t>(array.elements.size());
    WriteTag(Tag::kBeginDenseJSArray);
    WriteVarint(length);
    for (const CloneValue& element : array.elements) WriteValue(element);
    WriteProperties(array.properties);
    WriteTag(Tag::kEndDenseJSArray);
    WriteVarint(static_cast<uint32_t>(array.properties.size()));
    WriteVarint(length);
  }

  [[gnu::noinline]] void WritePayload(const CloneSparseArray& array) {
    WriteTag(Tag::kBeginSparseJSArray);
    WriteVarint(array.length);
    WriteProperties(array.properties);
    WriteTag(Tag::kEndSparseJSArray);
    WriteVarint(static_cast<uint32_t>(array.properties.size()));
    WriteVarint(array.length);
  }

  [[gnu::noinline]] void WritePayload(const CloneDate& date) {
    WriteTag(Tag::kDate);
    WriteDouble(date.time_ms);
  }

  [[gnu::noinline]] void WritePayload(const CloneRegExp& regexp) {
    WriteTag(Tag::kRegExp);
    WriteString(regexp.pattern);
    WriteVarint(regexp.flags);
  }

  [[gnu::noinline]] void WritePayload(const CloneMap& map) {
    WriteTag(Tag::kBeginJSMap);
    for (const auto& [key, value] : map.entries) {
      WriteValue(key);
      WriteValue(value);
    }
    WriteTag(Tag::kEndJSMap);
    WriteVarint(static_cast<uint32_t>(map.entries.size() * 2));
  }

  [[gnu::noinline]] void WritePayload(const CloneSet& set) {
    WriteTag(Tag::kBeginJSSet);
    for (const CloneValue& value : set.values) WriteValue(value);
    WriteTag(Tag::kEndJSSet);
    WriteVarint(static_cast<uint32_t>(set.values.size()));
  }

  [[gnu::noinline]] void WritePayload(const CloneArrayBuffer& buffer) {
    WriteTag(Tag::kArrayBuffer);
    WriteVarint(static_cast<uint32_t>(buffer.bytes.size()));
    out_.insert(out_.end(), buffer.bytes.begin(), buffer.bytes.end());
  }

  [[gnu::noinline]] void WritePayload(const CloneArrayBufferView& view) {
    WriteTag(Tag::kArrayBufferView);
    WriteVarint(static_cast<uint8_t>(view.type));
    WriteVarint(view.byte_offset);
    WriteVarint(view.byte_length);
    WriteVarint(view.flags);
  }

  [[gnu::noinline]] void WritePayload(const CloneErrorObject& error) {
    using Prototype = CloneErrorObject::Prototype;
    WriteTag(Tag::kError);
    std::optional<ErrorTag> prototype;
    switch (error.prototype) {
      case Prototype::kError:
        break;
      case Prototype::kEvalError:
        prototype = ErrorTag::kEvalErrorPrototype;
        break;
      case Prototype::kRangeError:
        prototype = ErrorTag::kRangeErrorPrototype;
        break;
      case Prototype::kReferenceError:
        prototype = ErrorTag::kReferenceErrorPrototype;
        break;
      case Prototype::kSyntaxError:
        prototype = ErrorTag::kSyntaxErrorPrototype;
        break;
      case Prototype::kTypeError:
        prototype = ErrorTag::kTypeErrorPrototype;
        break;
      case Prototype::kUriError:
        prototype = ErrorTag::kUriErrorPrototype;
        break;
    }
    if (prototype) WriteByte(static_cast<uint8_t>(*prototype));
    if (error.message) {
      WriteByte(static_cast<uint8_t>(ErrorTag::kMessage));
      WriteString(*error.message);
    }
    if (error.cause) {
      WriteByte(static_cast<uint8_t>(ErrorTag::kCause));
      WriteValue(*error.cause);
    }
    if (error.stack) {
      WriteByte(static_cast<uint8_t>(ErrorTag::kStack));
      WriteString(*error.stack);
    }
    WriteByte(static_cast<uint8_t>(ErrorTag::kEnd));
  }

  [[gnu::noinline]] void WritePayload(const CloneBoxedPrimitive& boxed) {
    const CloneValue& value = boxed.value;
    switch (value.kind()) {
      case CloneValue::Kind::kBool:
        WriteTag(value.bool_value() ? Tag::kTrueObject : Tag::kFalseObject);
        return;
      case CloneValue::Kind::kBigInt:
        WriteTag(Tag::kBigIntObject);
        WriteBigIntContents(value.bigint());
        return;
      case CloneValue::Kind::kString:
        WriteTag(Tag::kStringObject);
        WriteString(value.string());
        return;
      default:
        // A number; anything else cannot be boxed and becomes Number(NaN).
        WriteTag(Tag::kNumberObject);
        WriteDouble(value.IsNumber()
                        ? value.NumberValue()
                        : std::numeric_limits<double>::quiet_NaN());
        return;
    }
  }

  std::vector<uint8_t> out_;
  std::unordered_map<const CloneObject*, uint32_t> ids_;
  uint32_t next_id_ = 0;
};

}  // namespace

Result<CloneValue> Decode(std::span<const uint8_t> bytes) {
  return Reader(bytes).ReadMessage();
}

std::vector<uint8_t> Encode(const CloneValue& value) {
  return Writer().WriteMessage(value);
}

}  // namespace isohost::clone
