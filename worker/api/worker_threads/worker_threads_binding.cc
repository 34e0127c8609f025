// The native half of require('worker_threads') beyond the port: the heap
// limits this worker's isolate really runs with, for `resourceLimits`, and
// the bytes of MessagePort messages (worker/messaging/port_message.h).
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ipc/frame_format.h"
#include "worker/v8/binding.h"
#include "worker/api/worker_threads/nested_workers.h"
#include "worker/messaging/port_links.h"
#include "worker/messaging/port_message.h"
#include "worker/runtime/runtime.h"
#include "worker/messaging/serialization.h"
#include "worker/runtime/stack_limit.h"

namespace isohost::worker::native_modules {
namespace {

// How long `new Worker()` waits for the host to number the thread: the host
// answers as it reads the spawn, so only a host that is gone takes this long.
constexpr int kSpawnAnswerTimeoutMs = 10000;

// [maxYoungGenerationSizeMb, maxOldGenerationSizeMb, codeRangeSizeMb,
// stackSizeMb]. The young generation is what was asked for
// (--max-young-space) or V8's default of three 16 MiB semi-spaces; the old
// one is the rest of V8's heap size limit, which holds --max-old-space when
// it was given and V8's own choice otherwise. The code range and the stack
// are as asked; not asked, V8's defaults: a code range of its own choosing
// (0, as Node says) and V8's stack (984 KiB, or --stack-size's).
void HeapLimitsMb(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  const HeapLimits& asked = Runtime::From(isolate)->heap_limits();
  v8::HeapStatistics stats;
  isolate->GetHeapStatistics(&stats);
  const double young = asked.max_young_space_mb > 0 ? asked.max_young_space_mb : 48;
  const double total = static_cast<double>(stats.heap_size_limit() >> 20);
  const double old = asked.max_old_space_mb > 0 ? asked.max_old_space_mb : total - young;
  const Runtime* runtime = Runtime::From(isolate);
  const double stack_kib = runtime->stack_size_kib() > 0 ? runtime->stack_size_kib() : DefaultStackKib();
  v8::Local<v8::Value> values[4] = {v8::Number::New(isolate, young), v8::Number::New(isolate, old),
                                    v8::Number::New(isolate, asked.code_range_mb), v8::Number::New(isolate, stack_kib / 1024)};
  info.GetReturnValue().Set(v8::Array::New(isolate, values, 4));
}

// portToken(index) -> the stand-in for transferred port `index`.
void PortToken(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsUint32()) return;
  v8::Local<v8::Object> token;
  if (NewPortToken(isolate, isolate->GetCurrentContext(), info[0].As<v8::Uint32>()->Value()).ToLocal(&token)) {
    info.GetReturnValue().Set(token);
  }
}

// serializeMessage(value, arrayBuffers | undefined) -> ArrayBuffer of bytes;
// the ArrayBuffers (checked by JS) are copied and detached.
void SerializeMessage(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  std::vector<v8::Local<v8::ArrayBuffer>> detach;
  if (info[1]->IsArray()) {
    v8::Local<v8::Array> list = info[1].As<v8::Array>();
    for (std::uint32_t i = 0; i < list->Length(); ++i) {
      v8::Local<v8::Value> item;
      if (!list->Get(context, i).ToLocal(&item)) return;
      if (item->IsArrayBuffer()) detach.push_back(item.As<v8::ArrayBuffer>());
    }
  }
  v8::Local<v8::ArrayBuffer> bytes;
  if (SerializePortMessage(isolate, context, info[0], detach).ToLocal(&bytes)) info.GetReturnValue().Set(bytes);
}

// deserializeMessage(bytes: ArrayBuffer | ArrayBufferView, ports | undefined,
// realm | undefined) -> the value, in which port token i is ports[i]; made in
// the context `realm` (an object) was created in, else in the caller's: a
// port moved into a vm context receives objects of that context.
void DeserializeMessage(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::string_view data;
  std::shared_ptr<v8::BackingStore> keep;
  if (info[0]->IsArrayBuffer()) {
    keep = info[0].As<v8::ArrayBuffer>()->GetBackingStore();
    data = {static_cast<const char*>(keep->Data()), keep->ByteLength()};
  } else if (info[0]->IsArrayBufferView()) {
    v8::Local<v8::ArrayBufferView> view = info[0].As<v8::ArrayBufferView>();
    keep = view->Buffer()->GetBackingStore();
    data = {static_cast<const char*>(keep->Data()) + view->ByteOffset(), view->ByteLength()};
  } else {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "deserializeMessage: bytes must be an ArrayBuffer")));
    return;
  }
  v8::Local<v8::Array> ports;
  if (info[1]->IsArray()) ports = info[1].As<v8::Array>();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  SharedBuffers shared;
  if (!SharedBuffersOf(isolate, context, info[0], &shared)) return;
  if (info[2]->IsObject()) {
    v8::Local<v8::Context> realm;
    if (info[2].As<v8::Object>()->GetCreationContext().ToLocal(&realm)) context = realm;
  }
  v8::Context::Scope context_scope(context);
  v8::Local<v8::Value> value;
  if (DeserializePortMessage(isolate, context, data, ports, &shared).ToLocal(&value)) {
    info.GetReturnValue().Set(value);
  }
}

