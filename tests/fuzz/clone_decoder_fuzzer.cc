// libFuzzer target for the structured-clone decoder, which parses bytes from
// untrusted workers. Besides crashes and sanitizer reports it checks that
// whatever decodes re-encodes to bytes that decode again, and that encoding
// is then stable. Seeds: tests/fuzz/clone_corpus/ (real V8 10.2 output).
//
//   clone_decoder_fuzzer -max_total_time=60 tests/fuzz/clone_corpus

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/clone_value.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using isohost::clone::CloneValue;
  using isohost::clone::Result;
  Result<CloneValue> decoded = isohost::clone::Decode({data, size});
  if (!decoded.ok()) return 0;

  const std::vector<uint8_t> encoded = isohost::clone::Encode(*decoded);
  Result<CloneValue> again = isohost::clone::Decode(encoded);
  if (!again.ok()) {
    std::fprintf(stderr, "re-encoded value does not decode: %s\n",
                 again.error().message.c_str());
    std::abort();
  }
  if (isohost::clone::Encode(*again) != encoded) {
    std::fprintf(stderr, "encoding is not stable\n");
    std::abort();
  }
  // The printer walks the same untrusted graph; keep it cheap per input.
  isohost::clone::ToJsonText(*decoded, {.max_values = 10000});
  return 0;
}
