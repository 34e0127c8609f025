// The parts of Runtime that run on every turn of the loop: the checkpoint
// after each callback, timers, the immediate (check) phase and the platform
// pump. Kept apart from runtime.cc because this is the hot path.
#include <libplatform/libplatform.h>

#include <cstdio>

#include "worker/v8/error_format.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker {

void Runtime::Checkpoint() {
  ++stats_.checkpoints;
  // The flags are written by JS (process.nextTick, the rejection tracker) and
  // read here without a call into JS: an idle checkpoint costs two loads and
  // one microtask checkpoint, whatever the script touched before.
  if ((tick_info_[kHasTickScheduled] | tick_info_[kHasRejectionToWarn]) == 0) {
    isolate_->PerformMicrotaskCheckpoint();
    if ((tick_info_[kHasTickScheduled] | tick_info_[kHasRejectionToWarn]) == 0) return;
    if (isolate_->IsExecutionTerminating()) ExitIfTimedOut();
  }
  // A tick callback's throw ends the pass (the fatal report then says where
  // it was thrown); once it is reported, the ticks after it run.
  while (true) {
    v8::TryCatch try_catch(isolate_);
    if (!js_.tick_pass.Get(isolate_)->Call(context(), v8::Undefined(isolate_), 0, nullptr).IsEmpty() ||
        !try_catch.HasCaught()) {
      return;
    }
    if (try_catch.HasTerminated()) {
      ExitIfTimedOut();
      return;
    }
    ReportUncaught(try_catch.Exception(), try_catch.Message());
    if (exiting_ || isolate_->IsExecutionTerminating()) return;
  }
}

void Runtime::ReportUncaught(v8::Local<v8::Value> exception, v8::Local<v8::Message> message) {
  ExitIfTimedOut();
  if (!message.IsEmpty()) AttachThrowSite(isolate_, context(), exception, message);
  if (exiting_ || js_.on_uncaught.IsEmpty()) {
    v8::String::Utf8Value text(isolate_, exception);
    std::fprintf(stderr, "Uncaught %s\n", *text ? *text : "exception");
    Exit(1, proto::EXIT_REASON_UNCAUGHT_EXCEPTION);
  }
  v8::TryCatch try_catch(isolate_);
  v8::Local<v8::Value> argv[1] = {exception};
  if (js_.on_uncaught.Get(isolate_)->Call(context(), v8::Undefined(isolate_), 1, argv).IsEmpty() &&
      try_catch.HasCaught() && !try_catch.HasTerminated()) {
    // The uncaught handler itself failed: Node's exit code 7.
    v8::String::Utf8Value text(isolate_, try_catch.Exception());
    std::fprintf(stderr, "isohost-worker: uncaught exception handler threw: %s\n",
                 *text ? *text : "exception");
    Exit(7, proto::EXIT_REASON_UNCAUGHT_EXCEPTION);
  }
}

void Runtime::ScheduleTimer(double delay_ms) {
  if (delay_ms < 1) delay_ms = 1;
  uv_timer_start(&timer_, &Runtime::OnTimer, static_cast<std::uint64_t>(delay_ms), 0);
}

void Runtime::SetTimerRef(bool ref) {
  auto* handle = reinterpret_cast<uv_handle_t*>(&timer_);
  if (ref) {
    uv_ref(handle);
  } else {
    uv_unref(handle);
  }
}

void Runtime::SetImmediateRef(bool ref) {
  if (ref) {
    uv_idle_start(&immediate_idle_, [](uv_idle_t*) {});
  } else {
    uv_idle_stop(&immediate_idle_);
  }
}

void Runtime::SetPortRef(bool ref) {
  port_ref_ = ref;
  if (started_) channel_->SetKeepAlive(ref);
}

void Runtime::OnTimer(uv_timer_t* handle) {
  Runtime* self = static_cast<Runtime*>(handle->data);
  if (self->exiting_) return;
  v8::Isolate* isolate = self->isolate_;
  v8::HandleScope handle_scope(isolate);
  v8::Local<v8::Context> context = self->context();
  v8::Local<v8::Value> now = v8::Number::New(isolate, self->LoopTime());
  v8::Local<v8::Value> next;
  {
    v8::TryCatch try_catch(isolate);
    if (!self->js_.process_timers.Get(isolate)->Call(context, v8::Undefined(isolate), 1, &now).ToLocal(&next)) {
      if (try_catch.HasTerminated()) self->ExitIfTimedOut();
      if (try_catch.HasCaught()) self->ReportUncaught(try_catch.Exception(), try_catch.Message());
      next = v8::Number::New(isolate, 1);  // let the timer list resume soon
    }
  }
  // The JS timer lists answer with the delay to their next expiry: positive
  // while a ref'd timer waits, negative when only unref'd ones do, 0 for none.
  double delay = next->NumberValue(context).FromMaybe(0);
  if (delay != 0) {
    self->ScheduleTimer(delay > 0 ? delay : -delay);
    self->SetTimerRef(delay > 0);
  }
  self->Checkpoint();
  self->channel_->Flush();
}

void Runtime::OnCheck(uv_check_t* handle) {
  Runtime* self = static_cast<Runtime*>(handle->data);
  // Fast path: no immediate queued, so no handle scope and no call into JS.
  if (self->immediate_info_[kImmediateCount] == 0) return;
  if (self->exiting_) return;
  ++self->stats_.check_phase_js_calls;
  v8::HandleScope handle_scope(self->isolate_);
  self->MakeCallback(self->js_.process_immediates.Get(self->isolate_), 0, nullptr);
  if (self->immediate_info_[kImmediateRefCount] == 0) self->SetImmediateRef(false);
}

void Runtime::OnPrepare(uv_prepare_t* handle) {
  Runtime* self = static_cast<Runtime*>(handle->data);
  self->PumpPlatform();
  self->reply_spin_.BeforePoll();
}

void Runtime::PumpPlatform() {
  // The single-threaded platform runs V8's own tasks (GC finalisation,
  // FinalizationRegistry cleanup, Atomics.waitAsync) only when pumped.
  while (v8::platform::PumpMessageLoop(platform_, isolate_, v8::platform::MessageLoopBehavior::kDoNotWait)) {
  }
}

void Runtime::PromiseRejectCallback(v8::PromiseRejectMessage message) {
  v8::PromiseRejectEvent event = message.GetEvent();
  if (event != v8::kPromiseRejectWithNoHandler && event != v8::kPromiseHandlerAddedAfterReject) return;
  v8::Local<v8::Promise> promise = message.GetPromise();
  v8::Isolate* isolate = promise->GetIsolate();
  Runtime* self = From(isolate);
  if (self == nullptr || self->js_.on_promise_reject.IsEmpty()) return;
  v8::HandleScope handle_scope(isolate);
  v8::Local<v8::Value> reason = message.GetValue();
  if (reason.IsEmpty()) reason = v8::Undefined(isolate);
  v8::Local<v8::Value> argv[3] = {v8::Integer::New(isolate, event == v8::kPromiseRejectWithNoHandler ? 0 : 1),
                                  promise, reason};
  v8::TryCatch try_catch(isolate);
  if (self->js_.on_promise_reject.Get(isolate)->Call(self->context(), v8::Undefined(isolate), 3, argv).IsEmpty()) {
    // Only a terminating isolate fails here; there is nobody to tell.
  }
}

}  // namespace isohost::worker
