#include "worker/nested_workers.h"

#include <cstring>
#include <memory>

#include "worker/port_links.h"
#include "worker/runtime.h"
#include "worker/serialization.h"

namespace isohost::worker {

void NestedWorkers::SetHandlers(v8::Local<v8::Function> on_message, v8::Local<v8::Function> on_event) {
  v8::Isolate* isolate = runtime_->isolate();
  on_message_.Reset(isolate, on_message);
  on_event_.Reset(isolate, on_event);
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
  if (envelope.has_nested_event()) {
    const proto::NestedEvent& event = envelope.nested_event();
    v8::Local<v8::String> message;
    if (!v8::String::NewFromUtf8(isolate, event.message().data(), v8::NewStringType::kNormal,
                                 static_cast<int>(event.message().size()))
             .ToLocal(&message)) {
      return;
    }
    v8::Local<v8::Value> argv[5] = {v8::Integer::NewFromUnsigned(isolate, event.nested_id()),
                                    v8::Integer::New(isolate, event.kind()),
                                    v8::Integer::New(isolate, event.exit_code()),
                                    v8::Integer::New(isolate, event.reason()), message};
    runtime_->MakeCallback(on_event_.Get(isolate), 5, argv);
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
    v8::Local<v8::Value> argv[6] = {v8::Integer::New(isolate, 0), v8::Integer::New(isolate, 0),
                                    v8::ArrayBuffer::New(isolate, std::move(store)), v8::Undefined(isolate),
                                    v8::Integer::New(isolate, kFrameBroadcast), name};
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
  const int kind = message.linked() ? kFrameMarker : message.fenced() ? kFrameFenced : kFrameMessage;
  v8::Local<v8::Value> argv[5] = {v8::Number::New(isolate, static_cast<double>(message.port())),
                                  v8::Integer::NewFromUnsigned(isolate, message.nested_id()),
                                  v8::ArrayBuffer::New(isolate, std::move(store)), names,
                                  v8::Integer::New(isolate, kind)};
  runtime.MakeCallback(runtime.js().on_channel_frame.Get(isolate), 5, argv);
}

}  // namespace isohost::worker
