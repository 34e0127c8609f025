#include "isohost/clone_value.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace isohost::clone {
namespace {

constexpr char32_t kReplacementCharacter = 0xFFFD;
constexpr uint32_t kBase = 1'000'000'000;  // Decimal digits per 32-bit limb: 9.

// Magnitude bytes as 32-bit limbs, least significant first, without leading
// (most significant) zero limbs.
std::vector<uint32_t> ToLimbs(const std::vector<uint8_t>& bytes) {
  std::vector<uint32_t> limbs((bytes.size() + 3) / 4, 0);
  for (size_t i = 0; i < bytes.size(); ++i) {
    limbs[i / 4] |= static_cast<uint32_t>(bytes[i]) << (8 * (i % 4));
  }
  while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  return limbs;
}

size_t SignificantSize(const std::vector<uint8_t>& bytes) {
  size_t size = bytes.size();
  while (size > 0 && bytes[size - 1] == 0) --size;
  return size;
}

bool IsContinuation(uint8_t byte) { return (byte & 0xC0) == 0x80; }

}  // namespace

bool CloneBigInt::IsZero() const { return SignificantSize(magnitude) == 0; }

std::string CloneBigInt::ToDecimalString() const {
  std::vector<uint32_t> limbs = ToLimbs(magnitude);
  if (limbs.empty()) return "0";
  // Repeated division by 10^9; quadratic, which is fine for the sizes a
  // message printer shows (clone_json.cc switches to hex for huge values).
  std::vector<uint32_t> chunks;  // Base 10^9, least significant first.
  while (!limbs.empty()) {
    uint64_t remainder = 0;
    for (size_t i = limbs.size(); i-- > 0;) {
      uint64_t current = (remainder << 32) | limbs[i];
      limbs[i] = static_cast<uint32_t>(current / kBase);
      remainder = current % kBase;
    }
    chunks.push_back(static_cast<uint32_t>(remainder));
    while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  }
  std::string text = negative ? "-" : "";
  text += std::to_string(chunks.back());
  for (size_t i = chunks.size() - 1; i-- > 0;) {
    std::string chunk = std::to_string(chunks[i]);
    text.append(9 - chunk.size(), '0');
    text += chunk;
  }
  return text;
}

std::optional<CloneBigInt> CloneBigInt::FromDecimalString(
    std::string_view text) {
  CloneBigInt result;
  if (!text.empty() && text.front() == '-') {
    result.negative = true;
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  std::vector<uint32_t> limbs;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    uint64_t carry = static_cast<uint64_t>(c - '0');
    for (uint32_t& limb : limbs) {
      uint64_t current = static_cast<uint64_t>(limb) * 10 + carry;
      limb = static_cast<uint32_t>(current);
      carry = current >> 32;
    }
    if (carry != 0) limbs.push_back(static_cast<uint32_t>(carry));
  }
  for (uint32_t limb : limbs) {
    for (int shift = 0; shift < 32; shift += 8) {
      result.magnitude.push_back(static_cast<uint8_t>(limb >> shift));
    }
  }
  result.magnitude.resize(SignificantSize(result.magnitude));
  if (result.magnitude.empty()) result.negative = false;
  return result;
}

CloneBigInt CloneBigInt::FromInt64(int64_t value) {
  CloneBigInt result;
  result.negative = value < 0;
  // Negate in unsigned arithmetic so that INT64_MIN works.
  uint64_t magnitude = static_cast<uint64_t>(value);
  if (result.negative) magnitude = ~magnitude + 1;
  for (; magnitude != 0; magnitude >>= 8) {
    result.magnitude.push_back(static_cast<uint8_t>(magnitude));
  }
  return result;
}

bool operator==(const CloneBigInt& a, const CloneBigInt& b) {
  size_t size = SignificantSize(a.magnitude);
  if (size != SignificantSize(b.magnitude)) return false;
  if (size != 0 && a.negative != b.negative) return false;
  return std::equal(a.magnitude.begin(), a.magnitude.begin() + size,
                    b.magnitude.begin());
}

