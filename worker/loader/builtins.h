// The worker's JavaScript builtins (worker/js/**/*.js), embedded at build time
// and named by their path below worker/js without `.js` ("bootstrap",
// "internal/errors", "node/buffer"). Each file is the body of a function
// (exports, binding, internalRequire, module).
#ifndef ISOHOST_WORKER_LOADER_BUILTINS_H_
#define ISOHOST_WORKER_LOADER_BUILTINS_H_

#include <v8.h>

#include <functional>
#include <string_view>

namespace isohost::worker {

// The source of builtin `name`, or empty if none.
std::string_view FindBuiltinSource(std::string_view name);

// Calls `fn` with the name of every builtin.
void ForEachBuiltin(const std::function<void(std::string_view name)>& fn);

// Compiles builtin `name` into its function, from its code cache when it has
// one. `eager` compiles every inner function too (for making caches).
v8::MaybeLocal<v8::Function> CompileBuiltin(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                            std::string_view name, bool eager = false);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_LOADER_BUILTINS_H_
