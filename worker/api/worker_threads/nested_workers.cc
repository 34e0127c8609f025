#include "worker/api/worker_threads/nested_workers.h"

#include <cstring>

#include <v8-profiler.h>
#include <memory>
#include <string>

#include "worker/api/process/process_env.h"
#include "worker/messaging/port_links.h"
#include "worker/runtime/runtime.h"
#include "worker/messaging/serialization.h"

namespace isohost::worker {

void NestedWorkers::SetHandlers(v8::Local<v8::Function> on_message, v8::Local<v8::Function> on_event,
                                v8::Local<v8::Function> on_stdio, v8::Local<v8::Function> on_heap_snapshot,
                                v8::Local<v8::Function> on_uncaught) {
  v8::Isolate* isolate = runtime_->isolate();
  on_uncaught_.Reset(isolate, on_uncaught);
  on_message_.Reset(isolate, on_message);
  on_event_.Reset(isolate, on_event);
  on_stdio_.Reset(isolate, on_stdio);
  on_heap_snapshot_.Reset(isolate, on_heap_snapshot);
}

namespace {

v8::Local<v8::Uint8Array> BytesOf(v8::Isolate* isolate, const std::string& data) {
  std::unique_ptr<v8::BackingStore> store = v8::ArrayBuffer::NewBackingStore(isolate, data.size());
  if (!data.empty()) std::memcpy(store->Data(), data.data(), data.size());
  return v8::Uint8Array::New(v8::ArrayBuffer::New(isolate, std::move(store)), 0, data.size());
}

}  // namespace

void NestedWorkers::OnFrame(const proto::Envelope& envelope) {
  if (on_message_.IsEmpty()) return;
  v8::Isolate* isolate = runtime_->isolate();
  v8::HandleScope handle_scope(isolate);
  v8::Local<v8::Context> context = runtime_->context();
  if (envelope.has_nested_port_message()) {
    const proto::NestedPortMessage& message = envelope.nested_port_message();
    v8::Local<v8::Value> value;
    v8::Local<v8::Value> argv[3] = {v8::Integer::NewFromUnsigned(isolate, message.nested_id()),
                                    v8::Undefined(isolate), v8::False(isolate)};
    {
      v8::TryCatch try_catch(isolate);
      if (DeserializeValue(isolate, context, message.data(), &runtime_->incoming_shared()).ToLocal(&value)) {
        argv[1] = value;
      } else if (try_catch.HasCaught() && !try_catch.HasTerminated()) {
        // A message that cannot be read is the Worker's 'messageerror'.
        argv[1] = try_catch.Exception();
        argv[2] = v8::True(isolate);
      } else {
        return;
      }
    }
    runtime_->MakeCallback(on_message_.Get(isolate), 3, argv);
    return;
  }
  if (envelope.has_nested_stdio()) {
    const proto::NestedStdio& stdio = envelope.nested_stdio();
    v8::Local<v8::Value> argv[3] = {v8::Integer::NewFromUnsigned(isolate, stdio.nested_id()),
                                    v8::Boolean::New(isolate, stdio.stream() == proto::STDIO_STREAM_STDERR),
                                    BytesOf(isolate, stdio.data())};
    runtime_->MakeCallback(on_stdio_.Get(isolate), 3, argv);
    return;
  }
  if (envelope.has_nested_control() &&
      (envelope.nested_control().has_uncaught_error() || envelope.nested_control().has_env_message())) {
    const proto::NestedControl& control = envelope.nested_control();
    const bool env_message = control.has_env_message();
    v8::Local<v8::Value> value;
    {
      v8::TryCatch try_catch(isolate);
      if (!DeserializeValue(isolate, context, env_message ? control.env_message() : control.uncaught_error())
               .ToLocal(&value)) {
        return;
      }
    }
    v8::Local<v8::Value> argv[3] = {v8::Integer::NewFromUnsigned(isolate, control.nested_id()), value,
                                    v8::Boolean::New(isolate, env_message)};
    runtime_->MakeCallback(on_uncaught_.Get(isolate), 3, argv);
    return;
  }
  if (envelope.has_nested_control() && envelope.nested_control().has_heap_snapshot()) {
    const proto::NestedControl& control = envelope.nested_control();
    v8::Local<v8::Value> argv[3] = {v8::Integer::NewFromUnsigned(isolate, control.nested_id()),
                                    BytesOf(isolate, control.heap_snapshot().data()),
                                    v8::Boolean::New(isolate, control.heap_snapshot().done())};
    runtime_->MakeCallback(on_heap_snapshot_.Get(isolate), 3, argv);
    return;
  }
  if (envelope.has_nested_event()) {
    const proto::NestedEvent& event = envelope.nested_event();
    v8::Local<v8::String> message;
    if (!v8::String::NewFromUtf8(isolate, event.message().data(), v8::NewStringType::kNormal,
                                 static_cast<int>(event.message().size()))
             .ToLocal(&message)) {
      return;
    }
    if (event.kind() == proto::NESTED_EVENT_KIND_EXIT) env_sharers_.erase(event.nested_id());
    v8::Local<v8::Value> argv[5] = {v8::Integer::NewFromUnsigned(isolate, event.nested_id()),
                                    v8::Integer::New(isolate, event.kind()),
                                    v8::Integer::New(isolate, event.exit_code()),
                                    v8::Integer::New(isolate, event.reason()), message};
    runtime_->MakeCallback(on_event_.Get(isolate), 5, argv);
  }
}

void ShareEnvChange(Runtime& runtime, std::string_view name, const std::string* value, std::int64_t from) {
  const bool to_parent = runtime.start().share_env() && from != 0;
  const std::set<std::uint32_t>* sharers =
      runtime.nested_workers() ? &runtime.nested_workers()->env_sharers() : nullptr;
  if (!to_parent && (sharers == nullptr || sharers->empty())) return;
  proto::Envelope envelope;
  proto::NestedControl* control = envelope.mutable_nested_control();
  proto::SharedEnvChange* change = control->mutable_env_change();
  change->set_name(name.data(), name.size());
  if (value != nullptr) change->set_value(*value);
  change->set_deleted(value == nullptr);
  if (to_parent) runtime.channel()->Send(envelope);
  if (sharers == nullptr) return;
  for (std::uint32_t nested_id : *sharers) {
    if (static_cast<std::int64_t>(nested_id) == from) continue;
    control->set_nested_id(nested_id);
    runtime.channel()->Send(envelope);
  }
}

namespace {

// V8's JSON of a heap snapshot, sent to the parent in frames of about
// kChunkBytes as V8 writes it.
class SnapshotSender : public v8::OutputStream {
 public:
  explicit SnapshotSender(Runtime& runtime) : runtime_(runtime) {}