// copyMessage(bytes: ArrayBuffer) -> a copy of message bytes that JS keeps
// past the call that lent them, with the SharedArrayBuffers they carry.
void CopyMessage(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsArrayBuffer()) return;
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  std::shared_ptr<v8::BackingStore> source = info[0].As<v8::ArrayBuffer>()->GetBackingStore();
  std::unique_ptr<v8::BackingStore> store = v8::ArrayBuffer::NewBackingStore(isolate, source->ByteLength());
  if (source->ByteLength() > 0) std::memcpy(store->Data(), source->Data(), source->ByteLength());
  v8::Local<v8::ArrayBuffer> copy = v8::ArrayBuffer::New(isolate, std::move(store));
  SharedBuffers shared;
  if (!SharedBuffersOf(isolate, context, info[0], &shared) || !AttachSharedBuffers(isolate, context, copy, shared)) {
    return;
  }
  info.GetReturnValue().Set(copy);
}

// --- nested workers (worker/api/worker_threads/nested_workers.h) ---------------------------------

// Sends `envelope`, whose message is the bytes `bytes` (from
// serializeMessage), with the descriptors of the SharedArrayBuffers those
// carry; false with a DataCloneError pending when one cannot leave this
// process.
bool SendWithShared(v8::Isolate* isolate, ipc::Channel* channel, proto::Envelope& envelope,
                    v8::Local<v8::Value> bytes) {
  SharedBuffers shared;
  if (!SharedBuffersOf(isolate, isolate->GetCurrentContext(), bytes, &shared)) return false;
  if (shared.empty()) {
    channel->Send(envelope);
    return true;
  }
  std::vector<int> fds;
  if (!DescriptorsOf(isolate, shared, &fds)) return false;
  return SendSharedFrame(isolate, channel, envelope, fds);
}

std::string Utf8(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  if (!value->IsString()) return {};
  v8::String::Utf8Value text(isolate, value);
  return *text != nullptr ? std::string(*text, static_cast<std::size_t>(text.length())) : std::string();
}

bool Get(v8::Local<v8::Context> context, v8::Local<v8::Object> object, const char* name,
         v8::Local<v8::Value>* out) {
  return object->Get(context, v8::String::NewFromUtf8(context->GetIsolate(), name).ToLocalChecked()).ToLocal(out);
}

// The strings of a JS array (others are skipped).
bool Strings(v8::Local<v8::Context> context, v8::Local<v8::Value> value, std::vector<std::string>* out) {
  if (!value->IsArray()) return true;
  v8::Local<v8::Array> list = value.As<v8::Array>();
  for (std::uint32_t i = 0; i < list->Length(); ++i) {
    v8::Local<v8::Value> item;
    if (!list->Get(context, i).ToLocal(&item)) return false;
    if (item->IsString()) out->push_back(Utf8(context->GetIsolate(), item));
  }
  return true;
}

std::string_view BytesOf(v8::Local<v8::Value> value, std::shared_ptr<v8::BackingStore>* keep) {
  if (!value->IsArrayBuffer()) return {};
  *keep = value.As<v8::ArrayBuffer>()->GetBackingStore();
  return {static_cast<const char*>((*keep)->Data()), (*keep)->ByteLength()};
}

