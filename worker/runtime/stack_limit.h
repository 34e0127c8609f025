// The JS stack of a worker asked for a size of its own (Node's
// resourceLimits.stackSizeMb). V8 sets its stack limit when the isolate is
// first entered, so a pooled worker's is already set by Start; it is moved
// there, on the thread that runs the script.
#ifndef ISOHOST_WORKER_RUNTIME_STACK_LIMIT_H_
#define ISOHOST_WORKER_RUNTIME_STACK_LIMIT_H_

#include <v8.h>

#include <cstdint>
#include <string>
#include <vector>

namespace isohost::worker {

// Notes where the process's main stack begins and how far it may grow
// (RLIMIT_STACK). Called from main(), before anything deep; a zygote's
// workers are forked on that same thread and inherit the note.
void RecordStackBase();

// Notes the --stack-size (or --stack_size) among the V8 flags this process
// was started with, if any.
void NoteV8Flags(const std::vector<std::string>& v8_flags);
// The JS stack of a worker not asked for one, KiB: V8's default of 984, or
// what --stack-size said.
std::uint32_t DefaultStackKib();

// Sets `isolate`'s stack limit so that JS may use `kib` KiB below the
// caller's frame, less V8's own margin (the share of it that V8's default
// limit leaves for native frames: 40 KiB a MiB), and never past the stack
// the thread really has.
void ApplyStackLimit(v8::Isolate* isolate, std::uint32_t kib);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_RUNTIME_STACK_LIMIT_H_
