#include "worker/runtime/task_runner.h"

#include "ipc/channel.h"
#include "worker/runtime/runtime.h"
#include "worker/messaging/serialization.h"

namespace isohost::worker {

void TaskRunner::SetHandlers(v8::Local<v8::Function> on_run, v8::Local<v8::Function> on_cancel) {
  v8::Isolate* isolate = runtime_->isolate();
  on_run_.Reset(isolate, on_run);
  on_cancel_.Reset(isolate, on_cancel);
}

void TaskRunner::OnFrame(const proto::Envelope& envelope) {
  // The JS runner sets its handlers before the script loads, and the host's
  // Start (which loads it) precedes every task: only a host that sends
  // tasks to a worker that is no task runner finds none.
  if (on_run_.IsEmpty()) return;
  v8::Isolate* isolate = runtime_->isolate();
  if (envelope.has_task_run()) return Run(envelope.task_run());
  if (envelope.has_task_cancel()) {
    const proto::TaskCancel& cancel = envelope.task_cancel();
    v8::Local<v8::Value> reason;
    if (!v8::String::NewFromUtf8(isolate, cancel.reason().data(), v8::NewStringType::kNormal,
                                 static_cast<int>(cancel.reason().size()))
             .ToLocal(&reason)) {
      reason = v8::Undefined(isolate);
    }
    v8::Local<v8::Value> argv[3] = {v8::Number::New(isolate, static_cast<double>(cancel.id())), reason,
                                    v8::Boolean::New(isolate, cancel.reclaim())};
    runtime_->MakeCallback(on_cancel_.Get(isolate), 3, argv);
  }
}

void TaskRunner::Run(const proto::TaskRun& run) {
  v8::Isolate* isolate = runtime_->isolate();
  v8::Local<v8::Context> context = runtime_->context();
  ipc::Channel* channel = runtime_->channel();
  std::string_view bytes;
  // A payload outside the ring fails the channel, and the worker with it.
  if (!channel->ViewPayload(run.task(), &bytes)) return;
  v8::Local<v8::Value> task;
  bool ok;
  {
    v8::TryCatch try_catch(isolate);
    ok = DeserializeValue(isolate, context, bytes).ToLocal(&task);
    channel->ReleasePayload(run.task());
    if (!ok) {
      // Bytes no V8 can read: that task fails, the worker goes on.
      proto::TaskError error;
      error.set_name("DataCloneError");
      error.set_message("the task's bytes are not a structured-clone value");
      if (try_catch.HasCaught()) {
        v8::String::Utf8Value text(isolate, try_catch.Exception());
        if (*text != nullptr) error.set_message(*text);
      }
      SendError(run.id(), error);
      channel->Flush();
      return;
    }
  }
  if (run.heap_limit_bytes() > 0) heap_limits_.emplace(run.id(), run.heap_limit_bytes());
  v8::Local<v8::Value> argv[2] = {v8::Number::New(isolate, static_cast<double>(run.id())), task};
  runtime_->MakeCallback(on_run_.Get(isolate), 2, argv);
}

void TaskRunner::NoteHeap(std::uint64_t id, proto::TaskResult* result) {
  auto it = heap_limits_.find(id);
  if (it == heap_limits_.end()) return;
  std::uint64_t limit = it->second;
  heap_limits_.erase(it);
  v8::HeapStatistics stats;
  runtime_->isolate()->GetHeapStatistics(&stats);
  result->set_heap_used_bytes(stats.used_heap_size());
  // The host compares the same number with the same limit, and retires us.
  if (stats.used_heap_size() > limit) over_heap_limit_ = true;
}

bool TaskRunner::SendValue(std::uint64_t id, v8::Local<v8::Value> value) {
  v8::Isolate* isolate = runtime_->isolate();
  std::optional<OutgoingMessage> message = PrepareMessage(isolate, runtime_->context(), value);
  if (!message) return false;  // DataCloneError pending
  if (!message->shared().empty()) {
    // A task's result goes to the host, which has no memory to share.
    ThrowDataCloneError(isolate, v8::String::NewFromUtf8Literal(isolate, "#<SharedArrayBuffer> could not be cloned."));
    return false;
  }
  ipc::Channel* channel = runtime_->channel();
  std::size_t size = message->size();
  std::size_t limit = channel->options().max_message_size;
  if (size > limit) {
    std::string text = "the task's result: " + ipc::MessageOverLimitError(size, limit);
    v8::Local<v8::String> string;
    if (v8::String::NewFromUtf8(isolate, text.data(), v8::NewStringType::kNormal, static_cast<int>(text.size()))
            .ToLocal(&string)) {
      isolate->ThrowException(v8::Exception::RangeError(string));
    }
    return false;
  }
  proto::Envelope envelope;
  proto::TaskResult* result = envelope.mutable_task_result();
  result->set_id(id);
  NoteHeap(id, result);
  // A channel whose host is gone drops it: nobody waits for it any more.
  channel->SendWithPayload(envelope, result->mutable_value(), size, [&message](char* out) { message->WriteTo(out); });
  return true;
}

void TaskRunner::SendError(std::uint64_t id, const proto::TaskError& error, bool dropped) {
  proto::Envelope envelope;
  proto::TaskResult* result = envelope.mutable_task_result();
  result->set_id(id);
  *result->mutable_error() = error;
  result->set_dropped(dropped);
  NoteHeap(id, result);
  runtime_->channel()->Send(envelope);
}

void TaskRunner::SendReady() {
  proto::Envelope envelope;
  envelope.mutable_task_ready();
  runtime_->channel()->Send(envelope);
}

}  // namespace isohost::worker
