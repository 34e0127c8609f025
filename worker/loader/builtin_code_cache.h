// V8 code caches of the builtins (worker/js/*.js), made at build time by
// isohost-js-cache after it ran the bootstrap and a warm-up script, so that
// the functions a worker needs first arrive compiled. A cache V8 refuses
// (other V8 flags, other V8) costs nothing but the compile it would have saved.
#ifndef ISOHOST_WORKER_LOADER_BUILTIN_CODE_CACHE_H_
#define ISOHOST_WORKER_LOADER_BUILTIN_CODE_CACHE_H_

#include <cstdint>
#include <span>
#include <string_view>

namespace isohost::worker {

// The cache of builtin `name`, or an empty span.
std::span<const std::uint8_t> FindBuiltinCodeCache(std::string_view name);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_LOADER_BUILTIN_CODE_CACHE_H_
