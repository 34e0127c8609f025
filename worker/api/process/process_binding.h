// The native side of `process` that only a process of its own can answer
// honestly: signals, credentials, the umask, resource usage, cgroup limits,
// the versions of the libraries linked in, and process.env (process_env.h).
// worker/js/internal/process/object.js receives it from binding.processBinding().
#ifndef ISOHOST_WORKER_API_PROCESS_PROCESS_BINDING_H_
#define ISOHOST_WORKER_API_PROCESS_PROCESS_BINDING_H_

#include <v8.h>

namespace isohost::worker {

// processBinding() -> a new object holding the functions and values above.
// Made on first use, not at bootstrap.
void ProcessBinding(const v8::FunctionCallbackInfo<v8::Value>& info);

// process.arch and process.platform of this binary, in Node's words ("x64",
// "linux"): values of the bootstrap's binding, since nearly every package
// reads them.
extern const char* const kProcessArch;
extern const char* const kProcessPlatform;

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_API_PROCESS_PROCESS_BINDING_H_