CloneValue CloneValue::Number(double value) {
  if (value >= std::numeric_limits<int32_t>::min() &&
      value <= std::numeric_limits<int32_t>::max() &&
      value == std::trunc(value) && !(value == 0 && std::signbit(value))) {
    return Int32(static_cast<int32_t>(value));
  }
  return Double(value);
}

CloneValue CloneValue::Object(std::shared_ptr<CloneObject> object) {
  return Make<ObjectEdge>(ObjectEdge{std::move(object), {}});
}

CloneValue CloneValue::BackReference(
    const std::shared_ptr<CloneObject>& object) {
  return Make<ObjectEdge>(ObjectEdge{nullptr, object});
}

double CloneValue::NumberValue() const {
  if (kind() == Kind::kInt32) return int32_value();
  return double_value();
}

CloneObject* CloneValue::object() const {
  const ObjectEdge* edge = std::get_if<ObjectEdge>(&data_);
  if (edge == nullptr) return nullptr;
  if (edge->owner) return edge->owner.get();
  // Another edge owns the target, so the pointer outlives this temporary.
  return edge->back.lock().get();
}

std::shared_ptr<CloneObject> CloneValue::shared_object() const {
  const ObjectEdge* edge = std::get_if<ObjectEdge>(&data_);
  if (edge == nullptr) return nullptr;
  if (edge->owner) return edge->owner;
  return edge->back.lock();
}

bool CloneValue::is_back_reference() const {
  const ObjectEdge* edge = std::get_if<ObjectEdge>(&data_);
  return edge != nullptr && !edge->owner;
}

const CloneValue* CloneValue::Find(std::string_view key) const {
  const CloneObject* target = object();
  if (target == nullptr) return nullptr;
  const auto* plain = target->As<ClonePlainObject>();
  if (plain == nullptr) return nullptr;
  for (const CloneProperty& property : plain->properties) {
    if (property.key.kind() == Kind::kString && property.key.string() == key) {
      return &property.value;
    }
  }
  return nullptr;
}

namespace {

// RegExp.prototype.flags order.
constexpr std::pair<char, uint32_t> kRegExpFlagLetters[] = {
    {'d', CloneRegExp::kHasIndices}, {'g', CloneRegExp::kGlobal},
    {'i', CloneRegExp::kIgnoreCase}, {'l', CloneRegExp::kLinear},
    {'m', CloneRegExp::kMultiline},  {'s', CloneRegExp::kDotAll},
    {'u', CloneRegExp::kUnicode},    {'y', CloneRegExp::kSticky},
};

}  // namespace

std::string CloneRegExp::FlagsString() const {
  std::string letters;
  for (auto [letter, bit] : kRegExpFlagLetters) {
    if (flags & bit) letters += letter;
  }
  return letters;
}

std::optional<uint32_t> CloneRegExp::ParseFlags(std::string_view letters) {
  uint32_t flags = 0;
  for (char c : letters) {
    auto it = std::find_if(std::begin(kRegExpFlagLetters),
                           std::end(kRegExpFlagLetters),
                           [c](const auto& entry) { return entry.first == c; });
    if (it == std::end(kRegExpFlagLetters) || (flags & it->second)) {
      return std::nullopt;
    }
    flags |= it->second;
  }
  return flags;
}

size_t CloneViewElementSize(uint8_t tag) {
  switch (static_cast<CloneViewType>(tag)) {
    case CloneViewType::kInt8Array:
    case CloneViewType::kUint8Array:
    case CloneViewType::kUint8ClampedArray:
    case CloneViewType::kDataView:
      return 1;
    case CloneViewType::kInt16Array:
    case CloneViewType::kUint16Array:
      return 2;
    case CloneViewType::kInt32Array:
    case CloneViewType::kUint32Array:
    case CloneViewType::kFloat32Array:
      return 4;
    case CloneViewType::kFloat64Array:
    case CloneViewType::kBigInt64Array:
    case CloneViewType::kBigUint64Array:
      return 8;
  }
  return 0;
}