// setNestedHandlers(onMessage, onEvent, onStdio, onHeapSnapshot, onUncaught)
void SetNestedHandlers(const v8::FunctionCallbackInfo<v8::Value>& info) {
  for (int i = 0; i < 5; ++i) {
    if (!info[i]->IsFunction()) return;
  }
  Runtime* runtime = Runtime::From(info.GetIsolate());
  if (!runtime->nested_workers()) runtime->nested_workers() = std::make_unique<NestedWorkers>(runtime);
  runtime->nested_workers()->SetHandlers(info[0].As<v8::Function>(), info[1].As<v8::Function>(),
                                         info[2].As<v8::Function>(), info[3].As<v8::Function>(),
                                         info[4].As<v8::Function>());
}

// reportUncaught(report): tells the parent, if this is a nested worker,
// what ends it (see NestedControl.uncaught_error); a report that cannot be
// cloned is not sent.
void ReportUncaught(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Runtime* runtime = Runtime::From(isolate);
  v8::TryCatch try_catch(isolate);
  std::optional<SerializedValue> bytes = SerializeValue(isolate, isolate->GetCurrentContext(), info[0]);
  if (!bytes) return;
  proto::Envelope envelope;
  envelope.mutable_nested_control()->set_uncaught_error(std::string(bytes->bytes()));
  runtime->channel()->Send(envelope);
}

// postEnvMessage(value): sends `value` (structured clone) on this worker's
// environment port to its parent's Worker object (NestedControl.env_message);
// throws what cloning throws. The host drops it for a worker without a parent.
void PostEnvMessage(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Runtime* runtime = Runtime::From(isolate);
  std::optional<SerializedValue> bytes = SerializeValue(isolate, isolate->GetCurrentContext(), info[0]);
  if (!bytes) return;
  proto::Envelope envelope;
  envelope.mutable_nested_control()->set_env_message(std::string(bytes->bytes()));
  runtime->channel()->Send(envelope);
}

// nestedHeapSnapshot(nestedId): asks nested worker `nestedId` for a heap
// snapshot; its parts come to onHeapSnapshot.
void NestedHeapSnapshot(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsUint32()) return;
  proto::Envelope envelope;
  envelope.mutable_nested_control()->set_nested_id(info[0].As<v8::Uint32>()->Value());
  envelope.mutable_nested_control()->set_heap_snapshot_request(true);
  Runtime::From(info.GetIsolate())->channel()->Send(envelope);
}

// startEnvironmentData(ports?: MessagePort[]): the Map of the parent's
// environment data that came with Start, or undefined (none, or bytes that
// no longer read). With `ports` (workerData's), port token i is ports[i].
void StartEnvironmentData(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  const std::string& bytes = Runtime::From(isolate)->start().environment_data();
  if (bytes.empty()) return;
  v8::TryCatch try_catch(isolate);
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  v8::Local<v8::Value> value;
  v8::MaybeLocal<v8::Value> read = info[0]->IsArray()
                                       ? DeserializePortMessage(isolate, context, bytes, info[0].As<v8::Array>(), nullptr)
                                       : DeserializeValue(isolate, context, bytes);
  if (read.ToLocal(&value)) info.GetReturnValue().Set(value);
}

// startWorkerDataPorts() -> the host's names for the ends of the ports
// workerData carries (Start.worker_data_ports), in the order of its tokens.
void StartWorkerDataPorts(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  const auto& names = Runtime::From(isolate)->start().worker_data_ports();
  v8::Local<v8::Array> list = v8::Array::New(isolate, names.size());
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  for (int i = 0; i < names.size(); ++i) {
    if (list->Set(context, static_cast<std::uint32_t>(i), v8::Number::New(isolate, static_cast<double>(names[i])))
            .IsNothing()) {
      return;
    }
  }
  info.GetReturnValue().Set(list);
}

