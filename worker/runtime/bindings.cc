// The native functions behind the bootstrap JS: the `binding` object every
// worker/js module receives. Nothing here is reachable from user scripts
// except through what the bootstrap chooses to expose.
#include <sys/stat.h>
#include <unistd.h>
#include <uv.h>

#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "worker/loader/builtins.h"
#include "worker/loader/compile_cache.h"
#include "worker/v8/error_format.h"
#include "worker/v8/binding.h"
#include "worker/loader/prepared_modules.h"
#include "worker/v8/lazy_property.h"
#include "worker/api/process/process_binding.h"
#include "worker/api/process/process_env.h"
#include "worker/runtime/runtime.h"
#include "worker/messaging/serialization.h"
#include "worker/loader/source_text.h"

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// --- builtin modules ---------------------------------------------------------

void InternalRequire(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::Object> binding = info.Data().As<v8::Object>();
  Local<v8::String> cache_key = Str(isolate, "builtinCache");
  Local<Value> cache_value;
  if (!binding->Get(context, cache_key).ToLocal(&cache_value) || !cache_value->IsMap()) return;
  Local<v8::Map> cache = cache_value.As<v8::Map>();
  Local<Value> name = info[0];
  Local<Value> cached;
  if (cache->Get(context, name).ToLocal(&cached) && !cached->IsUndefined()) {
    info.GetReturnValue().Set(cached);
    return;
  }
  std::string name_text = ToStdString(isolate, name);
  std::string_view source = FindBuiltinSource(name_text);
  if (source.empty()) {
    ThrowTypeError(isolate, "no such builtin module: " + name_text);
    return;
  }
  Runtime* runtime = Runtime::From(isolate);
  // Compiled while a pooled worker waited, if the script's last run loaded it.
  Local<v8::Function> fn;
  PreparedModules* prepared = runtime->prepared_modules();
  if (prepared != nullptr && prepared->TakeBuiltin(isolate, name_text, &fn)) {
    ++runtime->stats().builtins_prepared;
  } else if (!CompileBuiltin(isolate, context, name_text).ToLocal(&fn)) {
    return;
  }
  if (CompileCache* cache = runtime->compile_cache()) cache->RecordBuiltin(name_text);
  runtime->builtin_functions()[name_text].Reset(isolate, fn);
  ++runtime->stats().builtins_loaded;
  // A builtin fills `exports`, or replaces `module.exports` as CommonJS does;
  // the cache holds `exports` while it runs, so a cycle sees what is there.
  Local<v8::Object> exports = v8::Object::New(isolate);
  Local<v8::Object> module = v8::Object::New(isolate);
  Local<v8::String> exports_key = Str(isolate, "exports");
  if (module->Set(context, exports_key, exports).IsNothing()) return;
  if (cache->Set(context, name, exports).IsEmpty()) return;
  Local<Value> self;
  if (!binding->Get(context, Str(isolate, "internalRequire")).ToLocal(&self)) return;
  Local<Value> argv[] = {exports, binding, self, module};
  if (fn->Call(context, v8::Undefined(isolate), 4, argv).IsEmpty()) {
    (void)cache->Delete(context, name).FromMaybe(false);
    return;
  }
  Local<Value> result;
  if (!module->Get(context, exports_key).ToLocal(&result)) return;
  if (result != exports && cache->Set(context, name, result).IsEmpty()) return;
  info.GetReturnValue().Set(result);
}

// Whether builtin `name` exists, without loading it.
void HasBuiltin(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsString()) return info.GetReturnValue().Set(false);
  info.GetReturnValue().Set(!FindBuiltinSource(ToStdString(isolate, info[0])).empty());
}

// The native module `name` (worker/v8/native_module.h), made on first use.
void InternalBinding(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::Object> binding = info.Data().As<v8::Object>();
  Local<Value> cache_value;
  if (!binding->Get(context, Str(isolate, "nativeModuleCache")).ToLocal(&cache_value) || !cache_value->IsMap()) {
    return;
  }
  Local<v8::Map> cache = cache_value.As<v8::Map>();
  Local<Value> cached;
  if (cache->Get(context, info[0]).ToLocal(&cached) && !cached->IsUndefined()) {
    info.GetReturnValue().Set(cached);
    return;
  }
  std::string name = ToStdString(isolate, info[0]);
  BindingInstaller install = FindBinding(name);
  if (install == nullptr) return ThrowTypeError(isolate, "no such native module: " + name);
  Local<v8::Object> target = v8::Object::New(isolate);
  install(isolate, context, target);
  if (cache->Set(context, info[0], target).IsEmpty()) return;
  info.GetReturnValue().Set(target);
}

