#include "worker/runtime/runtime.h"

#include <libplatform/libplatform.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "base/check.h"
#include "ipc/frame_format.h"
#include "ipc/stdio_flow.h"
#include "base/uv_loop.h"
#include "worker/loader/builtins.h"
#include "worker/runtime/cgroup_wait.h"
#include "worker/loader/compile_cache.h"
#include "worker/loader/module_wrap.h"
#include "worker/api/worker_threads/nested_workers.h"
#include "worker/messaging/port_links.h"
#include "worker/loader/prepared_modules.h"
#include "worker/messaging/serialization.h"
#include "worker/loader/source_text.h"
#include "worker/runtime/stack_limit.h"
#include "worker/runtime/task_runner.h"
#include "worker/runtime/v8_init.h"

namespace isohost::worker {
namespace {

// How long a dying worker waits for the host to take its last frames.
constexpr int kFinalFlushTimeoutMs = 10000;
// How long a worker whose output has outrun the host waits for it at a time.
constexpr int kStdioCatchUpTimeoutMs = 10000;
// The longest a frame waits in the channel's buffer while JS keeps the thread
// busy: output and messages reach the host this promptly even from a worker
// that never returns to its loop, and still leave in batches otherwise.
constexpr std::uint32_t kMaxWriteDelayMs = 5;
// How long a sandboxed Start waits for the writer thread to restrict itself
// (it is idle then, or at most kMaxWriteDelayMs into a write) before it
// replaces the thread instead.
constexpr int kWriterRestrictTimeoutMs = 100;
// The largest entry a pooled worker compiles on the host's guess
// (PrepareEntry): each pooled worker holds what it compiled.
constexpr std::size_t kMaxPreparedEntryBytes = 256 << 10;

}  // namespace

Runtime::Runtime(v8::Platform* platform, int channel_fd, HeapLimits limits)
    : platform_(platform), heap_limits_(limits) {
  CHECK_UV(uv_loop_init(&loop_));
  loop_time_origin_ = uv_now(&loop_);
  CHECK_UV(uv_timer_init(&loop_, &timer_));
  uv_unref(reinterpret_cast<uv_handle_t*>(&timer_));
  CHECK_UV(uv_check_init(&loop_, &immediate_check_));
  CHECK_UV(uv_check_start(&immediate_check_, &Runtime::OnCheck));
  uv_unref(reinterpret_cast<uv_handle_t*>(&immediate_check_));
  CHECK_UV(uv_idle_init(&loop_, &immediate_idle_));
  CHECK_UV(uv_prepare_init(&loop_, &platform_pump_));
  CHECK_UV(uv_async_init(&loop_, &watchdog_async_, &Runtime::OnWatchdogFired));
  uv_unref(reinterpret_cast<uv_handle_t*>(&watchdog_async_));
  watchdog_async_.data = this;
  timer_.data = this;
  immediate_check_.data = this;
  platform_pump_.data = this;
  CHECK_UV(uv_prepare_start(&platform_pump_, &Runtime::OnPrepare));
  uv_unref(reinterpret_cast<uv_handle_t*>(&platform_pump_));

  ipc::ChannelOptions options;
  // Frames from one callback go out in one write, after the callback.
  options.auto_flush = false;
  options.max_write_delay_ms = kMaxWriteDelayMs;
  // The writer thread is held to nothing from its first instruction, so a
  // sandbox needs nothing of it at Start.
  options.on_writer_start = [] { sandbox::HoldWriterThread(); };
  channel_ = std::make_unique<ipc::Channel>(
      &loop_, channel_fd,
      ipc::Channel::Callbacks{
          [this](proto::Envelope& envelope) { OnEnvelope(envelope); },
          [this](const std::string& error) { OnChannelClosed(error); },
          nullptr,
          // Messages are deserialised straight from the read buffer.
          [this](std::string_view data) {
            if (exiting_ || !started_) return;
            v8::HandleScope handle_scope(isolate_);
            DeliverMessage(data);
          }},
      options);
  // A pooled worker may wait long for Start: its sandbox is partly made then.
  ahead_of_start_ = std::make_unique<sandbox::AheadOfStart>(&loop_);
}

Runtime::~Runtime() {
  cpu_limit_.reset();
  if (watchdog_.joinable()) {
    {
      std::lock_guard<std::mutex> lock(watchdog_mutex_);
      watchdog_cancelled_ = true;
    }
    watchdog_cv_.notify_all();
    watchdog_.join();
  }
  port_links_.reset();
  channel_.reset();
  ahead_of_start_.reset();
  for (uv_handle_t* handle :
       {reinterpret_cast<uv_handle_t*>(&timer_), reinterpret_cast<uv_handle_t*>(&immediate_check_),
        reinterpret_cast<uv_handle_t*>(&immediate_idle_),
        reinterpret_cast<uv_handle_t*>(&platform_pump_),
        reinterpret_cast<uv_handle_t*>(&watchdog_async_)}) {
    uv_close(handle, nullptr);
  }
  uv_run(&loop_, UV_RUN_DEFAULT);
  CheckedLoopClose(&loop_);
  if (isolate_ != nullptr) {
    js_ = {};
    module_registry_.reset();
    compile_cache_.reset();
    prepared_modules_.reset();
    promise_hooks_.Reset();
    task_runner_.reset();
    nested_workers_.reset();
    callback_exit_hook_.Reset();
    builtin_functions_.clear();
    tick_info_buffer_.Reset();
    immediate_info_buffer_.Reset();
    context_.Reset();
    isolate_->Dispose();
  }
}

namespace {

// The process's one Runtime, for the callbacks that get no data pointer.
Runtime* the_runtime = nullptr;

}  // namespace

static void TracePoint(const char* what) {
  static bool enabled = getenv("ISOHOST_TRACE_STARTUP") != nullptr;
  if (enabled) std::fprintf(stderr, "[trace %d] %.3f ms %s\n", getpid(), uv_hrtime() / 1e6, what);
}

bool Runtime::Initialize(bool warm_up) {
  TracePoint("initialize");
  allocator_ = std::make_unique<CappedAllocator>();
  v8::Isolate::CreateParams params;
  params.array_buffer_allocator = allocator_.get();
  if (heap_limits_.max_old_space_mb > 0) {
    params.constraints.set_max_old_generation_size_in_bytes(std::size_t{heap_limits_.max_old_space_mb} << 20);
  }
  if (heap_limits_.max_young_space_mb > 0) {
    params.constraints.set_max_young_generation_size_in_bytes(std::size_t{heap_limits_.max_young_space_mb} << 20);
  }
  if (heap_limits_.code_range_mb > 0) {
    params.constraints.set_code_range_size_in_bytes(std::size_t{heap_limits_.code_range_mb} << 20);
  }
  isolate_ = v8::Isolate::New(params);
  TracePoint("isolate created");
  isolate_->SetData(0, this);
  isolate_->SetData(kDataCloneErrorFactorySlot, &js_.make_data_clone_error);
  isolate_->SetMicrotasksPolicy(v8::MicrotasksPolicy::kExplicit);
  isolate_->SetPromiseRejectCallback(&Runtime::PromiseRejectCallback);
  isolate_->SetCaptureStackTraceForUncaughtExceptions(true, 10);
  isolate_->AddNearHeapLimitCallback(&Runtime::OnNearHeapLimit, this);
  isolate_->SetOOMErrorHandler(&Runtime::OnOutOfMemory);
  the_runtime = this;
  InstallModuleHooks(isolate_);

  v8::Isolate::Scope isolate_scope(isolate_);
  v8::HandleScope handle_scope(isolate_);
  v8::Local<v8::Context> context = v8::Context::New(isolate_);
  context_.Reset(isolate_, context);
  TracePoint("context created");
  v8::Context::Scope context_scope(context);
  // A lazy data property: the constructor is built on first read.
  if (!InstallSharedArrayBufferGlobal(isolate_, context)) return false;
  if (!RunBootstrap()) return false;
  TracePoint("bootstrap done");
  if (warm_up) {
    WarmUp();
    // A pooled worker: its Start may come as soon as the host has its Hello.
    ahead_of_start_->PrepareNow();
    TracePoint("warmed up");
  }

  proto::Envelope hello;
  hello.mutable_hello()->set_protocol_version(proto::PROTOCOL_VERSION_CURRENT);
  hello.mutable_hello()->set_pid(getpid());
  hello.mutable_hello()->set_v8_version(v8::V8::GetVersion());
  channel_->Send(hello);
  channel_->Flush();
  return true;
}

bool Runtime::RunBootstrap() {
  v8::Local<v8::Context> context = this->context();
  v8::Local<v8::Object> binding = CreateBinding();
  v8::TryCatch try_catch(isolate_);
  v8::Local<v8::Value> require_value;
  if (!binding->Get(context, v8::String::NewFromUtf8Literal(isolate_, "internalRequire"))
           .ToLocal(&require_value) ||
      !require_value->IsFunction()) {
    return false;
  }
  v8::Local<v8::Value> name = v8::String::NewFromUtf8Literal(isolate_, "internal/bootstrap/worker");
  if (require_value.As<v8::Function>()->Call(context, v8::Undefined(isolate_), 1, &name).IsEmpty()) {
    v8::String::Utf8Value text(isolate_, try_catch.Exception());
    std::fprintf(stderr, "isohost-worker: bootstrap failed: %s\n", *text ? *text : "?");
    return false;
  }
  return !js_.run_main.IsEmpty();
}

void Runtime::WarmUp() {
  std::uint64_t loaded = stats_.builtins_loaded;
  {
    v8::HandleScope handle_scope(isolate_);
    v8::TryCatch try_catch(isolate_);
    if (js_.warm_up.Get(isolate_)->Call(context(), v8::Undefined(isolate_), 0, nullptr).IsEmpty()) {
      v8::String::Utf8Value text(isolate_, try_catch.Exception());
      std::fprintf(stderr, "isohost-worker: warm-up failed: %s\n", *text ? *text : "?");
    }
  }
  // The warm-up's promises (none expected) and its garbage go before Hello.
  isolate_->PerformMicrotaskCheckpoint();
  js_.warm_up.Reset();
  stats_.builtins_prewarmed = stats_.builtins_loaded - loaded;
}

void Runtime::PrepareEntry(const std::string& script_path, const std::string& compile_cache_dir) {
  PrepareModules(script_path, compile_cache_dir);
  // An entry among the modules made ready is not compiled a second time.
  if (prepared_modules_ && prepared_modules_->HasModule(script_path)) return;
  // Only what the CommonJS loader compiles as such.
  const std::string_view path(script_path);
  if (!path.ends_with(".js") && !path.ends_with(".cjs")) return;
  v8::HandleScope handle_scope(isolate_);
  v8::Local<v8::Context> context = this->context();
  v8::Context::Scope context_scope(context);
  // A regular file, of a size compiled quickly (a larger one comes from the
  // compile cache at Start).
  FileStamp stamp;
  v8::Local<v8::String> content;
  if (!ReadRegularSourceText(isolate_, script_path, kMaxPreparedEntryBytes, &stamp, false, &content) ||
      content.IsEmpty()) {
    return;
  }
  // A guess that fails (a syntax error) costs nothing: the script meets the
  // same failure at Start, where it is reported.
  v8::TryCatch try_catch(isolate_);
  v8::Local<v8::Value> argv[2] = {v8::String::NewFromUtf8(isolate_, script_path.data(), v8::NewStringType::kNormal,
                                                          static_cast<int>(script_path.size()))
                                      .FromMaybe(v8::Local<v8::String>()),
                                  content};
  if (argv[0].IsEmpty()) return;
  v8::MaybeLocal<v8::Value> ignored = js_.prepare_entry.Get(isolate_)->Call(context, v8::Undefined(isolate_), 2, argv);
  static_cast<void>(ignored);
}

void Runtime::PrepareModules(const std::string& script_path, const std::string& compile_cache_dir) {
  prepared_modules_.reset();
  if (compile_cache_dir.empty()) return;
  v8::HandleScope handle_scope(isolate_);
  v8::Local<v8::Context> context = this->context();
  v8::Context::Scope context_scope(context);
  // Read only: the list and the cache files are this directory's, and this
  // worker may never run the script (its Start writes with a cache of its own).
  CompileCache cache(compile_cache_dir);
  prepared_modules_ = std::make_unique<PreparedModules>(
      isolate_, context, cache, script_path, [this](const std::string& name) { return builtin_functions_.count(name) != 0; });
  if (prepared_modules_->empty()) prepared_modules_.reset();
}

int Runtime::Run() {
  v8::Isolate::Scope isolate_scope(isolate_);
  v8::HandleScope handle_scope(isolate_);
  v8::Context::Scope context_scope(context());
  // Every callback from the loop opens its own HandleScope: none leaks
  // handles into a scope that lives as long as the worker.
  v8::SealHandleScope seal(isolate_);
  while (true) {
    uv_run(&loop_, UV_RUN_DEFAULT);
    if (!started_) {
      // The host went away before it said what to run.
      return 1;
    }
    EmitBeforeExit();
    if (!uv_loop_alive(&loop_)) break;
  }
  Exit(EmitExit(), proto::EXIT_REASON_NORMAL);
}

void Runtime::CheckedLoopClose(uv_loop_t* loop) {
  std::string still_open;
  if (base::CloseLoop(loop, &still_open) == 0) return;
  // A handle still open here is one we forgot to close.
  std::fprintf(stderr, "isohost-worker: handles left open at exit: %s\n", still_open.c_str());
  CHECK(!"every handle is closed before the loop");
}

void Runtime::Exit(int code, proto::ExitReason reason, const std::string& message) {
  // The RangeError of an ArrayBuffer the memory cap refused, left uncaught:
  // the worker ran out of its memory, as one at its heap limit does.
  // So is an uncaught ENOMEM under the limit (a native allocation refused,
  // past RLIMIT_DATA, that a call reported rather than died of).
  if (reason == proto::EXIT_REASON_UNCAUGHT_EXCEPTION && start_.limits().max_memory_mb() > 0) {
    const std::string limit = std::to_string(start_.limits().max_memory_mb()) + " MB";
    if (allocator_->refused() > 0 && message.rfind("RangeError: Array buffer allocation failed", 0) == 0) {
      return Exit(134, proto::EXIT_REASON_OUT_OF_MEMORY,
                  "ArrayBuffer memory past the limit of " + limit + " (an allocation was refused, and its RangeError "
                  "not caught)");
    }
    if (message.find("ENOMEM") != std::string::npos) {
      return Exit(134, proto::EXIT_REASON_OUT_OF_MEMORY,
                  "memory past the limit of " + limit + " (" + message + ", not caught)");
    }
  }
  exiting_ = true;
  // What the script posted on its ports' links reaches their peers.
  if (port_links_) port_links_->FlushAll(kFinalFlushTimeoutMs);
  if (channel_ && channel_->is_open()) {
    proto::Envelope envelope;
    proto::Exit* exit = envelope.mutable_exit();
    exit->set_code(code);
    exit->set_reason(reason);
    exit->set_message(message);
    proto::WorkerStats* stats = exit->mutable_stats();
    stats->set_checkpoints(stats_.checkpoints);
    stats->set_check_phase_js_calls(stats_.check_phase_js_calls);
    stats->set_stdio_objects_built(stats_.stdio_objects_built);
    stats->set_builtins_loaded(stats_.builtins_loaded);
    stats->set_builtins_prewarmed(stats_.builtins_prewarmed);
    if (compile_cache_) {
      stats->set_compile_cache_hits(compile_cache_->stats().hits);
      stats->set_compile_cache_misses(compile_cache_->stats().misses);
      stats->set_compile_cache_rejected(compile_cache_->stats().rejected);
    }
    stats->set_landlock_abi(static_cast<std::uint32_t>(sandbox_.landlock_abi));
    stats->set_seccomp_filter(sandbox_.seccomp_filter);
    stats->set_sandbox_us(sandbox_.applied_in_us);
    stats->set_link_spin_polls(reply_spin_.stats().polls);
    stats->set_link_spin_answered(reply_spin_.stats().answered);
    stats->set_entry_prepared(stats_.entry_prepared);
    stats->set_modules_prepared(stats_.modules_prepared);
    stats->set_builtins_prepared(stats_.builtins_prepared);
    exit->set_sandbox_degraded(sandbox_.degraded);
    exit->set_cpu_time_us(sandbox::ProcessCpuTimeUs());
    if (tick_info_ != nullptr) {
      stats->set_tick_passes(static_cast<std::uint32_t>(tick_info_[kTickPassCount]));
    }
    channel_->Send(envelope);
    channel_->FlushSync(kFinalFlushTimeoutMs);
  }
  std::fflush(stdout);
  std::fflush(stderr);
  // No destructors: nothing of the isolate needs to outlive us, and JS must
  // not run again once the exit began.
  _exit(code);
}

void Runtime::OnChannelClosed(const std::string& error) {
  if (!error.empty()) std::fprintf(stderr, "isohost-worker: channel to host failed: %s\n", error.c_str());
  // Without a host nobody can see what we do: stop at once. A pooled worker
  // the host let go (EOF before Start) ends normally; a failed channel never.
  std::fflush(stderr);
  _exit(started_ || !error.empty() ? 1 : 0);
}

bool Runtime::ReceiveShared(std::uint32_t count) {
  std::vector<base::UniqueFd> fds;
  if (count > ipc::kMaxSharedBuffersPerMessage || !channel_->ReceiveDescriptors(count, &fds)) {
    std::fprintf(stderr, "isohost-worker: a frame from the host came without the %u SharedArrayBuffers it names\n",
                 count);
    return false;
  }
  v8::Context::Scope context_scope(context());
  v8::TryCatch try_catch(isolate_);
  if (!MapReceived(isolate_, std::move(fds), &incoming_shared_)) {
    std::fprintf(stderr, "isohost-worker: a SharedArrayBuffer from the host cannot be mapped\n");
    return false;
  }
  return true;
}

void Runtime::OnEnvelope(proto::Envelope& envelope) {
  if (exiting_) return;
  v8::HandleScope handle_scope(isolate_);
  if (envelope.shared_buffers() != 0) {
    // The message's memory; a host that promised it and sent none has lost
    // track of the channel, which is then useless.
    if (!ReceiveShared(envelope.shared_buffers())) return OnChannelClosed("bad frame: descriptors missing");
    OnFrame(envelope);
    incoming_shared_.clear();
    return;
  }
  OnFrame(envelope);
}

void Runtime::OnFrame(proto::Envelope& envelope) {
  switch (envelope.body_case()) {
    case proto::Envelope::kStart:
      if (!started_) StartScript(envelope.mutable_start());
      break;
    case proto::Envelope::kPortMessage:
      if (started_) DeliverMessage(envelope.port_message().data());
      break;
    case proto::Envelope::kStdioAck:
      OnStdioAck(envelope.stdio_ack().bytes());
      break;
    case proto::Envelope::kStdinChunk: {
      if (!started_ || js_.on_stdin.IsEmpty()) break;
      const std::string& data = envelope.stdin_chunk().data();
      v8::Local<v8::Value> argv[2];
      argv[0] = v8::Undefined(isolate_);
      if (!data.empty()) {
        // Bytes, as the host read them: a chunk may end inside a UTF-8
        // character, and stdin need not be text at all.
        v8::Local<v8::ArrayBuffer> bytes = v8::ArrayBuffer::New(isolate_, data.size());
        std::memcpy(bytes->GetBackingStore()->Data(), data.data(), data.size());
        argv[0] = v8::Uint8Array::New(bytes, 0, data.size());
      }
      argv[1] = v8::Boolean::New(isolate_, envelope.stdin_chunk().eof());
      MakeCallback(js_.on_stdin.Get(isolate_), 2, argv);
      break;
    }
    case proto::Envelope::kTaskRun:
    case proto::Envelope::kTaskCancel:
      if (started_ && task_runner_) task_runner_->OnFrame(envelope);
      break;
    case proto::Envelope::kNestedPortMessage:
    case proto::Envelope::kNestedEvent:
    case proto::Envelope::kNestedStdio:
      if (started_ && nested_workers_) nested_workers_->OnFrame(envelope);
      break;
    case proto::Envelope::kNestedControl:
      if (started_) OnNestedControl(*this, envelope);
      break;
    case proto::Envelope::kChannelMessage:
    case proto::Envelope::kPortClose:
    case proto::Envelope::kPortDrain:
    case proto::Envelope::kBroadcast:
    case proto::Envelope::kThreadResult:
      if (started_) DeliverChannelFrame(*this, envelope);
      break;
    case proto::Envelope::kPrepareEntry:
      if (!started_) PrepareEntry(envelope.prepare_entry().script_path(), envelope.prepare_entry().compile_cache_dir());
      break;
    case proto::Envelope::kPortLink:
      if (!started_) break;
      if (!port_links_) port_links_ = std::make_unique<PortLinks>(this);
      port_links_->OnPortLink(envelope.port_link());
      break;
    case proto::Envelope::kTerminate:
      // JS is idle (we are in the loop), so 'exit' listeners may run; a
      // worker whose JS never yields is killed by the host instead.
      Exit(started_ ? EmitExit(envelope.terminate().exit_code()) : envelope.terminate().exit_code(),
           proto::EXIT_REASON_TERMINATED);
    default:
      break;
  }
}

void Runtime::StartScript(proto::Start* start) {
  TracePoint("start received");
  // Taken, not copied: the frame is not used again.
  start_.Swap(start);
  started_ = true;
  // The channel was made before Start (pooled and zygote workers are made
  // ahead of demand): the limit the host checks against applies from here,
  // to the frames after Start and to what the script posts.
  if (start_.limits().max_message_bytes() != 0) channel_->SetMaxMessageSize(start_.limits().max_message_bytes());
  // Before any of the script's code, and before the threads started for it
  // (a Landlock domain covers the threads started after it).
  if (ahead_of_start_) {
    ahead_of_start_->Started(start_.has_permissions());
    ahead_of_start_.reset();
  }
  ExpectCgroup(start_.cgroup());
  // Before the sandbox, which refuses a later change of the process's limits.
  ApplyMemoryLimit();
  if (start_.cpu_time_ms() > 0) sandbox::SetCpuTimeBackstop(start_.cpu_time_ms());
  if (start_.has_permissions()) {
    std::uint64_t began_ns = uv_hrtime();
    // The channel's writer thread, made before the sandbox, restricts itself
    // to the same Landlock domain; one that cannot is replaced by a thread
    // made inside it before the script runs.
    // A writer thread that holds itself to nothing needs nothing more; one
    // that could not restricts itself to the grant's domain at Start.
    const bool writer_held =
        channel_->has_background_writer() && sandbox::WriterThreadHeld(kWriterRestrictTimeoutMs);
    std::uint64_t posted = 0;
    sandbox::OtherThread writer{
        [&](std::function<void()> task) { return (posted = channel_->PostToBackgroundWriter(std::move(task))) != 0; },
        [&] { return channel_->AwaitBackgroundWriter(posted, kWriterRestrictTimeoutMs); }};
    sandbox_ = sandbox::ApplySandbox(start_, writer_held ? nullptr : &writer, writer_held ? 1 : 0);
    if (!sandbox_.other_thread_restricted) channel_->StopBackgroundWriter();
    channel_->ResumeBackgroundWriter();  // nothing if it runs
    sandbox_.applied_in_us = (uv_hrtime() - began_ns) / 1000;
    TracePoint("sandbox applied");
  }
  if (start_.limits().timeout_ms() > 0) StartWatchdog(start_.limits().timeout_ms());
  reply_spin_.SetBudget(start_.link_spin_us());
  // Here rather than when the isolate is made: a pooled worker's exists
  // before anyone asks. The script runs on this thread, from the loop.
  ApplyStackLimit(isolate_, start_.limits().stack_size_kib());
  if (start_.stdin_descriptor()) {
    // The host's stdin becomes our fd 0 (it was /dev/null), for
    // process.stdin, fs.readFileSync(0) and the children we start.
    base::UniqueFd stdin_fd = channel_->ReceiveDescriptor();
    bool taken = false;
    if (stdin_fd.get() == STDIN_FILENO) {
      taken = stdin_fd.release() == STDIN_FILENO;  // our fd 0 was closed: it came as fd 0
    } else if (stdin_fd) {
      taken = ::dup2(stdin_fd.get(), STDIN_FILENO) == STDIN_FILENO;
    }
    if (!taken) {
      std::fprintf(stderr, "isohost-worker: the host's stdin did not arrive; fd 0 stays /dev/null\n");
      start_.set_stdin_descriptor(false);
    }
  }
  if (!start_.compile_cache_dir().empty()) {
    compile_cache_ = std::make_unique<CompileCache>(start_.compile_cache_dir(), start_.compile_cache_max_bytes());
    compile_cache_->StartRecording();
  }
  // Modules made ready from another directory's cache files (or with none
  // now) would make this worker's cache hits not its own.
  if (prepared_modules_ && (!compile_cache_ || compile_cache_->directory() != prepared_modules_->directory())) {
    prepared_modules_.reset();
  }
  if (start_.cpu_time_ms() > 0) {
    cpu_limit_ = std::make_unique<sandbox::CpuLimit>(start_.cpu_time_ms(), [this] {
      isolate_->TerminateExecution();
      uv_async_send(&watchdog_async_);
    });
  }
  channel_->SetKeepAlive(port_ref_);
  v8::Local<v8::Context> context = this->context();
  v8::Local<v8::Value> worker_data = v8::Undefined(isolate_);
  // workerData that carries ports is read by JS, which makes the ports
  // first (internal/worker/io.js, startWorkerData).
  const bool with_ports = start_.worker_data_ports_size() > 0;
  if (!start_.worker_data().empty() && !with_ports) {
    v8::TryCatch try_catch(isolate_);
    if (!DeserializeValue(isolate_, context, start_.worker_data(), &incoming_shared_).ToLocal(&worker_data)) {
      worker_data = v8::Undefined(isolate_);
    }
  }
  v8::Local<v8::Value> argv[2] = {worker_data, v8::Boolean::New(isolate_, with_ports)};
  MakeCallback(js_.run_main.Get(isolate_), 2, argv);
  TracePoint("main done and flushed");
  // The script has loaded what it loads first, and its first messages are
  // out: what was made ready and not taken goes, and the large modules it
  // loaded become the list of this script for the workers that expect it.
  prepared_modules_.reset();
  if (compile_cache_) compile_cache_->SaveModuleList(start_.script_path());
}

bool Runtime::EnableCompileCache(const std::string& directory, std::string* error) {
  auto cache = std::make_unique<CompileCache>(directory, start_.compile_cache_max_bytes());
  if (!cache->MakeDirectory(error)) return false;
  compile_cache_ = std::move(cache);
  return true;
}

void Runtime::DeliverMessage(std::string_view data) {
  v8::Local<v8::Context> context = this->context();
  v8::Local<v8::Value> value;
  {
    v8::TryCatch try_catch(isolate_);
    if (!DeserializeValue(isolate_, context, data, &incoming_shared_).ToLocal(&value)) {
      ReportUncaught(try_catch.HasCaught() ? try_catch.Exception()
                                           : v8::Exception::Error(v8::String::NewFromUtf8Literal(
                                                 isolate_, "could not deserialize a message")));
      Checkpoint();
      return;
    }
  }
  v8::Local<v8::Value> argv[1] = {value};
  MakeCallback(js_.on_message.Get(isolate_), 1, argv);
}

std::uint64_t Runtime::SendStdio(proto::StdioStream stream, std::string data,
                                 proto::ConsoleLevel level) {
  std::uint64_t size = data.size();
  proto::Envelope envelope;
  proto::StdioChunk* chunk = envelope.mutable_stdio_chunk();
  chunk->set_stream(stream);
  chunk->set_level(level);
  chunk->set_data(std::move(data));
  if (!channel_->Send(envelope)) {
    // Past the channel's high-water mark: console.log ignores write()'s
    // answer, so a worker printing in a loop would otherwise buffer without
    // bound, and its exit would wait for all of it. It waits for the host to
    // catch up instead, as a write to a full pipe would.
    channel_->FlushSync(kStdioCatchUpTimeoutMs, channel_->options().high_water_mark / 2);
  }
  stdio_unacked_ += size;
  return stdio_unacked_ < ipc::kStdioWindow;
}

bool Runtime::SendPortMessage(std::size_t size, const ipc::Channel::MessageWriter& write) {
  return channel_->SendPortMessage(size, write);
}

void Runtime::OnStdioAck(std::uint64_t bytes) {
  stdio_unacked_ -= std::min(bytes, stdio_unacked_);
  if (stdio_drain_wanted_ && stdio_unacked_ < ipc::kStdioWindow && !js_.on_stdio_drain.IsEmpty()) {
    stdio_drain_wanted_ = false;
    MakeCallback(js_.on_stdio_drain.Get(isolate_), 0, nullptr);
  }
}

void Runtime::EmitBeforeExit() {
  v8::HandleScope handle_scope(isolate_);
  MakeCallback(js_.emit_before_exit.Get(isolate_), 0, nullptr);
}

int Runtime::EmitExit(std::optional<int> code) {
  v8::HandleScope handle_scope(isolate_);
  v8::TryCatch try_catch(isolate_);
  v8::Local<v8::Value> result;
  v8::Local<v8::Value> argv[1] = {code ? v8::Local<v8::Value>(v8::Integer::New(isolate_, *code))
                                       : v8::Local<v8::Value>(v8::Undefined(isolate_))};
  if (!js_.emit_exit.Get(isolate_)->Call(context(), v8::Undefined(isolate_), 1, argv).ToLocal(&result)) {
    ReportUncaught(try_catch.Exception(), try_catch.Message());
    return 1;
  }
  return result->Int32Value(context()).FromMaybe(0);
}

void Runtime::MakeCallback(v8::Local<v8::Function> fn, int argc, v8::Local<v8::Value>* argv) {
  {
    v8::TryCatch try_catch(isolate_);
    if (fn->Call(context(), v8::Undefined(isolate_), argc, argv).IsEmpty() && try_catch.HasCaught()) {
      if (try_catch.HasTerminated()) ExitIfTimedOut();
      ReportUncaught(try_catch.Exception(), try_catch.Message());
    }
  }
  Checkpoint();
  if (!callback_exit_hook_.IsEmpty()) {
    // The hook only resets the async context; it does not throw.
    v8::TryCatch try_catch(isolate_);
    v8::MaybeLocal<v8::Value> ignored =
        callback_exit_hook_.Get(isolate_)->Call(context(), v8::Undefined(isolate_), 0, nullptr);
    static_cast<void>(ignored);
  }
  channel_->Flush();
  // After the flush: what the callback sent does not wait for the disk.
  if (compile_cache_) compile_cache_->AfterCallback(isolate_);
}

}  // namespace isohost::worker

