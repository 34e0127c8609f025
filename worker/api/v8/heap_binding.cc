// internalBinding('heap'): the parts of require('v8') that ask this
// worker's isolate about itself (heap and code statistics, the code cache's
// version tag) or change V8's flags. The worker is its own process, so a
// flag set here touches no other worker. Arguments are checked in
// node/v8.js.
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <v8-profiler.h>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/api/v8/gc_profiler.h"
#include "worker/v8/binding.h"

namespace isohost::worker::native_modules {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// Sets `fields` on a new object, each a (name, size) pair.
template <std::size_t N>
Local<v8::Object> SizesObject(v8::Isolate* isolate, Local<v8::Context> context,
                              const std::pair<const char*, double> (&fields)[N]) {
  Local<v8::Object> object = v8::Object::New(isolate);
  for (const auto& [name, value] : fields) SetValue(isolate, context, object, name, v8::Number::New(isolate, value));
  return object;
}

void GetHeapStatistics(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::HeapStatistics s;
  isolate->GetHeapStatistics(&s);
  // In the order Node lists them.
  const std::pair<const char*, double> fields[] = {
      {"total_heap_size", static_cast<double>(s.total_heap_size())},
      {"total_heap_size_executable", static_cast<double>(s.total_heap_size_executable())},
      {"total_physical_size", static_cast<double>(s.total_physical_size())},
      {"total_available_size", static_cast<double>(s.total_available_size())},
      {"used_heap_size", static_cast<double>(s.used_heap_size())},
      {"heap_size_limit", static_cast<double>(s.heap_size_limit())},
      {"malloced_memory", static_cast<double>(s.malloced_memory())},
      {"peak_malloced_memory", static_cast<double>(s.peak_malloced_memory())},
      {"does_zap_garbage", static_cast<double>(s.does_zap_garbage())},
      {"number_of_native_contexts", static_cast<double>(s.number_of_native_contexts())},
      {"number_of_detached_contexts", static_cast<double>(s.number_of_detached_contexts())},
      {"total_global_handles_size", static_cast<double>(s.total_global_handles_size())},
      {"used_global_handles_size", static_cast<double>(s.used_global_handles_size())},
      {"external_memory", static_cast<double>(s.external_memory())},
  };
  info.GetReturnValue().Set(SizesObject(isolate, isolate->GetCurrentContext(), fields));
}

void GetHeapSpaceStatistics(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  const std::size_t count = isolate->NumberOfHeapSpaces();
  Local<v8::Array> spaces = v8::Array::New(isolate, static_cast<int>(count));
  for (std::size_t i = 0; i < count; ++i) {
    v8::HeapSpaceStatistics s;
    if (!isolate->GetHeapSpaceStatistics(&s, i)) continue;
    const std::pair<const char*, double> fields[] = {
        {"space_size", static_cast<double>(s.space_size())},
        {"space_used_size", static_cast<double>(s.space_used_size())},
        {"space_available_size", static_cast<double>(s.space_available_size())},
        {"physical_space_size", static_cast<double>(s.physical_space_size())},
    };
    Local<v8::Object> space = v8::Object::New(isolate);
    Local<v8::String> name;
    if (!v8::String::NewFromUtf8(isolate, s.space_name()).ToLocal(&name)) return;
    SetValue(isolate, context, space, "space_name", name);
    for (const auto& [key, value] : fields) SetValue(isolate, context, space, key, v8::Number::New(isolate, value));
    if (!spaces->Set(context, static_cast<std::uint32_t>(i), space).FromMaybe(false)) return;
  }
  info.GetReturnValue().Set(spaces);
}

void GetHeapCodeStatistics(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::HeapCodeStatistics s;
  isolate->GetHeapCodeAndMetadataStatistics(&s);
  const std::pair<const char*, double> fields[] = {
      {"code_and_metadata_size", static_cast<double>(s.code_and_metadata_size())},
      {"bytecode_and_metadata_size", static_cast<double>(s.bytecode_and_metadata_size())},
      {"external_script_source_size", static_cast<double>(s.external_script_source_size())},
      {"cpu_profiler_metadata_size", static_cast<double>(s.cpu_profiler_metadata_size())},
  };
  info.GetReturnValue().Set(SizesObject(isolate, isolate->GetCurrentContext(), fields));
}

void CachedDataVersionTag(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(v8::ScriptCompiler::CachedDataVersionTag());
}

// V8's JSON of a heap snapshot, kept in pieces of about kPieceBytes as V8
// writes it.
class SnapshotPieces final : public v8::OutputStream {
 public:
  int GetChunkSize() override { return kPieceBytes; }

