#include "worker/builtins.h"

#include <cstddef>
#include <string>

#include "worker/builtin_code_cache.h"

namespace isohost::worker_js {
struct EmbeddedFile {
  std::string_view name;
  std::string_view source;
};
extern const EmbeddedFile kEmbeddedFiles[];
extern const std::size_t kEmbeddedFileCount;
}  // namespace isohost::worker_js

namespace isohost::worker {

std::string_view FindBuiltinSource(std::string_view name) {
  for (std::size_t i = 0; i < worker_js::kEmbeddedFileCount; ++i) {
    if (worker_js::kEmbeddedFiles[i].name == name) return worker_js::kEmbeddedFiles[i].source;
  }
  return {};
}

void ForEachBuiltin(const std::function<void(std::string_view name)>& fn) {
  for (std::size_t i = 0; i < worker_js::kEmbeddedFileCount; ++i) fn(worker_js::kEmbeddedFiles[i].name);
}

v8::MaybeLocal<v8::Function> CompileBuiltin(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                            std::string_view name, bool eager) {
  std::string_view source = FindBuiltinSource(name);
  v8::Local<v8::String> source_text;
  v8::Local<v8::String> resource_name;
  // Builtins are ours and short: these only fail past V8's string limit.
  if (!v8::String::NewFromUtf8(isolate, source.data(), v8::NewStringType::kNormal, static_cast<int>(source.size()))
           .ToLocal(&source_text) ||
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