std::string_view CloneViewTypeName(CloneViewType type) {
  switch (type) {
    case CloneViewType::kInt8Array:
      return "Int8Array";
    case CloneViewType::kUint8Array:
      return "Uint8Array";
    case CloneViewType::kUint8ClampedArray:
      return "Uint8ClampedArray";
    case CloneViewType::kInt16Array:
      return "Int16Array";
    case CloneViewType::kUint16Array:
      return "Uint16Array";
    case CloneViewType::kInt32Array:
      return "Int32Array";
    case CloneViewType::kUint32Array:
      return "Uint32Array";
    case CloneViewType::kFloat32Array:
      return "Float32Array";
    case CloneViewType::kFloat64Array:
      return "Float64Array";
    case CloneViewType::kBigInt64Array:
      return "BigInt64Array";
    case CloneViewType::kBigUint64Array:
      return "BigUint64Array";
    case CloneViewType::kDataView:
      return "DataView";
  }
  return "ArrayBufferView";
}

std::string_view CloneErrorObject::name() const {
  switch (prototype) {
    case Prototype::kError:
      return "Error";
    case Prototype::kEvalError:
      return "EvalError";
    case Prototype::kRangeError:
      return "RangeError";
    case Prototype::kReferenceError:
      return "ReferenceError";
    case Prototype::kSyntaxError:
      return "SyntaxError";
    case Prototype::kTypeError:
      return "TypeError";
    case Prototype::kUriError:
      return "URIError";
  }
  return "Error";
}

char32_t NextWtf8CodePoint(std::string_view text, size_t* pos) {
  const auto byte = [&](size_t i) { return static_cast<uint8_t>(text[i]); };
  size_t i = *pos;
  uint8_t lead = byte(i++);
  if (lead < 0x80) {
    *pos = i;
    return lead;
  }
  // The allowed range of the second byte narrows for E0, F0 and F4 to rule
  // out overlong forms and code points past U+10FFFF. ED keeps its whole
  // range here: that is what lets WTF-8 carry surrogates.
  int needed;
  uint8_t low = 0x80, high = 0xBF;
  char32_t code_point;
  if (lead >= 0xC2 && lead <= 0xDF) {
    needed = 1;
    code_point = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    needed = 2;
    code_point = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    needed = 3;
    code_point = lead & 0x07;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    *pos = i;
    return kReplacementCharacter;
  }
  for (int k = 0; k < needed; ++k) {
    if (i >= text.size() || !IsContinuation(byte(i)) ||
        (k == 0 && (byte(i) < low || byte(i) > high))) {
      *pos = i;  // Skip the well-formed prefix only.
      return kReplacementCharacter;
    }
    code_point = (code_point << 6) | (byte(i++) & 0x3F);
  }
  *pos = i;
  return code_point;
}

void AppendWtf8(char32_t code_point, std::string* out) {
  if (code_point < 0x80) {
    out->push_back(static_cast<char>(code_point));
  } else if (code_point < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (code_point >> 6)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  } else if (code_point < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (code_point >> 12)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (code_point >> 18)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  }
}

std::string ToWellFormedUtf8(std::string_view wtf8) {
  std::string out;
  out.reserve(wtf8.size());
  size_t pos = 0;
  while (pos < wtf8.size()) {
    // Plain ASCII runs are the common case; copy them without decoding.
    size_t start = pos;
    while (pos < wtf8.size() && static_cast<uint8_t>(wtf8[pos]) < 0x80) ++pos;
    out.append(wtf8.substr(start, pos - start));
    if (pos == wtf8.size()) break;
    char32_t code_point = NextWtf8CodePoint(wtf8, &pos);
    if (code_point >= 0xD800 && code_point <= 0xDFFF) {
      code_point = kReplacementCharacter;
    }
    AppendWtf8(code_point, &out);
  }
  return out;
}

}  // namespace isohost::clone
