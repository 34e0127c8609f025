// The code-cache table of isohost-js-cache itself, which makes the caches.
#include "worker/loader/builtin_code_cache.h"

namespace isohost::worker {

std::span<const std::uint8_t> FindBuiltinCodeCache(std::string_view) { return {}; }

}  // namespace isohost::worker