namespace isohost::worker {

void Runtime::StartWatchdog(std::uint64_t timeout_ms) {
  timeout_ms_ = timeout_ms;
  watchdog_ = std::thread([this, timeout_ms] {
    std::unique_lock<std::mutex> lock(watchdog_mutex_);
    if (watchdog_cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                              [this] { return watchdog_cancelled_; })) {
      return;
    }
    timed_out_ = true;
    // Stops JS that is running now (even `while (true) {}`); the async handle
    // wakes a loop that is idle.
    isolate_->TerminateExecution();
    uv_async_send(&watchdog_async_);
  });
}

void Runtime::OnWatchdogFired(uv_async_t* handle) {
  static_cast<Runtime*>(handle->data)->ExitIfTimedOut();
}

void Runtime::ExitIfTimedOut() {
  if (memory_exceeded_) {
    Exit(134, proto::EXIT_REASON_OUT_OF_MEMORY,
         "JavaScript heap past the memory limit of " + std::to_string(start_.limits().max_memory_mb()) + " MB");
  }
  if (cpu_limit_ && cpu_limit_->reached()) {
    Exit(128 + SIGXCPU, proto::EXIT_REASON_CPU_TIME,
         "used more than its CPU time limit of " + std::to_string(cpu_limit_->limit_ms()) + " ms");
  }
  if (!timed_out_) return;
  Exit(124, proto::EXIT_REASON_TIMEOUT,
       "ran longer than the time limit of " + std::to_string(timeout_ms_) + " ms");
}

