// The top object of a worker process: one isolate, one context, one libuv
// loop and the channel to the host. Owned by RunWorker() for the process's life.
#ifndef ISOHOST_WORKER_RUNTIME_RUNTIME_H_
#define ISOHOST_WORKER_RUNTIME_RUNTIME_H_

#include <uv.h>
#include <v8.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ipc/channel.h"
#include "isohost.pb.h"
#include "worker/messaging/reply_spin.h"
#include "worker/runtime/memory_cap.h"
#include "worker/api/async_context/promise_hooks.h"
#include "worker/sandbox/ahead_of_start.h"
#include "worker/sandbox/cpu_limit.h"
#include "worker/sandbox/sandbox.h"
#include "worker/messaging/shared_memory.h"

namespace isohost::worker {

class CompileCache;
class ModuleRegistry;
class PreparedModules;
class NestedWorkers;
class PortLinks;
class TaskRunner;

// Layout of the arrays shared with the bootstrap JS (worker/js/*.js reads the
// same indices). C++ reads them without calling into JS.
enum TickInfoField : int {
  kHasTickScheduled = 0,
  kHasRejectionToWarn = 1,
  kTickPassCount = 2,  // incremented by the JS tick pass; reported in Exit stats
  kTickInfoFields = 3,
};
enum ImmediateInfoField : int {
  kImmediateCount = 0,
  kImmediateRefCount = 1,
  kImmediateInfoFields = 2,
};

// JS functions the bootstrap hands to C++ (binding.setCallbacks).
struct JsCallbacks {
  v8::Global<v8::Function> run_main;
  v8::Global<v8::Function> tick_pass;
  v8::Global<v8::Function> process_timers;
  v8::Global<v8::Function> process_immediates;
  v8::Global<v8::Function> emit_before_exit;
  v8::Global<v8::Function> emit_exit;
  v8::Global<v8::Function> on_message;
  v8::Global<v8::Function> on_promise_reject;
  v8::Global<v8::Function> on_uncaught;
  v8::Global<v8::Function> on_stdin;
  v8::Global<v8::Function> on_stdio_drain;
  v8::Global<v8::Function> make_data_clone_error;  // (message) -> DOMException
  v8::Global<v8::Function> import_module_dynamically;  // (specifier, referrer, attributes) -> Promise
  // (port, nestedId, bytes, names) for a ChannelMessage, (port) for a PortClose
  v8::Global<v8::Function> on_channel_frame;
  // () -> undefined: a pooled worker's warm-up before Hello (see Runtime::WarmUp)
  v8::Global<v8::Function> warm_up;
  v8::Global<v8::Function> prepare_entry;
};

// Counters of the event loop, reported in the Exit frame. Plain integers:
// they are bumped on the hot path.
struct LoopStats {
  std::uint64_t checkpoints = 0;
  std::uint64_t check_phase_js_calls = 0;
  std::uint64_t stdio_objects_built = 0;
  std::uint64_t builtins_loaded = 0;  // worker/js files compiled, the bootstrap's own included
  std::uint64_t builtins_prewarmed = 0;  // of those, compiled by the warm-up of a pooled worker
  bool entry_prepared = false;  // the entry's compile was a PrepareEntry's (countPreparedEntry)
  std::uint64_t modules_prepared = 0;  // compiles that took a PreparedModules function
  std::uint64_t builtins_prepared = 0;  // builtins whose compile was a PreparedModules one
};

// Heap limits fixed when the isolate is created; 0 keeps V8's default.
struct HeapLimits {
  std::uint32_t max_old_space_mb = 0;
  std::uint32_t max_young_space_mb = 0;
  std::uint32_t code_range_mb = 0;
};

class Runtime {
 public:
  Runtime(v8::Platform* platform, int channel_fd, HeapLimits limits = {});
  ~Runtime();

  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // Creates the isolate and context, runs the bootstrap and says Hello;
  // with `warm_up` (a pooled worker) it warms up first (WarmUp()).
  bool Initialize(bool warm_up = false);
  // Runs the loop until the worker is done; returns the exit code. Most ends
  // go through Exit() and never return here.
  int Run();

