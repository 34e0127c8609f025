// ES modules on the native side: the v8::Modules a worker compiled, the links
// between them, and the isolate's hooks for import() and import.meta. The
// loader in worker/js/internal/modules/esm/ decides what a specifier means and
// drives compile -> link -> instantiate -> evaluate through the native module
// `module_wrap`; this side only holds what JS cannot (v8::Module is no JS
// value). Owned by the Runtime, made on the first use of `module_wrap`.
#ifndef ISOHOST_WORKER_LOADER_MODULE_WRAP_H_
#define ISOHOST_WORKER_LOADER_MODULE_WRAP_H_

#include <v8.h>

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace isohost::worker {

class ModuleRegistry {
 public:
  struct Entry {
    v8::Global<v8::Module> module;
    // "specifier\0type" of each request of the module -> the id it links to.
    std::map<std::string, int> links;
  };

  // Adds `module`; returns its id (its index, which JS uses as its handle).
  int Add(v8::Isolate* isolate, v8::Local<v8::Module> module);
  Entry* Find(int id);
  // The id of `module`, or -1.
  int IdOf(v8::Isolate* isolate, v8::Local<v8::Module> module);

  // JS hooks of the loader: (meta, id) fills import.meta; (id) sets the
  // exports of a synthetic module when it evaluates.
  v8::Global<v8::Function> initialize_import_meta;
  v8::Global<v8::Function> evaluate_synthetic;

 private:
  std::vector<Entry> entries_;
  std::unordered_multimap<int, int> by_hash_;  // identity hash -> id
};

// Sets the isolate's callbacks for import() and import.meta. Costs nothing
// until a script uses either.
void InstallModuleHooks(v8::Isolate* isolate);

// Import attributes as V8 gives them ([key, value, (offset,)] ..., `stride`
// apart) -> an object of strings without a prototype.
v8::Local<v8::Object> ImportAttributesObject(v8::Local<v8::Context> context, v8::Local<v8::FixedArray> attributes,
                                             int stride);

// The key a request is linked under: its specifier and its "type" attribute.
std::string ModuleRequestKey(v8::Isolate* isolate, v8::Local<v8::String> specifier, std::string_view type);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_LOADER_MODULE_WRAP_H_
