#include "worker/messaging/atomics_wait.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>

#include "worker/messaging/shared_memory.h"

namespace isohost::worker {
namespace {

// V8's own functions, for everything but an Int32Array over shareable
// memory. One isolate per worker process.
bool installed = false;
v8::Global<v8::Function>& OriginalWait() {
  static auto* function = new v8::Global<v8::Function>();
  return *function;
}
v8::Global<v8::Function>& OriginalNotify() {
  static auto* function = new v8::Global<v8::Function>();
  return *function;
}

void CallOriginal(const v8::FunctionCallbackInfo<v8::Value>& info, v8::Global<v8::Function>& original) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Value> argv[4];
  const int argc = info.Length() < 4 ? info.Length() : 4;
  for (int i = 0; i < argc; ++i) argv[i] = info[i];
  v8::Local<v8::Value> result;
  if (original.Get(isolate)->Call(isolate->GetCurrentContext(), info.This(), argc, argv).ToLocal(&result)) {
    info.GetReturnValue().Set(result);
  }
}

// The element that info[0][info[1]] names, when info[0] is an Int32Array
// over shareable memory and info[1] a number: null to leave the call to V8
// (which also throws its errors), or null with a RangeError pending for an
// index out of range.
std::int32_t* SharedElement(const v8::FunctionCallbackInfo<v8::Value>& info, bool* threw) {
  *threw = false;
  if (!info[0]->IsInt32Array() || !info[1]->IsNumber()) return nullptr;
  v8::Local<v8::Int32Array> array = info[0].As<v8::Int32Array>();
  v8::Local<v8::ArrayBuffer> buffer = array->Buffer();
  if (!buffer->IsSharedArrayBuffer()) return nullptr;
  std::shared_ptr<v8::BackingStore> store = buffer->GetBackingStore();
  if (ShareableFd(store->Data()) < 0) return nullptr;
  double index = info[1].As<v8::Number>()->Value();
  index = std::isnan(index) ? 0 : std::trunc(index);
  if (index < 0 || index >= static_cast<double>(array->Length())) {
    v8::Isolate* isolate = info.GetIsolate();
    isolate->ThrowException(
        v8::Exception::RangeError(v8::String::NewFromUtf8Literal(isolate, "Invalid atomic access index")));
    *threw = true;
    return nullptr;
  }
  // The memory outlives the call: the array holds its buffer.
  return reinterpret_cast<std::int32_t*>(static_cast<char*>(store->Data()) + array->ByteOffset()) +
         static_cast<std::size_t>(index);
}

long Futex(std::int32_t* address, int op, std::int32_t value, const timespec* timeout) {
  return ::syscall(SYS_futex, address, op, value, timeout, nullptr, FUTEX_BITSET_MATCH_ANY);
}

// Atomics.wait(typedArray, index, value, timeout)
void Wait(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  bool threw = false;
  std::int32_t* element = nullptr;
  if (info[2]->IsNumber() && (info[3]->IsUndefined() || info[3]->IsNumber())) element = SharedElement(info, &threw);
  if (threw) return;
  if (element == nullptr) return CallOriginal(info, OriginalWait());
  const std::int32_t expected = info[2]->Int32Value(isolate->GetCurrentContext()).FromMaybe(0);
  double timeout_ms = info[3]->IsUndefined() ? INFINITY : info[3].As<v8::Number>()->Value();
  if (std::isnan(timeout_ms)) timeout_ms = INFINITY;
  if (timeout_ms < 0) timeout_ms = 0;
  // An absolute deadline, so that a wait interrupted by a signal goes on
  // for what is left of it.
  timespec deadline{};
  const bool forever = !std::isfinite(timeout_ms) || timeout_ms > 1e15;
  if (!forever) {
    ::clock_gettime(CLOCK_MONOTONIC, &deadline);
    const double whole = std::floor(timeout_ms / 1000);
    deadline.tv_sec += static_cast<time_t>(whole);
    deadline.tv_nsec += static_cast<long>((timeout_ms - whole * 1000) * 1e6);
    if (deadline.tv_nsec >= 1000000000L) {
      deadline.tv_sec += 1;
      deadline.tv_nsec -= 1000000000L;
    }
  }
  const char* result = "ok";
  for (;;) {
    long rc = Futex(element, FUTEX_WAIT_BITSET, expected, forever ? nullptr : &deadline);
    if (rc == 0) break;
    if (errno == EINTR) continue;
    result = errno == EAGAIN ? "not-equal" : errno == ETIMEDOUT ? "timed-out" : "ok";
    break;
  }
  info.GetReturnValue().Set(v8::String::NewFromUtf8(isolate, result).ToLocalChecked());
}

// Atomics.notify(typedArray, index, count): wakes waiters of any process,
// and V8's own (Atomics.waitAsync) after them.
void Notify(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  bool threw = false;
  std::int32_t* element = nullptr;
  if (info[2]->IsUndefined() || info[2]->IsNumber()) element = SharedElement(info, &threw);
  if (threw) return;
  if (element == nullptr) return CallOriginal(info, OriginalNotify());
  double count = info[2]->IsUndefined() ? INFINITY : info[2].As<v8::Number>()->Value();
  count = std::isnan(count) ? 0 : std::trunc(count);
  if (count < 0) count = 0;
  const std::int32_t wake = count >= INT_MAX ? INT_MAX : static_cast<std::int32_t>(count);
  long woken = wake == 0 ? 0 : Futex(element, FUTEX_WAKE, wake, nullptr);
  if (woken < 0) woken = 0;
  double total = static_cast<double>(woken);
  if (woken < wake) {
    v8::Local<v8::Value> argv[3] = {info[0], info[1],
                                    v8::Number::New(isolate, std::isfinite(count) ? count - woken : INFINITY)};
    v8::Local<v8::Value> more;
    if (!OriginalNotify().Get(isolate)->Call(isolate->GetCurrentContext(), info.This(), 3, argv).ToLocal(&more)) {
      return;
    }
    if (more->IsNumber()) total += more.As<v8::Number>()->Value();
  }
  info.GetReturnValue().Set(v8::Number::New(isolate, total));
}

bool Replace(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> atomics,
             const char* name, v8::FunctionCallback callback, int length, v8::Global<v8::Function>* original) {
  v8::Local<v8::String> key = v8::String::NewFromUtf8(isolate, name).ToLocalChecked();
  v8::Local<v8::Value> current;
  if (!atomics->Get(context, key).ToLocal(&current) || !current->IsFunction()) return false;
  v8::Local<v8::FunctionTemplate> tmpl =
      v8::FunctionTemplate::New(isolate, callback, {}, {}, length, v8::ConstructorBehavior::kThrow);
  v8::Local<v8::Function> function;
  if (!tmpl->GetFunction(context).ToLocal(&function)) return false;
  function->SetName(key);
  original->Reset(isolate, current.As<v8::Function>());
  return atomics->DefineOwnProperty(context, key, function, v8::DontEnum).FromMaybe(false);
}

}  // namespace

void InstallSharedAtomics(v8::Isolate* isolate) {
  if (installed) return;
  v8::HandleScope scope(isolate);
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  if (context.IsEmpty()) return;
  installed = true;
  v8::TryCatch try_catch(isolate);
  v8::Local<v8::Value> atomics;
  if (!context->Global()->Get(context, v8::String::NewFromUtf8Literal(isolate, "Atomics")).ToLocal(&atomics) ||
      !atomics->IsObject()) {
    return;
  }
  if (Replace(isolate, context, atomics.As<v8::Object>(), "wait", Wait, 4, &OriginalWait())) {
    Replace(isolate, context, atomics.As<v8::Object>(), "notify", Notify, 3, &OriginalNotify());
  }
}

}  // namespace isohost::worker
