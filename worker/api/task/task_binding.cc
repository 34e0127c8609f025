// The native module `task`: what the task runner's JS
// (worker/js/internal/task_runner.js) calls to take tasks from the host and
// answer them. Made only in a worker of a task pool.
#include <algorithm>
#include <cstdint>

#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"
#include "worker/runtime/task_runner.h"

namespace isohost::worker::native_modules {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

TaskRunner& RunnerOf(const FunctionCallbackInfo<Value>& info) {
  return *Runtime::From(info.GetIsolate())->task_runner();
}

// Ids come from the host and go back to it: whole numbers below 2^53.
bool TaskId(const FunctionCallbackInfo<Value>& info, std::uint64_t* id) {
  if (!info[0]->IsNumber()) return false;
  double value = info[0].As<v8::Number>()->Value();
  if (!(value >= 0 && value <= 9007199254740991.0)) return false;
  *id = static_cast<std::uint64_t>(value);
  return true;
}

std::string StringArg(v8::Isolate* isolate, Local<Value> value) {
  if (!value->IsString()) return {};
  v8::String::Utf8Value text(isolate, value);
  return *text != nullptr ? std::string(*text, static_cast<std::size_t>(text.length())) : std::string();
}

// setHandlers(onRun(id, task), onCancel(id, reason, reclaim))
void SetHandlers(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsFunction() || !info[1]->IsFunction()) return;
  RunnerOf(info).SetHandlers(info[0].As<v8::Function>(), info[1].As<v8::Function>());
}

// result(id, value): throws what stops the value from being sent. Both
// result() and error() return whether the heap has passed the host's limit
// (TaskRunner::over_heap_limit), after which no task is to start.
void Result(const FunctionCallbackInfo<Value>& info) {
  std::uint64_t id = 0;
  if (!TaskId(info, &id)) return;
  TaskRunner& runner = RunnerOf(info);
  if (!runner.SendValue(id, info[1])) return;
  info.GetReturnValue().Set(runner.over_heap_limit());
}

// error(id, name, message, stack, code, dropped): every field a string ('' for
// none); `dropped` when the task never started.
void Error(const FunctionCallbackInfo<Value>& info) {
  std::uint64_t id = 0;
  if (!TaskId(info, &id)) return;
  v8::Isolate* isolate = info.GetIsolate();
  proto::TaskError error;
  error.set_name(StringArg(isolate, info[1]));
  error.set_message(StringArg(isolate, info[2]));
  error.set_stack(StringArg(isolate, info[3]));
  error.set_code(StringArg(isolate, info[4]));
  TaskRunner& runner = RunnerOf(info);
  runner.SendError(id, error, info[5]->IsTrue());
  info.GetReturnValue().Set(runner.over_heap_limit());
}

void Ready(const FunctionCallbackInfo<Value>& info) { RunnerOf(info).SendReady(); }

// startupFailed(message): the script cannot run tasks; the worker ends with
// reason "startup failed" and says why.
void StartupFailed(const FunctionCallbackInfo<Value>& info) {
  Runtime::From(info.GetIsolate())
      ->Exit(1, proto::EXIT_REASON_STARTUP_FAILED, StringArg(info.GetIsolate(), info[0]));
}

}  // namespace

ISOHOST_BINDING(task) {
  Runtime* runtime = Runtime::From(isolate);
  if (!runtime->task_runner()) runtime->task_runner() = std::make_unique<TaskRunner>(runtime);
  // Tasks come steadily: the pages of the ring they come through stay,
  // rather than being faulted in again for each large one.
  runtime->channel()->SetSharedRingKeepBytes(SIZE_MAX);
  SetMethod(isolate, context, target, "setHandlers", SetHandlers);
  SetMethod(isolate, context, target, "result", Result);
  SetMethod(isolate, context, target, "error", Error);
  SetMethod(isolate, context, target, "ready", Ready);
  SetMethod(isolate, context, target, "startupFailed", StartupFailed);
  // Tasks that run at once; the host may send more, which wait in order.
  std::uint32_t concurrency = std::max<std::uint32_t>(1, runtime->start().task_concurrency());
  SetValue(isolate, context, target, "concurrency", v8::Integer::NewFromUnsigned(isolate, concurrency));
}

}  // namespace isohost::worker::native_modules
