// What to run in a worker and how: the input of Worker::Spawn().
#ifndef ISOHOST_WORKER_OPTIONS_H_
#define ISOHOST_WORKER_OPTIONS_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "isohost/permissions.h"

namespace isohost {

struct ResourceLimits {
  std::uint32_t max_old_space_mb = 0;    // 0: V8's default
  std::uint32_t max_young_space_mb = 0;  // 0: V8's default (young generation, MB)
  // The JS stack, KiB (0: V8's default). Set when the script starts, capped
  // to the stack the worker's thread really has.
  std::uint32_t stack_size_kib = 0;
  // V8's code range, MB (0: V8's default). Fixed when the isolate is made:
  // such a worker is forked or exec'd for it, never taken from the pool.
  std::uint32_t code_range_mb = 0;
  // Largest message either side may send (0: the default, 64 MiB): a larger
  // Worker::PostMessage() fails and says why, a larger postMessage() in the
  // worker throws a RangeError. A limit over what a frame's 32-bit length
  // can carry fails the spawn.
  std::size_t max_message_bytes = 64u << 20;
  // Wall-clock limit of the worker's life, 0 for none. At the limit its JS is
  // stopped (TerminateExecution, also inside `while (true) {}`) and it exits
  // with reason kTimeout; the host kills it if it is not gone a grace period later.
  std::uint64_t timeout_ms = 0;
  // CPU time limit of the worker process (its own user + system time, not
  // the wall clock), 0 for none. At the limit its JS is stopped and it exits
  // with reason kCpuTime; RLIMIT_CPU ends it a second later if it cannot stop.
  std::uint64_t cpu_time_ms = 0;
  // The memory the worker may take past what it holds at Start, MB, 0 for no
  // limit: its ArrayBuffers and Buffers together may not pass it (an
  // allocation past it throws a RangeError, and one left uncaught ends the
  // worker with reason kOutOfMemory), and the kernel caps the process's data
  // (RLIMIT_DATA: the V8 heap, native memory) at it plus a quarter (at least
  // 16 MiB), so that a heap or native allocation past that ends the worker
  // with kOutOfMemory too. A nested worker inherits its parent's.
  std::uint32_t max_memory_mb = 0;
};

// How a worker process is obtained (see DESIGN.md, "Spawn"). Workers from
// every strategy behave the same to the script.
enum class SpawnStrategy {
  kDefault,  // the supervisor's choice (pool, backed by the zygote)
  kExec,     // a fresh isohost-worker process
  kZygote,   // fork() of a process that has initialised V8, isolate made after
  kPool,     // a worker started ahead of demand, isolate and bootstrap done
};

// How WorkerOptions::script_source runs.
enum class SourceKind {
  kWorkerEval,  // a CommonJS module "[worker eval]", as in a Node worker with eval: true
  kEval,        // Node's -e: a script in the global scope, __filename '[eval]'
  kPrint,       // Node's -p: as kEval, then its completion value as console.log prints it
  kStdin,       // Node's `node -` : as kEval, __filename '[stdin]'
  kWorkerUrl,   // the URL (data:) of an ES module, as a Node worker given `new URL('data:...')`
};

struct WorkerOptions {
  // Exactly one of the two: a file (made absolute by Spawn) or source text.
  std::string script_path;
  std::optional<std::string> script_source;
  SourceKind source_kind = SourceKind::kWorkerEval;
  // process.argv after [execPath, script]; after [execPath] alone for
  // kEval and kPrint, as in Node.
  std::vector<std::string> argv;
  // process.execArgv: the Node options the worker stands for having been
  // started with. --no-deprecation, --throw-deprecation, --pending-deprecation,
  // --trace-deprecation, --trace-warnings, --no-warnings, --zero-fill-buffers,
  // --experimental-vm-modules and --no-experimental-require-module among them
  // take effect, and --expose-internals lets the script require the runtime's
  // own internal/* modules (and internal/test/binding); V8 flags are for v8_flags.
  std::vector<std::string> exec_argv;
  // process.env: nullopt inherits the host's environment; a map (possibly
  // empty) is used as it is.
  std::optional<std::map<std::string, std::string>> env;
  // workerData as structured-clone bytes; empty means undefined.
  std::string worker_data;
  ResourceLimits limits;
  // Extra V8 flags for the worker (e.g. "--jitless").
  std::vector<std::string> v8_flags;
  // Whether the worker's process.stdin receives WriteStdin() data.
  bool stdin_attached = false;
  // A descriptor the worker gets as its own fd 0 (the caller keeps its
  // own), sent at every start, however the worker was spawned: fs.readFileSync(0)
  // and the children it starts read it, and process.stdin reads it instead of
  // WriteStdin() data, as Node's stdin reads its process's. -1: none (the
  // worker's fd 0 is /dev/null).
  int stdin_fd = -1;
  // process.argv0: what the program was invoked as (Node's is its own
  // argv[0]); empty: process.execPath.
  std::string argv0;
  // The worker runs tasks (Worker::RunTask): the function the script exports
  // (module.exports, or an ES module's default export) is called on each.
  // A Pool sets it; the worker stays alive, waiting for tasks.
  bool task_runner = false;
  // Tasks a task runner runs at once; RunTask() may send more, which wait in
  // the worker and start in the order they were sent.
  std::size_t task_concurrency = 1;
  // What the worker may touch: nullopt (the default) is everything a Node
  // worker could do; Permissions::Sandbox() is the script's directory, read
  // only. Applied by the worker whatever the spawn strategy (docs/sandbox.md).
  std::optional<Permissions> permissions;
  SpawnStrategy spawn = SpawnStrategy::kDefault;
  // How many nested workers (`new Worker()` inside this worker) may run at
  // once; each is a process the host spawns for it, with this same quota for
  // its own. 0: none (the constructor's worker reports an error and exits).
  std::size_t max_nested_workers = 16;
  // After the worker posts on a MessagePort whose other end is in another
  // worker (a direct link), it polls for up to this many microseconds for
  // the answer before its loop sleeps: a conversation between two workers
  // then skips the kernel's wake-ups, which cost more than the messages.
  // It uses CPU only while it waits, less and less often when answers are
  // slow to come (worker/messaging/reply_spin.h); never on a machine of one CPU.
  // 0: never. Nested workers get their parent's.
  std::uint32_t link_spin_us = 50;
  // The worker's threadId; 0: its id (Worker::id()).
  std::uint32_t thread_id = 0;
  // A directory for V8 code caches of the script's modules, shared by all
  // the workers given it and by later runs (created when first written);
  // empty: no compile cache. The CLI's default is $XDG_CACHE_HOME/isohost.
  std::string compile_cache_dir;
  // The most that directory may hold, in bytes: past it a worker that writes
  // a cache file takes away the oldest ones. 0: the worker's default (256 MiB).
  std::uint64_t compile_cache_max_bytes = 0;
  // The isohost-worker binary; empty: next to the running executable, or
  // $ISOHOST_WORKER.
  std::string worker_binary;
};

}  // namespace isohost

#endif  // ISOHOST_WORKER_OPTIONS_H_