// startWorkerDataQueued() -> [index, bytes: ArrayBuffer, ...]: the messages
// queued for workerData's port `index` when it left its parent
// (Start.worker_data_queued), in order.
void StartWorkerDataQueued(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  const auto& queued = Runtime::From(isolate)->start().worker_data_queued();
  v8::Local<v8::Array> list = v8::Array::New(isolate, queued.size() * 2);
  std::uint32_t at = 0;
  for (const proto::ChannelMessage& message : queued) {
    const std::string& data = message.data();
    v8::Local<v8::ArrayBuffer> bytes = v8::ArrayBuffer::New(isolate, data.size());
    if (!data.empty()) std::memcpy(bytes->GetBackingStore()->Data(), data.data(), data.size());
    if (list->Set(context, at++, v8::Number::New(isolate, static_cast<double>(message.port()))).IsNothing() ||
        list->Set(context, at++, bytes).IsNothing()) {
      return;
    }
  }
  info.GetReturnValue().Set(list);
}

// embeddableMessage(bytes) -> whether message bytes can travel inside
// another frame (a NestedSpawn): an ArrayBuffer that carries no
// SharedArrayBuffers (their descriptors go with a frame of their own).
void EmbeddableMessage(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsArrayBuffer()) return info.GetReturnValue().Set(false);
  SharedBuffers shared;
  if (!SharedBuffersOf(isolate, isolate->GetCurrentContext(), info[0], &shared)) return;
  info.GetReturnValue().Set(shared.empty());
}

// startWorkerData(ports: MessagePort[]) -> workerData, whose port token i
// is ports[i]; throws when the bytes do not read. Only while Start is
// handled (its SharedArrayBuffers are mapped then).
void StartWorkerData(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsArray()) return;
  Runtime* runtime = Runtime::From(isolate);
  v8::Local<v8::Value> value;
  if (DeserializePortMessage(isolate, isolate->GetCurrentContext(), runtime->start().worker_data(),
                             info[0].As<v8::Array>(), &runtime->incoming_shared())
          .ToLocal(&value)) {
    info.GetReturnValue().Set(value);
  }
}

// nestedStdin(nestedId, bytes: ArrayBufferView | undefined, eof): data for
// the process.stdin of a nested worker spawned with `stdin`.
void NestedStdin(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsUint32()) return;
  proto::Envelope envelope;
  proto::NestedStdio* stdio = envelope.mutable_nested_stdio();
  stdio->set_nested_id(info[0].As<v8::Uint32>()->Value());
  if (info[1]->IsArrayBufferView()) {
    v8::Local<v8::ArrayBufferView> view = info[1].As<v8::ArrayBufferView>();
    std::string* data = stdio->mutable_data();
    data->resize(view->ByteLength());
    if (!data->empty()) view->CopyContents(data->data(), data->size());
  }
  stdio->set_eof(info[2]->IsTrue());
  Runtime::From(isolate)->channel()->Send(envelope);
}

// A transfer list as JS describes it for the host, [name, newPair, ...]
// (internal/worker/io.js), into `out`; anything else adds nothing.
bool TransferredPorts(v8::Local<v8::Context> context, v8::Local<v8::Value> value,
                      google::protobuf::RepeatedPtrField<proto::TransferredPort>* out) {
  if (!value->IsArray()) return true;
  v8::Local<v8::Array> list = value.As<v8::Array>();
  for (std::uint32_t i = 0; i + 1 < list->Length(); i += 2) {
    v8::Local<v8::Value> name;
    v8::Local<v8::Value> new_pair;
    if (!list->Get(context, i).ToLocal(&name) || !list->Get(context, i + 1).ToLocal(&new_pair)) return false;
    if (!name->IsNumber()) continue;
    proto::TransferredPort* port = out->Add();
    port->set_name(static_cast<std::uint64_t>(name.As<v8::Number>()->Value()));
    port->set_new_pair(new_pair->IsTrue());
  }
  return true;
}