  int GetChunkSize() override { return kChunkBytes; }

  WriteResult WriteAsciiChunk(char* data, int size) override {
    pending_.append(data, static_cast<std::size_t>(size));
    if (pending_.size() >= kChunkBytes) Send(false);
    return kContinue;
  }

  void EndOfStream() override { Send(true); }

 private:
  static constexpr int kChunkBytes = 1 << 20;

  void Send(bool done) {
    proto::Envelope envelope;
    proto::HeapSnapshotChunk* chunk = envelope.mutable_nested_control()->mutable_heap_snapshot();
    chunk->set_data(std::move(pending_));
    chunk->set_done(done);
    pending_.clear();
    runtime_.channel()->Send(envelope);
  }

  Runtime& runtime_;
  std::string pending_;
};

void SendHeapSnapshot(Runtime& runtime) {
  v8::Isolate* isolate = runtime.isolate();
  v8::HandleScope handle_scope(isolate);
  SnapshotSender sender(runtime);
  const v8::HeapSnapshot* snapshot = isolate->GetHeapProfiler()->TakeHeapSnapshot();
  if (snapshot == nullptr) {
    sender.EndOfStream();
    return;
  }
  snapshot->Serialize(&sender, v8::HeapSnapshot::kJSON);
  const_cast<v8::HeapSnapshot*>(snapshot)->Delete();
}

}  // namespace

void OnNestedControl(Runtime& runtime, const proto::Envelope& envelope) {
  const proto::NestedControl& control = envelope.nested_control();
  if (control.has_env_change()) {
    const proto::SharedEnvChange& change = control.env_change();
    // process.env holds no variable without a name (its own assignments drop one).
    if (change.name().empty()) return;
    const std::string* value = change.deleted() ? nullptr : &change.value();
    ChangeProcessEnv(runtime.isolate(), change.name(), value);
    ShareEnvChange(runtime, change.name(), value, control.nested_id());
  } else if (control.has_heap_snapshot_request()) {
    if (control.nested_id() == 0) SendHeapSnapshot(runtime);
  } else if ((control.has_heap_snapshot() || control.has_uncaught_error() || control.has_env_message()) &&
             control.nested_id() != 0 &&
             runtime.nested_workers()) {
    runtime.nested_workers()->OnFrame(envelope);
  }
}

void DeliverChannelFrame(Runtime& runtime, const proto::Envelope& envelope) {
  v8::Isolate* isolate = runtime.isolate();
  v8::HandleScope handle_scope(isolate);
  if (runtime.js().on_channel_frame.IsEmpty()) return;
  v8::Local<v8::Context> context = runtime.context();
  if (envelope.has_broadcast()) {
    const proto::BroadcastMessage& message = envelope.broadcast();
    std::unique_ptr<v8::BackingStore> store = v8::ArrayBuffer::NewBackingStore(isolate, message.data().size());
    if (!message.data().empty()) std::memcpy(store->Data(), message.data().data(), message.data().size());
    v8::Local<v8::String> name;
    if (!v8::String::NewFromUtf8(isolate, message.name().data(), v8::NewStringType::kNormal,
                                 static_cast<int>(message.name().size()))
             .ToLocal(&name)) {
      return;
    }
    v8::Local<v8::ArrayBuffer> bytes = v8::ArrayBuffer::New(isolate, std::move(store));
    if (!AttachSharedBuffers(isolate, context, bytes, runtime.incoming_shared())) return;
    v8::Local<v8::Value> argv[6] = {v8::Integer::New(isolate, 0), v8::Integer::New(isolate, 0), bytes,
                                    v8::Undefined(isolate), v8::Integer::New(isolate, kFrameBroadcast), name};
    runtime.MakeCallback(runtime.js().on_channel_frame.Get(isolate), 6, argv);
    return;
  }
  if (envelope.has_thread_result()) {
    const proto::ThreadMessageResult& result = envelope.thread_result();
    v8::Local<v8::Value> argv[6] = {v8::Number::New(isolate, static_cast<double>(result.request())),
                                    v8::Integer::New(isolate, 0), v8::Undefined(isolate), v8::Undefined(isolate),
                                    v8::Integer::New(isolate, kFrameThreadResult),
                                    v8::Integer::New(isolate, result.status())};
    runtime.MakeCallback(runtime.js().on_channel_frame.Get(isolate), 6, argv);
    return;
  }
  if (envelope.has_port_close() || envelope.has_port_drain()) {
    const bool drain = envelope.has_port_drain();
    const std::uint64_t port = drain ? envelope.port_drain().port() : envelope.port_close().port();
    v8::Local<v8::Value> argv[5] = {v8::Number::New(isolate, static_cast<double>(port)), v8::Integer::New(isolate, 0),
                                    v8::Undefined(isolate), v8::Undefined(isolate),
                                    v8::Integer::New(isolate, drain ? kFrameDrainAck : kFrameMessage)};
    runtime.MakeCallback(runtime.js().on_channel_frame.Get(isolate), 5, argv);
    return;
  }
  const proto::ChannelMessage& message = envelope.channel_message();
  std::unique_ptr<v8::BackingStore> store = v8::ArrayBuffer::NewBackingStore(isolate, message.data().size());
  if (!message.data().empty()) std::memcpy(store->Data(), message.data().data(), message.data().size());
  v8::Local<v8::Array> names = v8::Array::New(isolate, message.ports_size());
  for (int i = 0; i < message.ports_size(); ++i) {
    if (!names->Set(context, static_cast<std::uint32_t>(i),
                    v8::Number::New(isolate, static_cast<double>(message.ports(i).name())))
             .FromMaybe(false)) {
      return;
    }
  }
  if (message.thread_id() != 0) {
    v8::Local<v8::Value> argv[7] = {v8::Integer::New(isolate, 0), v8::Integer::New(isolate, 0),
                                    v8::ArrayBuffer::New(isolate, std::move(store)), names,
                                    v8::Integer::New(isolate, kFrameThreadMessage),
                                    v8::Integer::NewFromUnsigned(isolate, message.thread_id()),
                                    v8::Number::New(isolate, static_cast<double>(message.thread_request()))};
    runtime.MakeCallback(runtime.js().on_channel_frame.Get(isolate), 7, argv);
    return;
  }
  const int kind = message.linked() ? kFrameMarker : message.fenced() ? kFrameFenced : kFrameMessage;
  v8::Local<v8::ArrayBuffer> bytes = v8::ArrayBuffer::New(isolate, std::move(store));
  if (!AttachSharedBuffers(isolate, context, bytes, runtime.incoming_shared())) return;
  v8::Local<v8::Value> argv[5] = {v8::Number::New(isolate, static_cast<double>(message.port())),
                                  v8::Integer::NewFromUnsigned(isolate, message.nested_id()), bytes, names,
                                  v8::Integer::New(isolate, kind)};
  runtime.MakeCallback(runtime.js().on_channel_frame.Get(isolate), 5, argv);
}

}  // namespace isohost::worker