void Runtime::ApplyMemoryLimit() {
  const std::uint64_t cap = std::uint64_t{start_.limits().max_memory_mb()} << 20;
  if (cap == 0) return;
  allocator_->SetCap(cap);
  v8::HeapStatistics heap;
  isolate_->GetHeapStatistics(&heap);
  heap_limit_bytes_ = heap.used_heap_size() + cap;
  isolate_->AddGCEpilogueCallback(&Runtime::OnGcEpilogue, this);
  std::string error;
  if (!LimitDataSegment(DataSegmentLimitOver(cap), &error)) {
    std::fprintf(stderr, "isohost-worker: warning: the memory limit holds for ArrayBuffers only: %s\n", error.c_str());
  }
  // A native allocation past RLIMIT_DATA (a large read or string) throws
  // std::bad_alloc, which would abort: it ends the worker as out of memory.
  std::set_new_handler(&Runtime::OnNativeOutOfMemory);
}

void Runtime::OnOutOfMemory(const char* location, bool is_heap_oom) {
  static bool once = false;
  if (once || the_runtime == nullptr) _exit(134);
  once = true;
  std::string limit;
  if (std::uint32_t mb = the_runtime->start_.limits().max_memory_mb(); mb > 0) {
    limit = " (memory limit " + std::to_string(mb) + " MB)";
  }
  the_runtime->Exit(134, proto::EXIT_REASON_OUT_OF_MEMORY,
                    std::string(is_heap_oom ? "JavaScript heap out of memory" : "out of memory") + limit +
                        (location != nullptr ? std::string(": ") + location : std::string()));
}

