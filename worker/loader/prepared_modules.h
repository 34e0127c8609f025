// The modules a pooled worker makes ready before its Start: the large
// CommonJS modules that the last run of the script it expects loaded
// through the compile cache, and the builtins it loaded (CompileCache keeps
// that list per script). Each module's file is read and compiled from its
// cache file while the worker waits, so that at Start a package of megabytes
// costs neither the read nor the deserialisation of its code, only running
// it. Each builtin is compiled from its code cache, and only compiled: its
// code runs when the script first requires it, as always.
//
// Nothing is trusted: the script resolves its modules at Start as always.
// A read at Start of a listed file gets the text read before only if the
// file's size and modification time (what the compile cache itself keys
// its files by) and its status change time are still those it had then,
// and a compile gets the function
// made before only if it compiles that very string, under the file's name,
// as the CommonJS loader does. Whatever is not taken goes when the script's
// first callback returns. Lives in the Runtime, from PrepareEntry to then.
#ifndef ISOHOST_WORKER_LOADER_PREPARED_MODULES_H_
#define ISOHOST_WORKER_LOADER_PREPARED_MODULES_H_

#include <v8.h>

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "worker/loader/compile_cache.h"

namespace isohost::worker {

// The parameters of a CommonJS module's function, as the loader compiles it
// (worker/js/internal/modules/cjs/loader.js, kParams), and the compile cache's variant for them.
inline constexpr const char* kCommonJsParams[] = {"exports", "require", "module", "__filename", "__dirname"};
std::string CompileVariant(const std::vector<std::string>& param_names);

class PreparedModules {
 public:
  // Reads and compiles the modules `cache` lists for `script_path`, each
  // only if its cache file is there and V8 takes it, and compiles the
  // listed builtins not `builtin_loaded` already.
  PreparedModules(v8::Isolate* isolate, v8::Local<v8::Context> context, CompileCache& cache,
                  const std::string& script_path, const std::function<bool(const std::string&)>& builtin_loaded);

  // The compile cache directory the modules came from.
  const std::string& directory() const { return directory_; }
  bool empty() const { return modules_.empty() && builtins_.empty(); }
  bool HasModule(const std::string& path) const;

  // The builtin `name` compiled before (each is taken once).
  bool TakeBuiltin(v8::Isolate* isolate, const std::string& name, v8::Local<v8::Function>* function);

  // The text of `path` read before, if the file still has the size,
  // modification time and status change time it had then (`stamp` says the
  // first two).
  bool TextFor(v8::Isolate* isolate, const std::string& path, v8::Local<v8::String>* text, FileStamp* stamp);
  // The function compiled before from `text`, if `text` is the very string
  // TextFor() gave for `filename` and `variant` that of kCommonJsParams;
  // each is taken once.
  bool TakeFunction(v8::Isolate* isolate, v8::Local<v8::String> text, const std::string& filename,
                    std::string_view variant, v8::Local<v8::Function>* function);

 private:
  struct Module {
    std::string path;
    FileStamp stamp;
    std::int64_t ctime_ns;  // a chmod since (a file no longer readable) changes it
    v8::Global<v8::String> text;
    v8::Global<v8::Function> function;
  };

  std::string directory_;
  std::string variant_;
  std::vector<Module> modules_;
  std::map<std::string, v8::Global<v8::Function>, std::less<>> builtins_;
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_LOADER_PREPARED_MODULES_H_
