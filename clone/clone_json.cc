#include "isohost/clone_json.h"

#include <algorithm>
#include <charconv>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <unordered_set>

namespace isohost::clone {
namespace {

using Json = nlohmann::ordered_json;

constexpr char kCircular[] = "[Circular]";
constexpr char kTruncated[] = "[Truncated]";
// Past this magnitude a BigInt prints in hex; see clone_json.h.
constexpr size_t kMaxDecimalBigIntBytes = 16 * 1024;
// Integral doubles up to 2^53 are exact int64s. Up to this bound, larger ones
// still fit an int64 once rounded to the digits JS prints (2 ** 60 prints as
// 1152921504606847000).
constexpr double kMaxExactInteger = 9007199254740992.0;
constexpr double kMaxPrintedInteger = 9.2e18;

std::string BigIntToString(const CloneBigInt& value) {
  size_t size = value.magnitude.size();
  while (size > 0 && value.magnitude[size - 1] == 0) --size;
  if (size <= kMaxDecimalBigIntBytes) return value.ToDecimalString() + "n";
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text = value.negative ? "-0x" : "0x";
  text.reserve(text.size() + 2 * size + 1);
  for (size_t i = size; i-- > 0;) {
    uint8_t byte = value.magnitude[i];
    if (i + 1 != size || byte >= 0x10) text += kDigits[byte >> 4];
    text += kDigits[byte & 0xF];
  }
  return text + "n";
}

Json NumberToJson(double value) {
  if (!std::isfinite(value)) return nullptr;
  if (value != std::trunc(value) || std::fabs(value) >= kMaxPrintedInteger) {
    return value;
  }
  if (std::fabs(value) <= kMaxExactInteger) {
    return static_cast<int64_t>(value);  // -0 becomes 0.
  }
  return std::stoll(JsNumberToString(value));
}

// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
// civil_from_days), valid for the whole range of JS dates.
void CivilFromDays(int64_t days, int64_t* year, int* month, int* day) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const int64_t day_of_era = days - era * 146097;
  const int64_t year_of_era = (day_of_era - day_of_era / 1460 +
                               day_of_era / 36524 - day_of_era / 146096) /
                              365;
  const int64_t day_of_year =
      day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const int64_t month_index = (5 * day_of_year + 2) / 153;
  *day = static_cast<int>(day_of_year - (153 * month_index + 2) / 5 + 1);
  *month =
      static_cast<int>(month_index < 10 ? month_index + 3 : month_index - 9);
  *year = year_of_era + era * 400 + (*month <= 2 ? 1 : 0);
}

// Date.prototype.toISOString(), or null for an invalid date.
Json DateToJson(double time_ms) {
  constexpr double kMaxTime = 8.64e15;  // ECMAScript's TimeClip bound.
  if (!std::isfinite(time_ms) || std::fabs(time_ms) > kMaxTime) return nullptr;
  constexpr int64_t kMsPerDay = 86'400'000;
  const auto ms = static_cast<int64_t>(std::trunc(time_ms));
  int64_t days = ms / kMsPerDay;
  int64_t ms_in_day = ms % kMsPerDay;
  if (ms_in_day < 0) {
    ms_in_day += kMsPerDay;
    --days;
  }
  int64_t year;
  int month, day;
  CivilFromDays(days, &year, &month, &day);
  char year_text[32];
  if (year >= 0 && year <= 9999) {
    std::snprintf(year_text, sizeof(year_text), "%04" PRId64, year);
  } else {
    std::snprintf(year_text, sizeof(year_text), "%c%06" PRId64,
                  year < 0 ? '-' : '+', year < 0 ? -year : year);
  }
  char text[80];
  std::snprintf(text, sizeof(text), "%s-%02d-%02dT%02d:%02d:%02d.%03dZ",
                year_text, month, day, static_cast<int>(ms_in_day / 3'600'000),
                static_cast<int>(ms_in_day / 60'000 % 60),
                static_cast<int>(ms_in_day / 1000 % 60),
                static_cast<int>(ms_in_day % 1000));
  return text;
}

std::string KeyToString(const CloneValue& key) {
  switch (key.kind()) {
    case CloneValue::Kind::kString:
      return ToWellFormedUtf8(key.string());
    case CloneValue::Kind::kInt32:
      return std::to_string(key.int32_value());
    case CloneValue::Kind::kDouble:
      return JsNumberToString(key.double_value());
    default:
      return "";  // Decode allows no other keys.
  }
}

// The array index a sparse array's property key names, if it is one.
std::optional<uint32_t> KeyToIndex(const CloneValue& key) {
  if (key.kind() == CloneValue::Kind::kInt32 && key.int32_value() >= 0) {
    return static_cast<uint32_t>(key.int32_value());
  }
  if (key.kind() == CloneValue::Kind::kDouble) {
    double number = key.double_value();
    if (number >= 0 && number < 4294967295.0 && number == std::trunc(number)) {
      return static_cast<uint32_t>(number);
    }
  }
  return std::nullopt;
}

// One element of a typed array or DataView, `offset` bytes into its buffer.
template <typename T>
T ReadElement(const std::vector<uint8_t>& bytes, size_t offset) {
  T element;
  std::memcpy(&element, bytes.data() + offset, sizeof(T));
  return element;
}

// Printing recurses once per nested object; each payload converter stays out
// of line so that its locals are not part of every level's frame.
class JsonWriter {
 public:
  explicit JsonWriter(const CloneJsonOptions& options)
      : options_(options), values_left_(options.max_values) {}

  Json Convert(const CloneValue& value, int depth) {
    if (values_left_ == 0) return kTruncated;
    --values_left_;
    switch (value.kind()) {
      case CloneValue::Kind::kUndefined:
      case CloneValue::Kind::kNull:
      case CloneValue::Kind::kHole:
        return nullptr;
      case CloneValue::Kind::kBool:
        return value.bool_value();
      case CloneValue::Kind::kInt32:
        return value.int32_value();
      case CloneValue::Kind::kDouble:
        return NumberToJson(value.double_value());
      case CloneValue::Kind::kBigInt:
        return BigIntToString(value.bigint());
      case CloneValue::Kind::kString:
        return ToWellFormedUtf8(value.string());
      case CloneValue::Kind::kObject:
        break;
    }
    const CloneObject* object = value.object();
    if (object == nullptr) return nullptr;
    if (on_path_.contains(object)) return kCircular;
    if (depth >= options_.max_depth) return kTruncated;
    on_path_.insert(object);
    Json json = std::visit(
        [&](const auto& payload) { return ConvertPayload(payload, depth + 1); },
        object->data());
    on_path_.erase(object);
    return json;
  }

 private:
  // Adds the properties to `json`, an object, and stops at the budget.
  void AddProperties(const std::vector<CloneProperty>& properties, int depth,
                     Json* json) {
    for (const CloneProperty& property : properties) {
      if (values_left_ == 0) {
        (*json)[kTruncated] = kTruncated;
        return;
      }
      (*json)[KeyToString(property.key)] = Convert(property.value, depth);
    }
  }

  // Appends `count` elements made by `element(i)`, stopping at the budget.
  template <typename MakeElement>
  void AddElements(size_t count, Json* json, MakeElement element) {
    for (size_t i = 0; i < count; ++i) {
      if (values_left_ == 0) {
        json->push_back(kTruncated);
        return;
      }
      json->push_back(element(i));
    }
  }

  [[gnu::noinline]] Json ConvertPayload(const ClonePlainObject& plain,
                                        int depth) {
    Json json = Json::object();
    AddProperties(plain.properties, depth, &json);
    return json;
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneDenseArray& array,
                                        int depth) {
    Json json = Json::array();
    AddElements(array.elements.size(), &json,
                [&](size_t i) { return Convert(array.elements[i], depth); });
    return json;
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneSparseArray& array,
                                        int depth) {
    // The slots are charged up front, so a huge length costs no more than
    // the budget.
    const size_t slots = std::min<size_t>(array.length, values_left_);
    values_left_ -= slots;
    Json json = Json::array();
    json.get_ref<Json::array_t&>().resize(slots);
    for (const CloneProperty& property : array.properties) {
      std::optional<uint32_t> index = KeyToIndex(property.key);
      if (index && *index < slots)
        json[*index] = Convert(property.value, depth);
    }
    if (slots < array.length) json.push_back(kTruncated);
    return json;
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneDate& date, int) {
    return DateToJson(date.time_ms);
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneRegExp& regexp, int) {
    return "/" + ToWellFormedUtf8(regexp.pattern) + "/" + regexp.FlagsString();
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneMap& map, int depth) {
    Json json = Json::array();
    AddElements(map.entries.size(), &json, [&](size_t i) {
      return Json::array({Convert(map.entries[i].first, depth),
                          Convert(map.entries[i].second, depth)});
    });
    return json;
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneSet& set, int depth) {
    Json json = Json::array();
    AddElements(set.values.size(), &json,
                [&](size_t i) { return Convert(set.values[i], depth); });
    return json;
  }

  Json ConvertBytes(const std::vector<uint8_t>& bytes, size_t offset,
                    size_t length) {
    Json json = Json::array();
    AddElements(length, &json, [&](size_t i) {
      --values_left_;
      return bytes[offset + i];
    });
    return json;
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneArrayBuffer& buffer, int) {
    return ConvertBytes(buffer.bytes, 0, buffer.bytes.size());
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneArrayBufferView& view, int) {
    const CloneObject* buffer_object = view.buffer.object();
    const auto* buffer =
        buffer_object ? buffer_object->As<CloneArrayBuffer>() : nullptr;
    if (buffer == nullptr) return Json::array();
    const std::vector<uint8_t>& bytes = buffer->bytes;
    // Decode checked the bounds; a hand-built view is clamped to them.
    const size_t offset = std::min<size_t>(view.byte_offset, bytes.size());
    const size_t size = CloneViewElementSize(static_cast<uint8_t>(view.type));
    const size_t count =
        std::min<size_t>(view.byte_length, bytes.size() - offset) / size;
    Json json = Json::array();
    AddElements(count, &json, [&](size_t i) -> Json {
      --values_left_;
      const size_t at = offset + i * size;
      switch (view.type) {
        case CloneViewType::kInt8Array:
          return ReadElement<int8_t>(bytes, at);
        case CloneViewType::kUint8Array:
        case CloneViewType::kUint8ClampedArray:
        case CloneViewType::kDataView:
          return ReadElement<uint8_t>(bytes, at);
        case CloneViewType::kInt16Array:
          return ReadElement<int16_t>(bytes, at);
        case CloneViewType::kUint16Array:
          return ReadElement<uint16_t>(bytes, at);
        case CloneViewType::kInt32Array:
          return ReadElement<int32_t>(bytes, at);
        case CloneViewType::kUint32Array:
          return ReadElement<uint32_t>(bytes, at);
        case CloneViewType::kFloat32Array:
          return NumberToJson(ReadElement<float>(bytes, at));
        case CloneViewType::kFloat64Array:
          return NumberToJson(ReadElement<double>(bytes, at));
        case CloneViewType::kBigInt64Array:
          return std::to_string(ReadElement<int64_t>(bytes, at)) + "n";
        case CloneViewType::kBigUint64Array:
          return std::to_string(ReadElement<uint64_t>(bytes, at)) + "n";
      }
      return nullptr;
    });
    return json;
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneErrorObject& error,
                                        int depth) {
    Json json = Json::object();
    json["name"] = std::string(error.name());
    if (error.message) json["message"] = ToWellFormedUtf8(*error.message);
    if (error.stack) json["stack"] = ToWellFormedUtf8(*error.stack);
    if (error.cause) json["cause"] = Convert(*error.cause, depth);
    return json;
  }

  [[gnu::noinline]] Json ConvertPayload(const CloneBoxedPrimitive& boxed,
                                        int depth) {
    return Convert(boxed.value, depth);
  }

  const CloneJsonOptions& options_;
  size_t values_left_;
  // The objects being printed, outermost first: a reference to one of them is
  // a cycle.
  std::unordered_set<const CloneObject*> on_path_;
};

// "0" to "4294967294" without leading zeros: what JS treats as an index.
std::optional<uint32_t> ArrayIndex(std::string_view key) {
  if (key.empty() || key.size() > 10 || (key.size() > 1 && key[0] == '0')) {
    return std::nullopt;
  }
  uint64_t value = 0;
  for (char c : key) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  if (value > 4294967294u) return std::nullopt;
  return static_cast<uint32_t>(value);
}

Result<CloneValue> FromJsonAt(const Json& json, int depth) {
  switch (json.type()) {
    case Json::value_t::null:
      return CloneValue::Null();
    case Json::value_t::boolean:
      return CloneValue::Bool(json.get<bool>());
    case Json::value_t::number_integer:
      return CloneValue::Number(static_cast<double>(json.get<int64_t>()));
    case Json::value_t::number_unsigned:
      return CloneValue::Number(static_cast<double>(json.get<uint64_t>()));
    case Json::value_t::number_float:
      return CloneValue::Number(json.get<double>());
    case Json::value_t::string:
      return CloneValue::String(json.get<std::string>());
    case Json::value_t::binary:
      return CloneError{"JSON binary values have no structured-clone form"};
    case Json::value_t::discarded:
      return CloneError{"discarded JSON value"};
    case Json::value_t::array:
    case Json::value_t::object:
      break;
  }
  if (depth == kMaxCloneDepth) {
    return CloneError{"JSON nested deeper than " +
                      std::to_string(kMaxCloneDepth)};
  }
  if (json.is_array()) {
    CloneDenseArray array;
    array.elements.reserve(json.size());
    for (const Json& element : json) {
      Result<CloneValue> value = FromJsonAt(element, depth + 1);
      if (!value) return value.error();
      array.elements.push_back(std::move(value).value());
    }
    return CloneValue::NewObject(std::move(array));
  }
  ClonePlainObject object;
  object.properties.reserve(json.size());
  for (const auto& [key, element] : json.items()) {
    Result<CloneValue> value = FromJsonAt(element, depth + 1);
    if (!value) return value.error();
    std::optional<uint32_t> index = ArrayIndex(key);
    object.properties.push_back(
        {index ? CloneValue::Number(*index) : CloneValue::String(key),
         std::move(value).value()});
  }
  return CloneValue::NewObject(std::move(object));
}

}  // namespace

Json ToJson(const CloneValue& value, const CloneJsonOptions& options) {
  return JsonWriter(options).Convert(value, 0);
}

std::string ToJsonText(const CloneValue& value,
                       const CloneJsonOptions& options) {
  return ToJson(value, options)
      .dump(-1, ' ', false, Json::error_handler_t::replace);
}

Result<CloneValue> FromJson(const Json& json) { return FromJsonAt(json, 0); }

Result<CloneValue> ParseJson(std::string_view text) {
  Json json;
  // Every failure of the parser is the caller's input error, not only a
  // syntax error: 1e400 throws out_of_range, and nothing of it may escape.
  try {
    json = Json::parse(text);
  } catch (const Json::parse_error& error) {
    return CloneError{std::string("invalid JSON: ") + error.what()};
  } catch (const Json::out_of_range& error) {
    return CloneError{std::string("a JSON number is out of range: ") + error.what()};
  } catch (const Json::exception& error) {
    return CloneError{std::string("invalid JSON: ") + error.what()};
  } catch (const std::bad_alloc&) {
    return CloneError{"the JSON text is too large to parse"};
  }
  return FromJson(json);
}

std::string JsNumberToString(double value) {
  if (std::isnan(value)) return "NaN";
  if (value == 0) return "0";
  if (std::isinf(value)) return value < 0 ? "-Infinity" : "Infinity";
  // Shortest round-trip digits and exponent, then Number::toString's layout
  // (ECMAScript Number::toString, steps 5-12).
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                 std::chars_format::scientific);
  std::string_view text(buffer, end - buffer);
  std::string sign;
  if (text.front() == '-') {
    sign = "-";
    text.remove_prefix(1);
  }
  const size_t e_at = text.find('e');
  std::string digits;
  for (char c : text.substr(0, e_at)) {
    if (c != '.') digits += c;
  }
  const int exponent = std::atoi(std::string(text.substr(e_at + 1)).c_str());
  const int k = static_cast<int>(digits.size());
  const int n = exponent + 1;
  if (k <= n && n <= 21) return sign + digits + std::string(n - k, '0');
  if (0 < n && n <= 21) {
    return sign + digits.substr(0, n) + "." + digits.substr(n);
  }
  if (-6 < n && n <= 0) return sign + "0." + std::string(-n, '0') + digits;
  std::string mantissa = digits.substr(0, 1);
  if (k > 1) mantissa += "." + digits.substr(1);
  return sign + mantissa + "e" + (n - 1 >= 0 ? "+" : "-") +
         std::to_string(std::abs(n - 1));
}

}  // namespace isohost::clone