void SetCallbacks(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[0]->IsObject()) return ThrowTypeError(isolate, "setCallbacks needs an object");
  Local<v8::Object> callbacks = info[0].As<v8::Object>();
  JsCallbacks& js = Runtime::From(isolate)->js();
  struct Slot {
    const char* name;
    v8::Global<v8::Function>* slot;
  } slots[] = {
      {"runMain", &js.run_main},
      {"tickPass", &js.tick_pass},
      {"processTimers", &js.process_timers},
      {"processImmediates", &js.process_immediates},
      {"emitBeforeExit", &js.emit_before_exit},
      {"emitExit", &js.emit_exit},
      {"onMessage", &js.on_message},
      {"onPromiseReject", &js.on_promise_reject},
      {"onUncaught", &js.on_uncaught},
      {"onStdin", &js.on_stdin},
      {"onStdioDrain", &js.on_stdio_drain},
      {"makeDataCloneError", &js.make_data_clone_error},
      {"importModuleDynamically", &js.import_module_dynamically},
      {"onChannelFrame", &js.on_channel_frame},
      {"warmUp", &js.warm_up},
      {"prepareEntry", &js.prepare_entry},
  };
  for (const Slot& entry : slots) {
    Local<Value> fn;
    if (!callbacks->Get(context, Str(isolate, entry.name)).ToLocal(&fn)) return;
    if (!fn->IsFunction()) return ThrowTypeError(isolate, std::string("callback missing: ") + entry.name);
    entry.slot->Reset(isolate, fn.As<v8::Function>());
  }
}

// --- event loop ----------------------------------------------------------------

void RunMicrotasks(const FunctionCallbackInfo<Value>& info) {
  info.GetIsolate()->PerformMicrotaskCheckpoint();
}

void JsScheduleTimer(const FunctionCallbackInfo<Value>& info) {
  // Scripts reach it too, under --expose-internals: no NaN or infinity for uv.
  if (!info[0]->IsNumber()) return;
  double delay_ms = info[0].As<v8::Number>()->Value();
  if (!(delay_ms <= 4294967295.0)) delay_ms = 4294967295.0;
  Runtime::From(info.GetIsolate())->ScheduleTimer(delay_ms);
}

void ToggleTimerRef(const FunctionCallbackInfo<Value>& info) {
  Runtime::From(info.GetIsolate())->SetTimerRef(info[0]->IsTrue());
}

void ToggleImmediateRef(const FunctionCallbackInfo<Value>& info) {
  Runtime::From(info.GetIsolate())->SetImmediateRef(info[0]->IsTrue());
}

// The loop's clock, brought up to date first (as Node's getLibuvNow): a timer
// set by a script that ran a while counts from when it was set, not from
// when the loop last woke up.
void GetLoopTime(const FunctionCallbackInfo<Value>& info) {
  Runtime* runtime = Runtime::From(info.GetIsolate());
  uv_update_time(runtime->loop());
  info.GetReturnValue().Set(runtime->LoopTime());
}

void HrtimeBigInt(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(v8::BigInt::NewFromUnsigned(info.GetIsolate(), uv_hrtime()));
}

void Hrtime(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(static_cast<double>(uv_hrtime()));
}

void ReallyExit(const FunctionCallbackInfo<Value>& info) {
  Runtime* runtime = Runtime::From(info.GetIsolate());
  Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  int code = info[0]->Int32Value(context).FromMaybe(1);
  auto reason = info[1]->IsTrue() ? proto::EXIT_REASON_UNCAUGHT_EXCEPTION : proto::EXIT_REASON_NORMAL;
  // reallyExit(code, uncaught, summary): the summary of the uncaught error.
  std::string message;
  if (info[2]->IsString()) {
    v8::String::Utf8Value text(info.GetIsolate(), info[2]);
    if (*text != nullptr) message.assign(*text, static_cast<std::size_t>(text.length()));
  }
  runtime->Exit(code, reason, message);
}

