// Process-wide V8 set-up of a worker process: flags, the platform, V8 itself.
#ifndef ISOHOST_WORKER_RUNTIME_V8_INIT_H_
#define ISOHOST_WORKER_RUNTIME_V8_INIT_H_

#include <v8-platform.h>

#include <string>
#include <vector>

namespace isohost::worker {

// Initialises V8 once with a single-threaded platform: it starts no threads,
// so the process stays safe to fork(), and a worker uses one core.
// `v8_flags` are passed to V8 as given (e.g. "--jitless").
v8::Platform* InitializeV8(const std::vector<std::string>& v8_flags);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_RUNTIME_V8_INIT_H_
