// process.env of a worker: an object whose properties live in C++ and are
// reached through V8 interceptors, with Node's semantics (every value is
// stored as a string, `delete`, `in` and enumeration work, symbols and
// accessors are refused).
#ifndef ISOHOST_WORKER_API_PROCESS_PROCESS_ENV_H_
#define ISOHOST_WORKER_API_PROCESS_PROCESS_ENV_H_

#include <v8.h>

#include <optional>
#include <string>
#include <string_view>

namespace isohost::worker {

// A new process.env object. The variables the host sent in Start are copied
// into the store on the first access to any property, not here: a worker
// that never reads process.env copies nothing.
v8::MaybeLocal<v8::Object> NewProcessEnv(v8::Isolate* isolate, v8::Local<v8::Context> context);

// The value of the worker's variable `name` as process.env has it (what the
// host sent, as the script changed it), or nullopt; valid until process.env
// next changes. For native code that must see the worker's environment
// rather than the process's environ.
std::optional<std::string_view> FindProcessEnv(v8::Isolate* isolate, std::string_view name);

// Sets (or, `value` null, deletes) the worker's variable `name`, as a
// change that came from a worker sharing this process.env (SHARE_ENV).
void ChangeProcessEnv(v8::Isolate* isolate, std::string_view name, const std::string* value);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_API_PROCESS_PROCESS_ENV_H_