  // For isohost-js-cache: runs a warm-up script as a worker would, then
  // writes C++ source holding the code cache of every builtin loaded.
  bool WarmUpAndWriteCodeCache(std::string* cpp_source);

  // The compiled function of each builtin loaded, by name (for the caches).
  std::map<std::string, v8::Global<v8::Function>>& builtin_functions() { return builtin_functions_; }

  // Sends the last frames and ends the process. Never returns.
  [[noreturn]] void Exit(int code, proto::ExitReason reason, const std::string& message = {});

  // Called from bindings.
  static Runtime* From(v8::Isolate* isolate) {
    return static_cast<Runtime*>(isolate->GetData(0));
  }
  v8::Isolate* isolate() const { return isolate_; }
  v8::Local<v8::Context> context() const { return context_.Get(isolate_); }
  uv_loop_t* loop() { return &loop_; }
  // The loop's clock in ms since this worker's loop began, as the timers
  // count (small numbers, as Node's are: V8 keeps them unboxed).
  double LoopTime() const { return static_cast<double>(uv_now(&loop_) - loop_time_origin_); }
  ipc::Channel* channel() { return channel_.get(); }
  JsCallbacks& js() { return js_; }
  LoopStats& stats() { return stats_; }
  const proto::Start& start() const { return start_; }
  // Null unless the host named a compile cache directory in Start, or the
  // script enabled one (module.enableCompileCache()).
  CompileCache* compile_cache() { return compile_cache_.get(); }
  // Null unless a PrepareEntry made modules ready, until the script's first
  // callback has returned.
  PreparedModules* prepared_modules() { return prepared_modules_.get(); }
  // module.enableCompileCache(): a compile cache in `directory` (absolute)
  // from now on. False with `error` when the directory cannot be used.
  bool EnableCompileCache(const std::string& directory, std::string* error);

  void ScheduleTimer(double delay_ms);
  void SetTimerRef(bool ref);
  void SetImmediateRef(bool ref);
  void SetPortRef(bool ref);
  // Bytes of stdio sent and not yet acknowledged; JS pauses above its mark.
  std::uint64_t SendStdio(proto::StdioStream stream, std::string data,
                          proto::ConsoleLevel level);
  // A message of `size` bytes that `write` puts in place. False when it does
  // not fit in a frame.
  bool SendPortMessage(std::size_t size, const ipc::Channel::MessageWriter& write);
  void set_stdio_drain_wanted(bool wanted) { stdio_drain_wanted_ = wanted; }
  // The heap limits asked for (0: V8's default).
  const HeapLimits& heap_limits() const { return heap_limits_; }
  // The JS stack asked for at Start, KiB (0: V8's default).
  std::uint32_t stack_size_kib() const { return start_.limits().stack_size_kib(); }
  // Whether the worker's time limit (--timeout) has passed; any thread.
  bool timed_out() const { return timed_out_; }

  // Calls `fn` as a callback from the event loop: the result is discarded, an
  // exception goes to the JS uncaught handler, and the checkpoint runs after.
  void MakeCallback(v8::Local<v8::Function> fn, int argc, v8::Local<v8::Value>* argv);
  // A JS function MakeCallback calls after each callback and its checkpoint;
  // set once async context is in use (AsyncLocalStorage), empty before.
  void SetCallbackExitHook(v8::Local<v8::Function> hook) { callback_exit_hook_.Reset(isolate_, hook); }
  // Runs ticks and microtasks queued by a callback that just returned.
  void Checkpoint();
  // Hands an exception that escaped to C++ to the JS uncaught handler.
  // `message`: the TryCatch's, when one caught it (where it was thrown).
  void ReportUncaught(v8::Local<v8::Value> exception, v8::Local<v8::Message> message = {});