// --- messaging and stdio ---------------------------------------------------------

void PostMessage(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Runtime* runtime = Runtime::From(isolate);
  std::optional<OutgoingMessage> message = PrepareMessage(isolate, isolate->GetCurrentContext(), info[0]);
  if (!message) return;  // DataCloneError pending
  std::size_t size = message->size();
  // The limit the host gave in Start, which the channel adopted.
  std::size_t limit = runtime->channel()->options().max_message_size;
  if (size > limit) {
    isolate->ThrowException(v8::Exception::RangeError(Str(isolate, ipc::MessageOverLimitError(size, limit))));
    return;
  }
  if (!message->shared().empty()) {
    // Its SharedArrayBuffers' memory goes with it, on a frame of its own.
    std::vector<int> fds;
    if (!DescriptorsOf(isolate, message->shared(), &fds)) return;
    proto::Envelope envelope;
    std::string* data = envelope.mutable_port_message()->mutable_data();
    data->resize(size);
    if (size > 0) message->WriteTo(data->data());
    SendSharedFrame(isolate, runtime->channel(), envelope, fds);
    return;
  }
  // Written once, into the shared ring or the channel's buffer. A channel
  // whose host is gone drops it, as a closed port would.
  runtime->SendPortMessage(size, [&message](char* out) { message->WriteTo(out); });
}

// structuredClone(value, transfer): `transfer` is undefined or an array of
// ArrayBuffers, checked by internal/structured_clone.js.
void StructuredClone(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  std::vector<Local<v8::ArrayBuffer>> transfer;
  if (info[1]->IsArray()) {
    Local<v8::Array> list = info[1].As<v8::Array>();
    for (std::uint32_t i = 0; i < list->Length(); ++i) {
      Local<Value> item;
      if (!list->Get(context, i).ToLocal(&item)) return;
      if (!item->IsArrayBuffer()) return ThrowTypeError(isolate, "transfer list holds a non-ArrayBuffer");
      transfer.push_back(item.As<v8::ArrayBuffer>());
    }
  }
  Local<Value> copy;
  if (CloneValue(isolate, context, info[0], transfer).ToLocal(&copy)) info.GetReturnValue().Set(copy);
}

void JsSetPortRef(const FunctionCallbackInfo<Value>& info) {
  Runtime::From(info.GetIsolate())->SetPortRef(info[0]->IsTrue());
}

// writeStdio(stream 1|2, data string|Uint8Array, level) -> below high-water mark
void WriteStdio(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Runtime* runtime = Runtime::From(isolate);
  auto stream = info[0]->IsInt32() && info[0].As<v8::Int32>()->Value() == 2 ? proto::STDIO_STREAM_STDERR
                                                                           : proto::STDIO_STREAM_STDOUT;
  std::string data;
  if (info[1]->IsArrayBufferView()) {
    Local<v8::ArrayBufferView> view = info[1].As<v8::ArrayBufferView>();
    data.resize(view->ByteLength());
    view->CopyContents(data.data(), data.size());
  } else if (info[1]->IsString()) {
    Local<v8::String> text = info[1].As<v8::String>();
    data.resize(text->Utf8Length(isolate));
    text->WriteUtf8(isolate, data.data(), static_cast<int>(data.size()), nullptr,
                    v8::String::NO_NULL_TERMINATION | v8::String::REPLACE_INVALID_UTF8);
  } else {
    return ThrowTypeError(isolate, "writeStdio: data must be a string or a Uint8Array");
  }
  int level = info[2]->IsInt32() ? info[2].As<v8::Int32>()->Value() : 0;
  if (!proto::ConsoleLevel_IsValid(level)) level = 0;
  bool below = runtime->SendStdio(stream, std::move(data), static_cast<proto::ConsoleLevel>(level));
  if (!below) runtime->set_stdio_drain_wanted(true);
  info.GetReturnValue().Set(below);
}

