// The worker's JavaScript builtins (worker/js/*.js), embedded at build time.
// Each file is the body of a function (exports, binding, internalRequire).
#ifndef ISOHOST_WORKER_BUILTINS_H_
#define ISOHOST_WORKER_BUILTINS_H_

#include <string_view>

namespace isohost::worker {

// The source of builtin `name` (file name without .js), or empty if none.
std::string_view FindBuiltinSource(std::string_view name);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_BUILTINS_H_
