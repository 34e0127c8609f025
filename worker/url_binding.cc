// The native half of the `url` module: domain names to and from ASCII by
// Unicode IDNA Compatibility Processing (UTS #46), through ICU. The URL parser
// itself is JavaScript (worker/js/internal/url_parser.js); it calls here only
// for a host that is not plain ASCII or that has a Punycode label.
#include <unicode/uidna.h>
#include <unicode/utypes.h>

#include <memory>
#include <vector>

#include "worker/native_module.h"

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

// Runs `convert` over the string `info[0]`; returns the result, or undefined
// when UTS #46 reports an error that counts for URLs.
void Convert(const FunctionCallbackInfo<Value>& info, ConvertFn convert) {
  v8::Isolate* isolate = info.GetIsolate();
  const UIDNA* idna = Converter();
  if (idna == nullptr || !info[0]->IsString()) return;
  Local<v8::String> input = info[0].As<v8::String>();
  std::vector<uint16_t> source(static_cast<size_t>(input->Length()));
  input->Write(isolate, source.data(), 0, static_cast<int>(source.size()), v8::String::NO_NULL_TERMINATION);

  std::vector<UChar> output(source.size() * 2 + 64);
  for (int attempt = 0; attempt < 2; ++attempt) {
    UErrorCode status = U_ZERO_ERROR;
    UIDNAInfo details = UIDNA_INFO_INITIALIZER;
    int32_t length = convert(idna, reinterpret_cast<const UChar*>(source.data()),
                             static_cast<int32_t>(source.size()), output.data(),
                             static_cast<int32_t>(output.size()), &details, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      output.resize(static_cast<size_t>(length));
      continue;
    }
    if (U_FAILURE(status) || (details.errors & ~kIgnoredErrors) != 0) return;
    Local<v8::String> result;
    if (!v8::String::NewFromTwoByte(isolate, reinterpret_cast<const uint16_t*>(output.data()),
                                    v8::NewStringType::kNormal, length)
             .ToLocal(&result)) {
      return;
    }
    info.GetReturnValue().Set(result);
    return;
  }
}

void ToAscii(const FunctionCallbackInfo<Value>& info) { Convert(info, uidna_nameToASCII); }

void ToUnicode(const FunctionCallbackInfo<Value>& info) { Convert(info, uidna_nameToUnicode); }

}  // namespace

namespace native_modules {

void InstallUrlModule(v8::Isolate* isolate, Local<v8::Context> context, Local<v8::Object> target) {
  SetMethod(isolate, context, target, "toASCII", ToAscii);
  SetMethod(isolate, context, target, "toUnicode", ToUnicode);
}

}  // namespace native_modules
}  // namespace isohost::worker