void CountStdioObject(const FunctionCallbackInfo<Value>& info) {
  ++Runtime::From(info.GetIsolate())->stats().stdio_objects_built;
}

void CountPreparedEntry(const FunctionCallbackInfo<Value>& info) {
  Runtime::From(info.GetIsolate())->stats().entry_prepared = true;
}

// --- modules and files -----------------------------------------------------------

// compileFunction(source, filename, params[]) -> Function. A source that is a
// module file's text as readFile returned it may compile from the compile
// cache.
void CompileFunction(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[0]->IsString() || !info[1]->IsString() || !info[2]->IsArray()) {
    return ThrowTypeError(isolate, "compileFunction(source, filename, params)");
  }
  Local<v8::Array> param_array = info[2].As<v8::Array>();
  std::vector<Local<v8::String>> params;
  for (uint32_t i = 0; i < param_array->Length(); ++i) {
    Local<Value> param;
    if (!param_array->Get(context, i).ToLocal(&param) || !param->IsString()) {
      return ThrowTypeError(isolate, "compileFunction: params must be strings");
    }
    params.push_back(param.As<v8::String>());
  }
  Local<v8::String> text = info[0].As<v8::String>();
  Runtime* runtime = Runtime::From(isolate);
  CompileCache* cache = runtime->compile_cache();
  PreparedModules* prepared = runtime->prepared_modules();
  // The cache file, and a prepared function, are per set of params.
  std::string variant;
  if (cache != nullptr || prepared != nullptr) {
    std::vector<std::string> names;
    for (Local<v8::String> param : params) names.push_back(ToStdString(isolate, param));
    variant = CompileVariant(names);
  }
  // A module whose text readFile gave from those a pooled worker prepared
  // was compiled then, from the compile cache.
  Local<v8::Function> fn;
  if (prepared != nullptr) {
    const std::string filename = ToStdString(isolate, info[1]);
    if (prepared->TakeFunction(isolate, text, filename, variant, &fn)) {
      if (cache != nullptr) cache->CountPrepared(filename, text->Length());
      ++runtime->stats().modules_prepared;
      info.GetReturnValue().Set(fn);
      return;
    }
  }
  // A module's text as read from its file may come from the compile cache.
  std::unique_ptr<CompileCache::Use> cache_use;
  if (cache != nullptr) cache_use = cache->Begin(isolate, text, CompileCache::Kind::kCommonJs, variant);
  if (!FunctionBodyText(isolate, text).ToLocal(&text)) return;
  v8::ScriptOrigin origin(isolate, info[1]);
  v8::ScriptCompiler::CachedData* cached = cache_use ? cache_use->NewCachedData() : nullptr;
  v8::ScriptCompiler::Source source(text, origin, cached);
  v8::TryCatch try_catch(isolate);
  if (v8::ScriptCompiler::CompileFunction(context, &source, params.size(), params.data(), 0, nullptr,
                                          cached != nullptr ? v8::ScriptCompiler::kConsumeCodeCache
                                                            : v8::ScriptCompiler::kNoCompileOptions)
          .ToLocal(&fn)) {
    if (cache_use) cache->Finish(isolate, std::move(cache_use), source.GetCachedData(), fn);
    info.GetReturnValue().Set(fn);
    return;
  }
  if (try_catch.HasCaught() && !try_catch.HasTerminated()) {
    // Remember where the syntax error is, for the fatal-error report.
    AttachErrorSource(isolate, context, try_catch.Exception(), try_catch.Message());
    try_catch.ReThrow();
  }
}

// readFile(path) -> the file's text (UTF-8). One open, fstat and read: the
// loader reads every module through here.
void ReadFile(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::string path = ToStdString(isolate, info[0]);
  FileStamp stamp;
  Runtime* runtime = Runtime::From(isolate);
  CompileCache* cache = runtime->compile_cache();
  Local<v8::String> result;
  // A file a pooled worker read ahead, unchanged since.
  PreparedModules* prepared = runtime->prepared_modules();
  if (prepared != nullptr && prepared->TextFor(isolate, path, &result, &stamp)) {
    if (cache != nullptr) cache->NoteRead(isolate, path, stamp, result);
    info.GetReturnValue().Set(result);
    return;
  }
  if (!ReadSourceText(isolate, path, &stamp, cache != nullptr, &result)) {
    isolate->ThrowException(v8::Exception::Error(Str(isolate, "ENOENT: no such file, open '" + path + "'")));
    return;
  }
  if (!result.IsEmpty()) {
    // The compile cache knows this text as the file's, until it is compiled.
    if (cache != nullptr) cache->NoteRead(isolate, path, stamp, result);
    info.GetReturnValue().Set(result);
  }
}