// nestedSpawn(nestedId, { scriptPath | scriptSource | scriptUrl, argv,
// env: [name, value, ...], workerData: ArrayBuffer?, ports: the ports
// workerData transfers as channelSend lists them, maxOld, maxYoung,
// execArgv, name }) -> its threadId, as the host numbered it; undefined if
// the host never said.
void NestedSpawn(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[0]->IsUint32() || !info[1]->IsObject()) return;
  v8::Local<v8::Object> request = info[1].As<v8::Object>();
  proto::Envelope envelope;
  proto::NestedSpawn* spawn = envelope.mutable_nested_spawn();
  spawn->set_nested_id(info[0].As<v8::Uint32>()->Value());
  v8::Local<v8::Value> value;
  if (!Get(context, request, "scriptSource", &value)) return;
  if (value->IsString()) {
    spawn->set_script_source(Utf8(isolate, value));
  } else if (!Get(context, request, "scriptUrl", &value)) {
    return;
  } else if (value->IsString()) {
    spawn->set_script_source(Utf8(isolate, value));
    spawn->set_script_is_url(true);
  } else {
    if (!Get(context, request, "scriptPath", &value)) return;
    spawn->set_script_path(Utf8(isolate, value));
  }
  std::vector<std::string> strings;
  if (!Get(context, request, "argv", &value) || !Strings(context, value, &strings)) return;
  for (std::string& arg : strings) spawn->add_argv(std::move(arg));
  strings.clear();
  if (!Get(context, request, "execArgv", &value) || !Strings(context, value, &strings)) return;
  for (std::string& arg : strings) spawn->add_exec_argv(std::move(arg));
  strings.clear();
  if (!Get(context, request, "env", &value) || !Strings(context, value, &strings)) return;
  for (std::size_t i = 0; i + 1 < strings.size(); i += 2) {
    proto::EnvVar* var = spawn->add_env();
    var->set_name(std::move(strings[i]));
    var->set_value(std::move(strings[i + 1]));
  }
  std::shared_ptr<v8::BackingStore> keep;
  if (!Get(context, request, "workerData", &value)) return;
  std::string_view data = BytesOf(value, &keep);
  spawn->set_worker_data(data.data(), data.size());
  if (!Get(context, request, "ports", &value) ||
      !TransferredPorts(context, value, spawn->mutable_worker_data_ports())) {
    return;
  }
  if (!Get(context, request, "queued", &value)) return;
  if (value->IsArray()) {
    v8::Local<v8::Array> queued = value.As<v8::Array>();
    for (std::uint32_t i = 0; i + 1 < queued->Length(); i += 2) {
      v8::Local<v8::Value> index;
      v8::Local<v8::Value> bytes;
      if (!queued->Get(context, i).ToLocal(&index) || !queued->Get(context, i + 1).ToLocal(&bytes)) return;
      if (!index->IsUint32()) continue;
      std::shared_ptr<v8::BackingStore> keep_message;
      std::string_view message = BytesOf(bytes, &keep_message);
      proto::ChannelMessage* out = spawn->add_worker_data_queued();
      out->set_port(index.As<v8::Uint32>()->Value());
      out->set_data(message.data(), message.size());
    }
  }
  if (!Get(context, request, "maxOld", &value)) return;
  if (value->IsUint32()) spawn->mutable_limits()->set_max_old_space_mb(value.As<v8::Uint32>()->Value());
  if (!Get(context, request, "maxYoung", &value)) return;
  if (value->IsUint32()) spawn->mutable_limits()->set_max_young_space_mb(value.As<v8::Uint32>()->Value());
  if (!Get(context, request, "codeRange", &value)) return;
  if (value->IsUint32()) spawn->mutable_limits()->set_code_range_mb(value.As<v8::Uint32>()->Value());
  if (!Get(context, request, "stackKib", &value)) return;
  if (value->IsUint32()) spawn->mutable_limits()->set_stack_size_kib(value.As<v8::Uint32>()->Value());
  if (!Get(context, request, "name", &value)) return;
  spawn->set_name(Utf8(isolate, value));
  if (!Get(context, request, "stdin", &value)) return;
  spawn->set_stdin(value->IsTrue());
  if (!Get(context, request, "environmentData", &value)) return;
  std::shared_ptr<v8::BackingStore> keep_environment;
  std::string_view environment = BytesOf(value, &keep_environment);
  spawn->set_environment_data(environment.data(), environment.size());
  if (!Get(context, request, "shareEnv", &value)) return;
  if (value->IsTrue()) {
    spawn->set_share_env(true);
    Runtime* runtime = Runtime::From(isolate);
    if (runtime->nested_workers()) runtime->nested_workers()->AddEnvSharer(spawn->nested_id());
  }
  ipc::Channel* channel = Runtime::From(isolate)->channel();
  if (!Get(context, request, "workerData", &value)) return;
  if (!SendWithShared(isolate, channel, envelope, value)) return;
  // The host numbers the threads of all its workers, in the order their
  // spawns reach it, and answers at once (NestedEvent SPAWNED, or the EXIT
  // of a refusal): `new Worker()` waits for that answer, as a thread's
  // constructor knows its threadId. What else comes meanwhile is delivered
  // after, in order.
  const std::uint32_t nested_id = spawn->nested_id();
  std::uint32_t thread_id = 0;
  channel->AwaitFrame(
      [&](const proto::Envelope& frame) {
        if (!frame.has_nested_event() || frame.nested_event().nested_id() != nested_id) return false;
        thread_id = frame.nested_event().thread_id();
        return true;
      },
      kSpawnAnswerTimeoutMs);
  if (thread_id != 0) info.GetReturnValue().Set(thread_id);
}

