#include "worker/loader/builtins.h"

#include <cstddef>
#include <string>

#include "worker/loader/builtin_code_cache.h"

namespace isohost::worker_js {
struct EmbeddedFile {
  std::string_view name;
  std::string_view source;
  bool ascii;
};
extern const EmbeddedFile kEmbeddedFiles[];
extern const std::size_t kEmbeddedFileCount;
}  // namespace isohost::worker_js

namespace isohost::worker {
namespace {

const worker_js::EmbeddedFile* FindBuiltin(std::string_view name) {
  for (std::size_t i = 0; i < worker_js::kEmbeddedFileCount; ++i) {
    if (worker_js::kEmbeddedFiles[i].name == name) return &worker_js::kEmbeddedFiles[i];
  }
  return nullptr;
}

// The source of an ASCII builtin as V8 reads it in place: the bytes stay in
// the binary's read-only data, which every worker shares, instead of a copy
// in each worker's heap. V8 deletes the resource, never the bytes.
class EmbeddedSource final : public v8::String::ExternalOneByteStringResource {
 public:
  explicit EmbeddedSource(std::string_view source) : source_(source) {}
  const char* data() const override { return source_.data(); }
  std::size_t length() const override { return source_.size(); }

 private:
  std::string_view source_;
};

v8::MaybeLocal<v8::String> SourceString(v8::Isolate* isolate, const worker_js::EmbeddedFile& file) {
  if (file.ascii) {
    auto* resource = new EmbeddedSource(file.source);
    v8::MaybeLocal<v8::String> result = v8::String::NewExternalOneByte(isolate, resource);
    if (result.IsEmpty()) delete resource;
    return result;
  }
  return v8::String::NewFromUtf8(isolate, file.source.data(), v8::NewStringType::kNormal,
                                 static_cast<int>(file.source.size()));
}

}  // namespace

std::string_view FindBuiltinSource(std::string_view name) {
  const worker_js::EmbeddedFile* file = FindBuiltin(name);
  return file == nullptr ? std::string_view() : file->source;
}

void ForEachBuiltin(const std::function<void(std::string_view name)>& fn) {
  for (std::size_t i = 0; i < worker_js::kEmbeddedFileCount; ++i) fn(worker_js::kEmbeddedFiles[i].name);
}

v8::MaybeLocal<v8::Function> CompileBuiltin(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                            std::string_view name, bool eager) {
  const worker_js::EmbeddedFile* file = FindBuiltin(name);
  if (file == nullptr) return {};
  v8::Local<v8::String> source_text;
  v8::Local<v8::String> resource_name;
  // Builtins are ours and short: these only fail past V8's string limit.
  if (!SourceString(isolate, *file).ToLocal(&source_text) ||
      !v8::String::NewFromUtf8(isolate, ("isohost:" + std::string(name)).c_str()).ToLocal(&resource_name)) {
    return {};
  }
  v8::ScriptOrigin origin(isolate, resource_name);
  std::span<const std::uint8_t> code_cache = eager ? std::span<const std::uint8_t>() : FindBuiltinCodeCache(name);
  // The Source owns the CachedData; the bytes stay ours (BufferNotOwned).
  auto* cached = code_cache.empty()
                     ? nullptr
                     : new v8::ScriptCompiler::CachedData(code_cache.data(), static_cast<int>(code_cache.size()),
                                                          v8::ScriptCompiler::CachedData::BufferNotOwned);
  v8::ScriptCompiler::Source script_source(source_text, origin, cached);
  v8::Local<v8::String> params[] = {
      v8::String::NewFromUtf8Literal(isolate, "exports"), v8::String::NewFromUtf8Literal(isolate, "binding"),
      v8::String::NewFromUtf8Literal(isolate, "internalRequire"), v8::String::NewFromUtf8Literal(isolate, "module")};
  v8::ScriptCompiler::CompileOptions options = cached != nullptr ? v8::ScriptCompiler::kConsumeCodeCache
                                               : eager           ? v8::ScriptCompiler::kEagerCompile
                                                                 : v8::ScriptCompiler::kNoCompileOptions;
  return v8::ScriptCompiler::CompileFunction(context, &script_source, 4, params, 0, nullptr, options);
}

}  // namespace isohost::worker
