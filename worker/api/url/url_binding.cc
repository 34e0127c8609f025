// The native half of the `url` module: domain names to and from ASCII by
// Unicode IDNA Compatibility Processing (UTS #46), through ICU. The URL parser
// itself is JavaScript (worker/js/internal/url_parser.js); it calls here only
// for a host that is not plain ASCII or that has a Punycode label.
#include <unicode/uidna.h>
#include <unicode/utypes.h>

#include <memory>
#include <vector>

#include "worker/v8/binding.h"

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// The WHATWG URL standard's "domain to ASCII" with beStrict false: CheckBidi
// and CheckJoiners on, Transitional_Processing off, UseSTD3ASCIIRules off.
constexpr uint32_t kOptions = UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                              UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE;

// ICU has no switch for CheckHyphens or VerifyDnsLength; both are off for
// URLs, so the errors only they would raise are not errors here.
constexpr uint32_t kIgnoredErrors = UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG |
                                    UIDNA_ERROR_DOMAIN_NAME_TOO_LONG | UIDNA_ERROR_LEADING_HYPHEN |
                                    UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;

struct UidnaCloser {
  void operator()(UIDNA* idna) const { uidna_close(idna); }
};

// One converter per process: ICU's UIDNA is immutable once opened and safe to
// share. Null if ICU could not open it (then every conversion fails).
const UIDNA* Converter() {
  static const std::unique_ptr<UIDNA, UidnaCloser> converter = [] {
    UErrorCode status = U_ZERO_ERROR;
    UIDNA* idna = uidna_openUTS46(kOptions, &status);
    if (U_FAILURE(status)) idna = nullptr;
    return std::unique_ptr<UIDNA, UidnaCloser>(idna);
  }();
  return converter.get();
}

using ConvertFn = int32_t (*)(const UIDNA*, const UChar*, int32_t, UChar*, int32_t, UIDNAInfo*,
                              UErrorCode*);

// The UTF-16 units in `text[0, length)` as a V8 string: one byte per
// character when they are all Latin-1 (always so for toASCII), which the
// URL parser then scans and slices faster than a two-byte string.
v8::MaybeLocal<v8::String> StringFromUnits(v8::Isolate* isolate, const UChar* text, int32_t length) {
  bool one_byte = true;
  for (int32_t i = 0; i < length && one_byte; ++i) one_byte = text[i] <= 0xff;
  if (!one_byte) {
    return v8::String::NewFromTwoByte(isolate, reinterpret_cast<const uint16_t*>(text), v8::NewStringType::kNormal,
                                      length);
  }
  constexpr int32_t kStackUnits = 256;
  uint8_t stack[kStackUnits];
  std::vector<uint8_t> heap;
  uint8_t* bytes = stack;
  if (length > kStackUnits) {
    heap.resize(static_cast<size_t>(length));
    bytes = heap.data();
  }
  for (int32_t i = 0; i < length; ++i) bytes[i] = static_cast<uint8_t>(text[i]);
  return v8::String::NewFromOneByte(isolate, bytes, v8::NewStringType::kNormal, length);
}

// Runs `convert` over the string `info[0]`; returns the result, or undefined
// when UTS #46 reports an error that counts for URLs. A host fits the stack
// buffers; a longer input takes the heap.
void Convert(const FunctionCallbackInfo<Value>& info, ConvertFn convert) {
  v8::Isolate* isolate = info.GetIsolate();
  const UIDNA* idna = Converter();
  if (idna == nullptr || !info[0]->IsString()) return;
  Local<v8::String> input = info[0].As<v8::String>();
  const int32_t input_length = input->Length();

  constexpr int32_t kStackUnits = 256;
  uint16_t source_stack[kStackUnits];
  std::vector<uint16_t> source_heap;
  uint16_t* source = source_stack;
  if (input_length > kStackUnits) {
    source_heap.resize(static_cast<size_t>(input_length));
    source = source_heap.data();
  }
  input->Write(isolate, source, 0, input_length, v8::String::NO_NULL_TERMINATION);

  UChar output_stack[2 * kStackUnits];
  std::vector<UChar> output_heap;
  UChar* output = output_stack;
  int32_t capacity = 2 * kStackUnits;
  for (int attempt = 0; attempt < 2; ++attempt) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNAInfo details = UIDNA_INFO_INITIALIZER;
    int32_t length = convert(idna, reinterpret_cast<const UChar*>(source), input_length, output, capacity,
                             &details, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      output_heap.resize(static_cast<size_t>(length));
      output = output_heap.data();
      capacity = length;
      continue;
    }
    if (U_FAILURE(status) || (details.errors & ~kIgnoredErrors) != 0) return;
    Local<v8::String> result;
    if (!StringFromUnits(isolate, output, length).ToLocal(&result)) return;
    info.GetReturnValue().Set(result);
    return;
  }
}

void ToAscii(const FunctionCallbackInfo<Value>& info) { Convert(info, uidna_nameToASCII); }

void ToUnicode(const FunctionCallbackInfo<Value>& info) { Convert(info, uidna_nameToUnicode); }

}  // namespace

namespace native_modules {

ISOHOST_BINDING(url) {
  SetMethod(isolate, context, target, "toASCII", ToAscii);
  SetMethod(isolate, context, target, "toUnicode", ToUnicode);
}

}  // namespace native_modules
}  // namespace isohost::worker