// Whether a message of `size` bytes may go to the host; if not, a RangeError
// naming the limit is pending.
bool WithinMessageLimit(v8::Isolate* isolate, Runtime* runtime, std::size_t size) {
  std::size_t limit = runtime->channel()->options().max_message_size;
  if (size <= limit) return true;
  v8::Local<v8::String> text;
  if (v8::String::NewFromUtf8(isolate, ipc::MessageOverLimitError(size, limit).c_str()).ToLocal(&text)) {
    isolate->ThrowException(v8::Exception::RangeError(text));
  }
  return false;
}

// nestedPost(nestedId, bytes: ArrayBuffer): throws a RangeError over the
// message limit.
void NestedPost(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsUint32()) return;
  std::shared_ptr<v8::BackingStore> keep;
  std::string_view data = BytesOf(info[1], &keep);
  Runtime* runtime = Runtime::From(isolate);
  if (!WithinMessageLimit(isolate, runtime, data.size())) return;
  proto::Envelope envelope;
  envelope.mutable_nested_port_message()->set_nested_id(info[0].As<v8::Uint32>()->Value());
  envelope.mutable_nested_port_message()->set_data(data.data(), data.size());
  SendWithShared(isolate, runtime->channel(), envelope, info[1]);
}

// nestedTerminate(nestedId)
void NestedTerminate(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsUint32()) return;
  proto::Envelope envelope;
  envelope.mutable_nested_terminate()->set_nested_id(info[0].As<v8::Uint32>()->Value());
  Runtime::From(info.GetIsolate())->channel()->Send(envelope);
}

// Flags of channelSend, as ChannelMessage has them.
constexpr std::uint32_t kSendFenced = 1;
constexpr std::uint32_t kSendLinked = 2;
constexpr std::uint32_t kSendForwarded = 4;

// channelSend(port, nestedId, bytes: ArrayBuffer, [name, newPair, ...], flags,
// threadId, request): a ChannelMessage (proto/isohost.proto) to the host;
// with threadId, a postMessageToThread message numbered `request`.
void ChannelSend(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info[0]->IsNumber() || !info[1]->IsUint32()) return;
  proto::Envelope envelope;
  proto::ChannelMessage* message = envelope.mutable_channel_message();
  message->set_port(static_cast<std::uint64_t>(info[0].As<v8::Number>()->Value()));
  message->set_nested_id(info[1].As<v8::Uint32>()->Value());
  std::shared_ptr<v8::BackingStore> keep;
  std::string_view data = BytesOf(info[2], &keep);
  Runtime* runtime = Runtime::From(isolate);
  if (!WithinMessageLimit(isolate, runtime, data.size())) return;
  message->set_data(data.data(), data.size());
  if (!TransferredPorts(context, info[3], message->mutable_ports())) return;
  if (info[4]->IsUint32()) {
    const std::uint32_t flags = info[4].As<v8::Uint32>()->Value();
    message->set_fenced((flags & kSendFenced) != 0);
    message->set_linked((flags & kSendLinked) != 0);
    message->set_forwarded((flags & kSendForwarded) != 0);
  }
  if (info[5]->IsUint32() && info[6]->IsNumber()) {
    message->set_thread_id(info[5].As<v8::Uint32>()->Value());
    message->set_thread_request(static_cast<std::uint64_t>(info[6].As<v8::Number>()->Value()));
  }
  SendWithShared(isolate, runtime->channel(), envelope, info[2]);
}