// --- the compile cache (node/module.js) -------------------------------------------

// Node's module.constants.compileCacheStatus.
enum CompileCacheStatus { kCacheFailed = 0, kCacheEnabled = 1, kCacheAlreadyEnabled = 2 };

// enableCompileCache(absoluteDir) -> [status, message, directory]
void EnableCompileCacheBinding(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Runtime* runtime = Runtime::From(isolate);
  int status = kCacheEnabled;
  std::string message;
  std::string directory;
  if (CompileCache* cache = runtime->compile_cache()) {
    status = kCacheAlreadyEnabled;
    directory = cache->directory();
  } else if (runtime->start().has_permissions()) {
    // Code caches are code: one this worker could write, other workers
    // would run (the host gives a sandboxed worker none either).
    status = kCacheFailed;
    message = "The compile cache is not available under the permission model";
  } else if (!info[0]->IsString()) {
    return ThrowTypeError(isolate, "enableCompileCache(directory)");
  } else {
    directory = ToStdString(isolate, info[0]);
    if (!runtime->EnableCompileCache(directory, &message)) {
      status = kCacheFailed;
      directory.clear();
    }
  }
  Local<Value> result[] = {v8::Integer::New(isolate, status),
                           message.empty() ? Local<Value>(v8::Undefined(isolate)) : Local<Value>(Str(isolate, message)),
                           directory.empty() ? Local<Value>(v8::Undefined(isolate)) : Local<Value>(Str(isolate, directory))};
  info.GetReturnValue().Set(v8::Array::New(isolate, result, 3));
}

// compileCacheDir() -> the compile cache's directory, or undefined.
void CompileCacheDir(const FunctionCallbackInfo<Value>& info) {
  if (CompileCache* cache = Runtime::From(info.GetIsolate())->compile_cache()) {
    info.GetReturnValue().Set(Str(info.GetIsolate(), cache->directory()));
  }
}

void FlushCompileCache(const FunctionCallbackInfo<Value>& info) {
  if (CompileCache* cache = Runtime::From(info.GetIsolate())->compile_cache()) cache->Flush(info.GetIsolate());
}

// getEnv(name) -> the worker's variable `name` (process.env's view), or
// undefined; without building process.env.
void GetEnv(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::optional<std::string_view> value = FindProcessEnv(isolate, ToStdString(isolate, info[0]));
  if (value) info.GetReturnValue().Set(Str(isolate, *value));
}

// stat(path) -> 0 file, 1 directory, -1 missing
void Stat(const FunctionCallbackInfo<Value>& info) {
  std::string path = ToStdString(info.GetIsolate(), info[0]);
  struct stat st;
  int kind = -1;
  if (::stat(path.c_str(), &st) == 0) kind = S_ISDIR(st.st_mode) ? 1 : 0;
  info.GetReturnValue().Set(kind);
}

void RealPath(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::string path = ToStdString(isolate, info[0]);
  char resolved[PATH_MAX];
  if (::realpath(path.c_str(), resolved) == nullptr) {
    info.GetReturnValue().Set(info[0]);
    return;
  }
  info.GetReturnValue().Set(Str(isolate, resolved));
}

void Cwd(const FunctionCallbackInfo<Value>& info) {
  char buffer[PATH_MAX];
  if (::getcwd(buffer, sizeof buffer) == nullptr) buffer[0] = '\0';
  info.GetReturnValue().Set(Str(info.GetIsolate(), buffer));
}

// --- introspection ----------------------------------------------------------------

void FormatFatalError(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  info.GetReturnValue().Set(Str(isolate, DescribeFatalError(isolate, isolate->GetCurrentContext(), info[0])));
}