void Runtime::OnNativeOutOfMemory() { OnOutOfMemory("a native allocation failed", false); }

void Runtime::OnGcEpilogue(v8::Isolate* isolate, v8::GCType, v8::GCCallbackFlags, void* data) {
  auto* self = static_cast<Runtime*>(data);
  if (self->memory_exceeded_) return;
  v8::HeapStatistics heap;
  isolate->GetHeapStatistics(&heap);
  if (heap.used_heap_size() <= self->heap_limit_bytes_) return;
  // What survived a collection is past the limit: stop the JS (also in a
  // loop), and end the worker once it has stopped (ExitIfTimedOut()).
  self->memory_exceeded_ = true;
  isolate->TerminateExecution();
  uv_async_send(&self->watchdog_async_);
}

size_t Runtime::OnNearHeapLimit(void* data, size_t current_limit, size_t) {
  auto* self = static_cast<Runtime*>(data);
  // Report it while we still can: past this point V8 would abort with a
  // fatal error. Output written so far is flushed first, by Exit(). V8 asks
  // here too when the kernel refused the heap more pages (RLIMIT_DATA of a
  // memory limit) before the heap reached its own limit.
  std::string limits = "heap limit " + std::to_string(current_limit >> 20) + " MB";
  if (std::uint32_t mb = self->start_.limits().max_memory_mb(); mb > 0) {
    limits += ", memory limit " + std::to_string(mb) + " MB";
  }
  self->Exit(134, proto::EXIT_REASON_OUT_OF_MEMORY, "JavaScript heap out of memory (" + limits + ")");
}

int RunWorkerOnChannel(v8::Platform* platform, HeapLimits limits, bool pooled) {
  Runtime runtime(platform, ipc::kWorkerChannelFd, limits);
  if (!runtime.Initialize(pooled)) return 70;
  return runtime.Run();
}

int RunWorker(const std::vector<std::string>& v8_flags, HeapLimits limits) {
  NoteV8Flags(v8_flags);
  return RunWorkerOnChannel(InitializeV8(v8_flags), limits);
}

}  // namespace isohost::worker