// threadMessageResult(request, status): the answer to postMessageToThread
// message `request` (the host's number), a proto ThreadMessageStatus.
void ThreadMessageResult(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsNumber() || !info[1]->IsUint32()) return;
  proto::Envelope envelope;
  proto::ThreadMessageResult* result = envelope.mutable_thread_result();
  result->set_request(static_cast<std::uint64_t>(info[0].As<v8::Number>()->Value()));
  result->set_status(static_cast<proto::ThreadMessageStatus>(info[1].As<v8::Uint32>()->Value() & 3));
  Runtime::From(info.GetIsolate())->channel()->Send(envelope);
}

// portClose(port)
void PortClose(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsNumber()) return;
  proto::Envelope envelope;
  envelope.mutable_port_close()->set_port(static_cast<std::uint64_t>(info[0].As<v8::Number>()->Value()));
  Runtime::From(info.GetIsolate())->channel()->Send(envelope);
}

// portDrained(port): everything for end `port`, which this worker gave
// away, has been forwarded.
void PortDrained(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (!info[0]->IsNumber()) return;
  proto::Envelope envelope;
  envelope.mutable_port_drain()->set_port(static_cast<std::uint64_t>(info[0].As<v8::Number>()->Value()));
  Runtime::From(info.GetIsolate())->channel()->Send(envelope);
}

// broadcastSend(name, bytes: ArrayBuffer | undefined, op): op 0 posts the
// bytes to the channels of `name` in other workers, 1 joins the name, 2
// leaves it (proto BroadcastMessage).
void BroadcastSend(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (!info[0]->IsString() || !info[2]->IsUint32()) return;
  Runtime* runtime = Runtime::From(isolate);
  proto::Envelope envelope;
  proto::BroadcastMessage* message = envelope.mutable_broadcast();
  message->set_name(Utf8(isolate, info[0]));
  const std::uint32_t op = info[2].As<v8::Uint32>()->Value();
  if (op == 1) {
    message->set_join(true);
  } else if (op == 2) {
    message->set_leave(true);
  } else {
    std::shared_ptr<v8::BackingStore> keep;
    std::string_view data = BytesOf(info[1], &keep);
    if (!WithinMessageLimit(isolate, runtime, data.size())) return;
    message->set_data(data.data(), data.size());
    SendWithShared(isolate, runtime->channel(), envelope, info[1]);
    return;
  }
  runtime->channel()->Send(envelope);
}

// --- direct links (worker/messaging/port_links.h) -----------------------------------------

PortLinks* LinksOf(const v8::FunctionCallbackInfo<v8::Value>& info, std::uint32_t* id) {
  if (!info[0]->IsUint32()) return nullptr;
  *id = info[0].As<v8::Uint32>()->Value();
  return Runtime::From(info.GetIsolate())->port_links().get();
}

// linkSend(link, bytes: ArrayBuffer) -> whether it went on the link; a
// RangeError over the message limit.
void LinkSend(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::uint32_t id = 0;
  PortLinks* links = LinksOf(info, &id);
  if (links == nullptr) return info.GetReturnValue().Set(false);
  std::shared_ptr<v8::BackingStore> keep;
  std::string_view data = BytesOf(info[1], &keep);
  if (!WithinMessageLimit(isolate, Runtime::From(isolate), data.size())) return;
  SharedBuffers shared;
  if (!SharedBuffersOf(isolate, isolate->GetCurrentContext(), info[1], &shared)) return;
  std::vector<int> fds;
  if (!DescriptorsOf(isolate, shared, &fds)) return;
  info.GetReturnValue().Set(links->Send(id, data, fds));
}