  // The ES modules of this worker (worker/loader/module_wrap.h), made on first use.
  std::unique_ptr<ModuleRegistry>& module_registry() { return module_registry_; }
  // Async context's promise hooks, for this context and every vm context.
  PromiseHooks& promise_hooks() { return promise_hooks_; }
  // The task frames' handler (worker/runtime/task_runner.h), made by the task binding.
  std::unique_ptr<TaskRunner>& task_runner() { return task_runner_; }
  // The nested workers' frames (worker/api/worker_threads/nested_workers.h), made on the first
  // `new Worker()`.
  std::unique_ptr<NestedWorkers>& nested_workers() { return nested_workers_; }
  // The direct links of its MessagePort ends (worker/messaging/port_links.h), made on
  // the first PortLink.
  std::unique_ptr<PortLinks>& port_links() { return port_links_; }
  // Polls for the answer after a post on one of those links.
  ReplySpin& reply_spin() { return reply_spin_; }
  // The SharedArrayBuffers that came with the frame being handled
  // (Envelope shared_buffers), mapped; empty between frames.
  const SharedBuffers& incoming_shared() const { return incoming_shared_; }

  std::int32_t* tick_info() { return tick_info_; }
  std::uint32_t* immediate_info() { return immediate_info_; }

 private:
  v8::Local<v8::Object> CreateBinding();
  bool RunBootstrap();
  // A pooled worker has time to spare before its Start: it runs the entry
  // path of a script once (worker/js/internal/modules/cjs/loader.js, warmUp), so that V8 has
  // seen that code when the real script arrives. Nothing of the run stays
  // visible to the script. A failure only costs the speed-up.
  void WarmUp();
  void OnEnvelope(proto::Envelope& envelope);
  void OnFrame(proto::Envelope& envelope);  // OnEnvelope() once its descriptors are in
  void OnChannelClosed(const std::string& error);
  void StartScript(proto::Start* start);
  // PrepareEntry: compiles the script a Start will most likely name, and
  // makes ready the modules its last run loaded through `compile_cache_dir`.
  void PrepareEntry(const std::string& script_path, const std::string& compile_cache_dir);
  void PrepareModules(const std::string& script_path, const std::string& compile_cache_dir);
  void DeliverMessage(std::string_view data);
  // Takes and maps the descriptors a frame says came before it; false (the
  // channel is then of no use) when they did not come.
  bool ReceiveShared(std::uint32_t count);
  void OnStdioAck(std::uint64_t bytes);
  void EmitBeforeExit();
  // Runs the 'exit' listeners (once); `code`, if given, becomes
  // process.exitCode first. Returns the final exit code.
  int EmitExit(std::optional<int> code = std::nullopt);
  void PumpPlatform();
  // uv_loop_close(), aborting with the list of handles still open if any.
  static void CheckedLoopClose(uv_loop_t* loop);
  // Ends the worker if the watchdog stopped its JS (limits.timeout_ms).
  void ExitIfTimedOut();
  void StartWatchdog(std::uint64_t timeout_ms);

  static void OnWatchdogFired(uv_async_t* handle);
  static size_t OnNearHeapLimit(void* data, size_t current_limit, size_t initial_limit);
  // V8 could not get memory (past RLIMIT_DATA under --max-memory), or a
  // native allocation failed: reported as out of memory while we can.
  static void OnOutOfMemory(const char* location, bool is_heap_oom);
  static void OnNativeOutOfMemory();
  // Start's max_memory_mb: the allocator's cap, the heap's (checked after
  // each GC: RLIMIT_DATA does not see V8 commit heap pages it reserved) and
  // RLIMIT_DATA for the rest.
  void ApplyMemoryLimit();
  static void OnGcEpilogue(v8::Isolate* isolate, v8::GCType type, v8::GCCallbackFlags flags, void* data);

