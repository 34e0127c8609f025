#include "worker/nested_workers.h"

#include <cstring>
#include <memory>
#include <string>

#include "worker/process_env.h"
#include "worker/runtime.h"
#include "worker/serialization.h"

namespace isohost::worker {

void NestedWorkers::SetHandlers(v8::Local<v8::Function> on_message, v8::Local<v8::Function> on_event,
                                v8::Local<v8::Function> on_stdio) {
  v8::Isolate* isolate = runtime_->isolate();
  on_message_.Reset(isolate, on_message);
  on_event_.Reset(isolate, on_event);
  on_stdio_.Reset(isolate, on_stdio);
}

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
      if (DeserializeValue(isolate, context, message.data()).ToLocal(&value)) {
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
    const std::string& data = stdio.data();
    std::unique_ptr<v8::BackingStore> store = v8::ArrayBuffer::NewBackingStore(isolate, data.size());
    if (!data.empty()) std::memcpy(store->Data(), data.data(), data.size());
    v8::Local<v8::ArrayBuffer> bytes = v8::ArrayBuffer::New(isolate, std::move(store));
    v8::Local<v8::Value> argv[3] = {v8::Integer::NewFromUnsigned(isolate, stdio.nested_id()),
                                    v8::Boolean::New(isolate, stdio.stream() == proto::STDIO_STREAM_STDERR),
                                    v8::Uint8Array::New(bytes, 0, data.size())};
    runtime_->MakeCallback(on_stdio_.Get(isolate), 3, argv);
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
  proto::SharedEnvChange* change = envelope.mutable_shared_env_change();
  change->set_name(name.data(), name.size());
  if (value != nullptr) change->set_value(*value);
  change->set_deleted(value == nullptr);
  if (to_parent) runtime.channel()->Send(envelope);
  if (sharers == nullptr) return;
  for (std::uint32_t nested_id : *sharers) {
    if (static_cast<std::int64_t>(nested_id) == from) continue;
    change->set_nested_id(nested_id);
    runtime.channel()->Send(envelope);
  }
}

void ApplySharedEnvChange(Runtime& runtime, const proto::SharedEnvChange& change) {
  // process.env holds no variable without a name (its own assignments drop one).
  if (change.name().empty()) return;
  const std::string* value = change.deleted() ? nullptr : &change.value();
  ChangeProcessEnv(runtime.isolate(), change.name(), value);
  ShareEnvChange(runtime, change.name(), value, change.nested_id());
}

void DeliverChannelFrame(Runtime& runtime, const proto::Envelope& envelope) {
  v8::Isolate* isolate = runtime.isolate();
  v8::HandleScope handle_scope(isolate);
  if (runtime.js().on_channel_frame.IsEmpty()) return;
  v8::Local<v8::Context> context = runtime.context();
  if (envelope.has_port_close()) {
    v8::Local<v8::Value> argv[1] = {v8::Number::New(isolate, static_cast<double>(envelope.port_close().port()))};
    runtime.MakeCallback(runtime.js().on_channel_frame.Get(isolate), 1, argv);
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
  v8::Local<v8::Value> argv[4] = {v8::Number::New(isolate, static_cast<double>(message.port())),
                                  v8::Integer::NewFromUnsigned(isolate, message.nested_id()),
                                  v8::ArrayBuffer::New(isolate, std::move(store)), names};
  runtime.MakeCallback(runtime.js().on_channel_frame.Get(isolate), 4, argv);
}

}  // namespace isohost::worker