// linkPost(link, value) -> whether `value` (transferring nothing) went on
// the link; throws what serializeMessage throws, or a RangeError over the
// message limit.
void LinkPost(const v8::FunctionCallbackInfo<v8::Value>& info) {
  std::uint32_t id = 0;
  PortLinks* links = LinksOf(info, &id);
  if (links == nullptr) return info.GetReturnValue().Set(false);
  bool sent = false;
  if (links->Post(id, info.GetIsolate()->GetCurrentContext(), info[1]).To(&sent)) info.GetReturnValue().Set(sent);
}

// linkControl(link, what): 0 a placeholder, 1 the end of our sending, 2 our close.
void LinkControl(const v8::FunctionCallbackInfo<v8::Value>& info) {
  std::uint32_t id = 0;
  PortLinks* links = LinksOf(info, &id);
  if (links == nullptr || !info[1]->IsUint32()) return;
  switch (info[1].As<v8::Uint32>()->Value()) {
    case 0: links->SendPlaceholder(id); break;
    case 1: links->SendEnd(id); break;
    case 2: links->SendClose(id); break;
    default: break;
  }
}

// linkDrop(link)
void LinkDrop(const v8::FunctionCallbackInfo<v8::Value>& info) {
  std::uint32_t id = 0;
  if (PortLinks* links = LinksOf(info, &id)) links->Drop(id);
}

// linkStats() -> [links made, messages sent on links, messages received on links]
void LinkStats(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  PortLinks::Stats stats;
  if (PortLinks* links = Runtime::From(isolate)->port_links().get()) stats = links->stats();
  v8::Local<v8::Value> values[3] = {v8::Number::New(isolate, static_cast<double>(stats.links)),
                                    v8::Number::New(isolate, static_cast<double>(stats.sent)),
                                    v8::Number::New(isolate, static_cast<double>(stats.received))};
  info.GetReturnValue().Set(v8::Array::New(isolate, values, 3));
}

}  // namespace

ISOHOST_BINDING(worker_threads) {
  SetMethod(isolate, context, target, "heapLimitsMb", HeapLimitsMb);
  SetMethod(isolate, context, target, "portToken", PortToken);
  SetMethod(isolate, context, target, "startWorkerDataPorts", StartWorkerDataPorts);
  SetMethod(isolate, context, target, "startWorkerData", StartWorkerData);
  SetMethod(isolate, context, target, "startWorkerDataQueued", StartWorkerDataQueued);
  SetMethod(isolate, context, target, "embeddableMessage", EmbeddableMessage);
  SetMethod(isolate, context, target, "serializeMessage", SerializeMessage);
  SetMethod(isolate, context, target, "deserializeMessage", DeserializeMessage);
  SetMethod(isolate, context, target, "copyMessage", CopyMessage);
  SetMethod(isolate, context, target, "setNestedHandlers", SetNestedHandlers);
  SetMethod(isolate, context, target, "nestedSpawn", NestedSpawn);
  SetMethod(isolate, context, target, "nestedStdin", NestedStdin);
  SetMethod(isolate, context, target, "nestedHeapSnapshot", NestedHeapSnapshot);
  SetMethod(isolate, context, target, "reportUncaught", ReportUncaught);
  SetMethod(isolate, context, target, "postEnvMessage", PostEnvMessage);
  SetMethod(isolate, context, target, "threadMessageResult", ThreadMessageResult);
  SetMethod(isolate, context, target, "startEnvironmentData", StartEnvironmentData);
  SetMethod(isolate, context, target, "nestedPost", NestedPost);
  SetMethod(isolate, context, target, "nestedTerminate", NestedTerminate);
  SetMethod(isolate, context, target, "channelSend", ChannelSend);
  SetMethod(isolate, context, target, "portClose", PortClose);
  SetMethod(isolate, context, target, "portDrained", PortDrained);
  SetMethod(isolate, context, target, "broadcastSend", BroadcastSend);
  SetMethod(isolate, context, target, "linkSend", LinkSend);
  SetMethod(isolate, context, target, "linkPost", LinkPost);
  SetMethod(isolate, context, target, "linkControl", LinkControl);
  SetMethod(isolate, context, target, "linkDrop", LinkDrop);
  SetMethod(isolate, context, target, "linkStats", LinkStats);
}

}  // namespace isohost::worker::native_modules