  static void OnTimer(uv_timer_t* handle);
  static void OnCheck(uv_check_t* handle);
  static void OnPrepare(uv_prepare_t* handle);
  static void PromiseRejectCallback(v8::PromiseRejectMessage message);

  v8::Platform* platform_;
  HeapLimits heap_limits_;
  uv_loop_t loop_;
  std::uint64_t loop_time_origin_ = 0;  // uv_now() when the loop began
  // Loop handles; closed in the destructor before the loop.
  uv_timer_t timer_;
  uv_check_t immediate_check_;
  uv_idle_t immediate_idle_;  // keeps poll from blocking while immediates wait
  uv_prepare_t platform_pump_;
  uv_async_t watchdog_async_;  // wakes the loop when the watchdog fires

  std::unique_ptr<CappedAllocator> allocator_;
  v8::Isolate* isolate_ = nullptr;
  v8::Global<v8::Context> context_;
  JsCallbacks js_;
  v8::Global<v8::Function> callback_exit_hook_;
  std::int32_t* tick_info_ = nullptr;
  std::uint32_t* immediate_info_ = nullptr;
  v8::Global<v8::ArrayBuffer> tick_info_buffer_;
  v8::Global<v8::ArrayBuffer> immediate_info_buffer_;

  std::unique_ptr<ipc::Channel> channel_;
  std::unique_ptr<PortLinks> port_links_;  // its Channels use the loop: reset with channel_
  ReplySpin reply_spin_{&loop_};
  SharedBuffers incoming_shared_;
  // The watchdog thread only sleeps until the deadline; it touches nothing
  // but these atomics, the isolate's TerminateExecution() and the async handle.
  std::thread watchdog_;
  std::mutex watchdog_mutex_;  // guards watchdog_cancelled_ for the condition variable
  std::condition_variable watchdog_cv_;
  bool watchdog_cancelled_ = false;
  std::atomic<bool> timed_out_{false};
  // The V8 heap passed max_memory_mb (OnGcEpilogue): the JS is stopped and
  // the worker ends out of memory, as on a timeout.
  std::atomic<bool> memory_exceeded_{false};
  std::size_t heap_limit_bytes_ = 0;  // what the heap may use under max_memory_mb
  std::uint64_t timeout_ms_ = 0;

  proto::Start start_;
  bool started_ = false;
  bool port_ref_ = false;
  bool exiting_ = false;
  std::uint64_t stdio_unacked_ = 0;
  bool stdio_drain_wanted_ = false;
  LoopStats stats_;
  std::map<std::string, v8::Global<v8::Function>> builtin_functions_;
  std::unique_ptr<ModuleRegistry> module_registry_;  // holds Globals: reset before the isolate goes
  PromiseHooks promise_hooks_;                       // holds Globals: reset before the isolate goes
  std::unique_ptr<TaskRunner> task_runner_;          // the same
  std::unique_ptr<NestedWorkers> nested_workers_;    // the same
  std::unique_ptr<CompileCache> compile_cache_;      // the same
  std::unique_ptr<PreparedModules> prepared_modules_;  // the same
  sandbox::SandboxReport sandbox_;                   // what Start's permissions got from the kernel
  std::unique_ptr<sandbox::AheadOfStart> ahead_of_start_;  // until Start
  std::unique_ptr<sandbox::CpuLimit> cpu_limit_;     // Start.cpu_time_ms; its thread uses isolate_
};

// Runs one worker on the channel at fd 3 with V8 already initialised (an
// exec'd worker, or a child of the zygote). Returns the exit code.
// `pooled`: the worker waits in a pool, so it warms up before its Hello.
int RunWorkerOnChannel(v8::Platform* platform, HeapLimits limits, bool pooled = false);

// Entry point of an exec'd isohost-worker after flag parsing.
int RunWorker(const std::vector<std::string>& v8_flags, HeapLimits limits);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_RUNTIME_RUNTIME_H_