  WriteResult WriteAsciiChunk(char* data, int size) override {
    if (pieces_.empty() || pieces_.back().size() >= kPieceBytes) {
      pieces_.emplace_back();
      pieces_.back().reserve(kPieceBytes + static_cast<std::size_t>(size));
    }
    pieces_.back().append(data, static_cast<std::size_t>(size));
    return kContinue;
  }

  void EndOfStream() override {}

  std::vector<std::string>& pieces() { return pieces_; }

 private:
  static constexpr std::size_t kPieceBytes = 1 << 16;
  std::vector<std::string> pieces_;
};

// takeHeapSnapshot() -> [ArrayBuffer...]: this isolate's heap, in the JSON
// form DevTools reads, in pieces (v8.getHeapSnapshot() streams them).
void TakeHeapSnapshot(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  SnapshotPieces pieces;
  {
    const v8::HeapSnapshot* snapshot = isolate->GetHeapProfiler()->TakeHeapSnapshot();
    if (snapshot == nullptr) return;
    snapshot->Serialize(&pieces, v8::HeapSnapshot::kJSON);
    const_cast<v8::HeapSnapshot*>(snapshot)->Delete();
  }
  std::vector<std::string>& parts = pieces.pieces();
  Local<v8::Array> result = v8::Array::New(isolate, static_cast<int>(parts.size()));
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::size_t size = parts[i].size();
    void* bytes = std::malloc(size == 0 ? 1 : size);
    if (bytes == nullptr) {
      isolate->ThrowException(
          v8::Exception::RangeError(v8::String::NewFromUtf8Literal(isolate, "Array buffer allocation failed")));
      return;
    }
    std::memcpy(bytes, parts[i].data(), size);
    std::string().swap(parts[i]);  // each piece's memory goes as soon as it is copied
    Local<v8::ArrayBuffer> buffer = buffer::ArrayBufferFromMalloc(isolate, bytes, size);
    if (!result->Set(context, static_cast<std::uint32_t>(i), buffer).FromMaybe(false)) return;
  }
  info.GetReturnValue().Set(result);
}

// setFlagsFromString(flags): V8 parses the string itself and ignores what
// it does not know, as under Node; a flag read only at start-up (one that
// sizes the heap, say) changes nothing in a running isolate.
void SetFlagsFromString(const FunctionCallbackInfo<Value>& info) {
  if (!info[0]->IsString()) return;
  v8::String::Utf8Value flags(info.GetIsolate(), info[0]);
  if (*flags == nullptr) return;
  v8::V8::SetFlagsFromString(*flags, static_cast<std::size_t>(flags.length()));
}

}  // namespace

ISOHOST_BINDING(heap) {
  SetMethod(isolate, context, target, "getHeapStatistics", GetHeapStatistics);
  SetMethod(isolate, context, target, "getHeapSpaceStatistics", GetHeapSpaceStatistics);
  SetMethod(isolate, context, target, "getHeapCodeStatistics", GetHeapCodeStatistics);
  SetMethod(isolate, context, target, "cachedDataVersionTag", CachedDataVersionTag);
  SetMethod(isolate, context, target, "setFlagsFromString", SetFlagsFromString);
  SetMethod(isolate, context, target, "takeHeapSnapshot", TakeHeapSnapshot);
  InstallGcProfilerClass(isolate, context, target);
}

}  // namespace isohost::worker::native_modules