void MemoryUsage(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  v8::HeapStatistics heap;
  isolate->GetHeapStatistics(&heap);
  size_t rss = 0;
  uv_resident_set_memory(&rss);
  Local<v8::Object> result = v8::Object::New(isolate);
  auto set = [&](const char* key, double value) {
    (void)result->Set(context, Str(isolate, key), v8::Number::New(isolate, value)).FromMaybe(false);
  };
  set("rss", static_cast<double>(rss));
  set("heapTotal", static_cast<double>(heap.total_heap_size()));
  set("heapUsed", static_cast<double>(heap.used_heap_size()));
  // V8 10.2's external_memory() is the bytes of ArrayBuffer backing stores;
  // the memory objects report they hold outside the heap (zlib streams,
  // Buffers) is the external amount V8 weighs in its collections.
  set("external", static_cast<double>(std::max<std::int64_t>(0, isolate->AdjustAmountOfExternalAllocatedMemory(0))));
  set("arrayBuffers", static_cast<double>(heap.external_memory()));
  info.GetReturnValue().Set(result);
}

// promiseState(p) -> [state 0 pending|1 fulfilled|2 rejected, result]
void PromiseState(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsPromise()) return;
  Local<v8::Promise> promise = info[0].As<v8::Promise>();
  Local<Value> result[2] = {v8::Integer::New(isolate, static_cast<int>(promise->State())),
                            promise->State() == v8::Promise::kPending ? Local<Value>(v8::Undefined(isolate))
                                                                       : promise->Result()};
  info.GetReturnValue().Set(v8::Array::New(isolate, result, 2));
}

// previewEntries(object) -> [entries, isKeyValue] for a Map/Set, their
// iterators and the weak collections; undefined for anything else.
void PreviewEntries(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsObject()) return;
  bool is_key_value = false;
  Local<v8::Array> entries;
  if (!info[0].As<v8::Object>()->PreviewEntries(&is_key_value).ToLocal(&entries)) return;
  Local<Value> result[2] = {entries, v8::Boolean::New(info.GetIsolate(), is_key_value)};
  info.GetReturnValue().Set(v8::Array::New(info.GetIsolate(), result, 2));
}

void ConstructorName(const FunctionCallbackInfo<Value>& info) {
  if (info[0]->IsObject()) info.GetReturnValue().Set(info[0].As<v8::Object>()->GetConstructorName());
}

// getStartInfo() -> what the host's Start frame said, as plain JS values in
// an array (worker/js/internal/bootstrap/start_info.js names the indices).
void GetStartInfo(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  const proto::Start& start = Runtime::From(isolate)->start();
  auto strings = [&](const google::protobuf::RepeatedPtrField<std::string>& list) {
    std::vector<Local<Value>> elements;
    elements.reserve(list.size());
    for (const std::string& item : list) elements.push_back(Str(isolate, item));
    return v8::Array::New(isolate, elements.data(), elements.size());
  };
  auto optional = [&](bool has, const std::string& text) -> Local<Value> {
    if (!has) return v8::Undefined(isolate);
    return Str(isolate, text);
  };
  // In the order of worker/js/internal/bootstrap/start_info.js.
  Local<Value> fields[] = {
      optional(start.has_script_path(), start.script_path()),
      optional(start.has_script_source(), start.script_source()),
      strings(start.argv()),
      strings(start.exec_argv()),
      v8::Integer::New(isolate, start.source_kind()),
      v8::Integer::NewFromUnsigned(isolate, start.thread_id()),
      Str(isolate, start.exec_path()),
      Str(isolate, start.argv0().empty() ? start.exec_path() : start.argv0()),
      v8::Boolean::New(isolate, start.stdin_attached()),
      v8::Boolean::New(isolate, start.stdin_descriptor()),
      v8::Boolean::New(isolate, start.task_runner()),
      v8::Boolean::New(isolate, start.has_permissions()),
  };
  info.GetReturnValue().Set(v8::Array::New(isolate, fields, std::size(fields)));
}

}  // namespace

