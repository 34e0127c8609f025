#include "worker/loader/prepared_modules.h"

#include <sys/stat.h>

#include <cstdint>
#include <iterator>
#include <memory>

#include "worker/loader/builtins.h"
#include "worker/loader/source_text.h"

namespace isohost::worker {

std::string CompileVariant(const std::vector<std::string>& param_names) {
  std::string variant;
  for (const std::string& name : param_names) variant += name + ",";
  return variant;
}

PreparedModules::PreparedModules(v8::Isolate* isolate, v8::Local<v8::Context> context, CompileCache& cache,
                                 const std::string& script_path,
                                 const std::function<bool(const std::string&)>& builtin_loaded)
    : directory_(cache.directory()), variant_(CompileVariant({std::begin(kCommonJsParams), std::end(kCommonJsParams)})) {
  std::vector<v8::Local<v8::String>> params;
  for (const char* name : kCommonJsParams) {
    params.push_back(v8::String::NewFromUtf8(isolate, name, v8::NewStringType::kInternalized).ToLocalChecked());
  }
  const CompileCache::ModuleList list = cache.ReadModuleList(script_path);
  for (const std::string& name : list.builtins) {
    // One this worker loaded already (its warm-up's) needs no second compile.
    if (builtin_loaded(name)) continue;
    v8::HandleScope handle_scope(isolate);
    v8::Local<v8::Function> function;
    // A name that is no builtin (any more) compiles nothing.
    if (CompileBuiltin(isolate, context, name).ToLocal(&function)) builtins_[name].Reset(isolate, function);
  }
  for (const std::string& path : list.modules) {
    v8::HandleScope handle_scope(isolate);
    // A file that cannot be read, or changes as it is read, is left to Start;
    // so is anything but a regular file (ReadRegularSourceText).
    FileStamp stamp;
    v8::Local<v8::String> text;
    std::int64_t ctime_ns = 0;
    if (!ReadRegularSourceText(isolate, path, SIZE_MAX, &stamp, /*want_stamp=*/true, &text, &ctime_ns) ||
        text.IsEmpty() || !stamp.valid) {
      continue;
    }
    cache.NoteRead(isolate, path, stamp, text);
    std::unique_ptr<CompileCache::Use> use = cache.Begin(isolate, text, CompileCache::Kind::kCommonJs, variant_);
    v8::ScriptCompiler::CachedData* cached = use ? use->NewCachedData() : nullptr;
    // Only what the cache has: compiling without it would take longer than
    // the Start it is meant to spare.
    if (cached == nullptr) continue;
    v8::Local<v8::String> body;
    if (!FunctionBodyText(isolate, text).ToLocal(&body)) {
      delete cached;
      continue;
    }
    v8::Local<v8::String> filename;
    if (!v8::String::NewFromUtf8(isolate, path.data(), v8::NewStringType::kNormal, static_cast<int>(path.size()))
             .ToLocal(&filename)) {
      delete cached;
      continue;
    }
    v8::ScriptOrigin origin(isolate, filename);
    v8::ScriptCompiler::Source source(body, origin, cached);
    v8::TryCatch try_catch(isolate);
    v8::Local<v8::Function> function;
    if (!v8::ScriptCompiler::CompileFunction(context, &source, params.size(), params.data(), 0, nullptr,
                                             v8::ScriptCompiler::kConsumeCodeCache)
             .ToLocal(&function) ||
        source.GetCachedData()->rejected) {
      continue;  // a cache V8 refuses is the compile at Start's to replace
    }
    modules_.push_back({path, stamp, ctime_ns, v8::Global<v8::String>(isolate, text),
                        v8::Global<v8::Function>(isolate, function)});
  }
}

bool PreparedModules::TextFor(v8::Isolate* isolate, const std::string& path, v8::Local<v8::String>* text,
                              FileStamp* stamp) {
  for (auto module = modules_.begin(); module != modules_.end(); ++module) {
    if (module->path != path) continue;
    struct stat now;
    if (::stat(path.c_str(), &now) != 0 || !S_ISREG(now.st_mode) ||
        static_cast<std::uint64_t>(now.st_size) != module->stamp.size || TimeNs(now.st_mtim) != module->stamp.mtime_ns ||
        TimeNs(now.st_ctim) != module->ctime_ns) {
      modules_.erase(module);  // changed since: read and compiled as it is now
      return false;
    }
    *text = module->text.Get(isolate);
    *stamp = module->stamp;
    return true;
  }
  return false;
}

bool PreparedModules::HasModule(const std::string& path) const {
  for (const Module& module : modules_) {
    if (module.path == path) return true;
  }
  return false;
}

bool PreparedModules::TakeBuiltin(v8::Isolate* isolate, const std::string& name, v8::Local<v8::Function>* function) {
  auto found = builtins_.find(name);
  if (found == builtins_.end()) return false;
  *function = found->second.Get(isolate);
  builtins_.erase(found);
  return true;
}

bool PreparedModules::TakeFunction(v8::Isolate* isolate, v8::Local<v8::String> text, const std::string& filename,
                                   std::string_view variant, v8::Local<v8::Function>* function) {
  if (variant != variant_) return false;
  for (auto module = modules_.begin(); module != modules_.end(); ++module) {
    if (module->path != filename || module->text.Get(isolate) != text) continue;
    *function = module->function.Get(isolate);
    modules_.erase(module);
    return true;
  }
  return false;
}

}  // namespace isohost::worker