Local<v8::Object> Runtime::CreateBinding() {
  v8::Isolate* isolate = isolate_;
  Local<v8::Context> context = this->context();
  Local<v8::Object> binding = v8::Object::New(isolate);

  auto set_value = [&](const char* name, Local<Value> value) {
    (void)binding->Set(context, Str(isolate, name), value).FromMaybe(false);
  };
  auto set_method = [&](const char* name, v8::FunctionCallback callback) {
    Local<v8::Function> fn;
    if (v8::Function::New(context, callback, binding, 0, v8::ConstructorBehavior::kThrow).ToLocal(&fn)) {
      fn->SetName(Str(isolate, name));
      set_value(name, fn);
    }
  };

  set_value("builtinCache", v8::Map::New(isolate));
  set_value("nativeModuleCache", v8::Map::New(isolate));
  {
    Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(isolate, kTickInfoFields * sizeof(std::int32_t));
    tick_info_ = static_cast<std::int32_t*>(buffer->GetBackingStore()->Data());
    tick_info_buffer_.Reset(isolate, buffer);
    set_value("tickInfo", v8::Int32Array::New(buffer, 0, kTickInfoFields));
  }
  {
    Local<v8::ArrayBuffer> buffer =
        v8::ArrayBuffer::New(isolate, kImmediateInfoFields * sizeof(std::uint32_t));
    immediate_info_ = static_cast<std::uint32_t*>(buffer->GetBackingStore()->Data());
    immediate_info_buffer_.Reset(isolate, buffer);
    set_value("immediateInfo", v8::Uint32Array::New(buffer, 0, kImmediateInfoFields));
  }
  set_value("pid", v8::Integer::New(isolate, getpid()));
  set_value("v8Version", Str(isolate, v8::V8::GetVersion()));
  set_value("arch", Str(isolate, kProcessArch));
  set_value("platform", Str(isolate, kProcessPlatform));
  // The worker's time origin (performance.timeOrigin, process.uptime()): the
  // monotonic clock in ns and the wall clock in ms, read together.
  set_value("timeOrigin", v8::Number::New(isolate, static_cast<double>(uv_hrtime())));
  {
    uv_timeval64_t now;
    double epoch_ms = uv_gettimeofday(&now) == 0 ? static_cast<double>(now.tv_sec) * 1e3 + now.tv_usec / 1e3 : 0;
    set_value("timeOriginEpoch", v8::Number::New(isolate, epoch_ms));
  }

  set_method("internalRequire", InternalRequire);
  set_method("hasBuiltin", HasBuiltin);
  set_method("internalBinding", InternalBinding);
  set_method("setCallbacks", SetCallbacks);
  set_method("runMicrotasks", RunMicrotasks);
  set_method("scheduleTimer", JsScheduleTimer);
  set_method("toggleTimerRef", ToggleTimerRef);
  set_method("toggleImmediateRef", ToggleImmediateRef);
  set_method("getLoopTime", GetLoopTime);
  set_method("hrtime", Hrtime);
  set_method("hrtimeBigInt", HrtimeBigInt);
  set_method("reallyExit", ReallyExit);
  set_method("postMessage", PostMessage);
  set_method("structuredClone", StructuredClone);
  set_method("setPortRef", JsSetPortRef);
  set_method("writeStdio", WriteStdio);
  set_method("countStdioObject", CountStdioObject);
  set_method("countPreparedEntry", CountPreparedEntry);
  set_method("compileFunction", CompileFunction);
  set_method("readFile", ReadFile);
  set_method("enableCompileCache", EnableCompileCacheBinding);
  set_method("compileCacheDir", CompileCacheDir);
  set_method("flushCompileCache", FlushCompileCache);
  set_method("getEnv", GetEnv);
  set_method("stat", Stat);
  set_method("realpath", RealPath);
  set_method("cwd", Cwd);
  set_method("formatFatalError", FormatFatalError);
  set_method("memoryUsage", MemoryUsage);
  set_method("promiseState", PromiseState);
  set_method("previewEntries", PreviewEntries);
  set_method("constructorName", ConstructorName);
  set_method("getStartInfo", GetStartInfo);
  set_method("processBinding", ProcessBinding);
  set_method("defineLazyData", DefineLazyDataProperty);
  return binding;
}

}  // namespace isohost::worker
