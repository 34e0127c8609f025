// The compile cache of a worker: V8 code caches of the user's modules
// (CommonJS and ES), kept as files in a directory that every worker of a
// host, and every later run, shares. A worker reads a module's cache before
// compiling it and, after a miss, writes one once the module has run (so the
// functions it ran at load time are in it). Nothing read is trusted: a file
// is used only if its header and length hold and it was made for this file
// (path, size, mtime), this V8 and these flags; V8 then checks its own
// header and the checksum of all its data, and rejects a damaged file (a
// test flips bytes of the data to keep that so). The file is mapped, not
// copied: cache files are only ever replaced by a rename, never changed in
// place. Lives in the Runtime, made at Start when the host names a directory.
#ifndef ISOHOST_WORKER_LOADER_COMPILE_CACHE_H_
#define ISOHOST_WORKER_LOADER_COMPILE_CACHE_H_

#include <v8.h>

#include <sys/stat.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isohost::worker {

// A file time (st_mtim, st_ctim) in nanoseconds.
inline std::int64_t TimeNs(const struct timespec& time) {
  return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

// Which version of a file a read saw.
struct FileStamp {
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  bool valid = false;  // false: the file changed while it was read
};

// Reads `path` whole (a directory as empty). Returns false when it cannot be
// opened or read. `stamp` is filled only when wanted (it costs an fstat).
bool ReadWholeFile(const std::string& path, std::string* text, FileStamp* stamp, bool want_stamp);
// The same from `fd`, open on the file that fstat() described as `before`;
// the caller closes it.
bool ReadWholeOpenFile(int fd, const struct stat& before, std::string* text, FileStamp* stamp, bool want_stamp);

struct CompileCacheStats {
  std::uint64_t hits = 0;      // compiled from a cache file V8 accepted
  std::uint64_t misses = 0;    // no usable file for it (none yet, or made for another version of the file)
  std::uint64_t rejected = 0;  // a file that was corrupt, truncated, or that V8 refused
};

class CompileCache {
 public:
  enum class Kind : std::uint32_t { kCommonJs = 1, kModule = 2 };

  // One compile's dealings with the cache, from Begin() to Finish().
  class Use {
   public:
    // For ScriptCompiler::Source (which takes ownership of the object, not
    // of the bytes, which stay here until Finish): null when nothing usable
    // was found.
    v8::ScriptCompiler::CachedData* NewCachedData() const;

   private:
    friend class CompileCache;
    std::string path;
    FileStamp stamp;
    std::string cache_file;
    const std::uint8_t* mapped = nullptr;  // the whole cache file, mapped read-only, when it was usable
    std::size_t mapped_size = 0;
    std::size_t payload_offset = 0;
    std::size_t payload_size = 0;
    bool damaged = false;  // the file was there but truncated or corrupt

    void Unmap();

   public:
    ~Use() { Unmap(); }
  };

  // `max_bytes`: the most the directory may hold (0: kDefaultMaxBytes).
  explicit CompileCache(std::string directory, std::uint64_t max_bytes = 0);
  ~CompileCache();

  // Sources shorter than this compile faster than a cache file is read.
  static constexpr int kMinSourceLength = 1024;
  static constexpr std::uint64_t kDefaultMaxBytes = std::uint64_t{256} << 20;
  // A temp file of a writer that is still alive is taken for abandoned only
  // after this long (its pid may belong to another process by then).
  static constexpr std::int64_t kStaleTempSeconds = 3600;

  // Creates the directory now rather than at the first write (for
  // module.enableCompileCache(), which reports failure); false with `error`
  // when it cannot.
  bool MakeDirectory(std::string* error);

  // `text` is the content of `path` as `stamp` says: should it be compiled
  // soon, it may use the cache. Only the last few reads are remembered.
  void NoteRead(v8::Isolate* isolate, const std::string& path, const FileStamp& stamp, v8::Local<v8::String> text);

  // Before compiling `text` (the very string a noted read returned, nothing
  // derived from it): what the cache has for it. Null when `text` is not a
  // noted file's text, which then compiles without the cache. `variant`
  // tells apart compiles of one file that differ otherwise (function params).
  std::unique_ptr<Use> Begin(v8::Isolate* isolate, v8::Local<v8::String> text, Kind kind, std::string_view variant);

  // After compiling with `use`: counts the outcome (`consumed` is the
  // CachedData the Source held, or null) and, unless V8 took the cache,
  // queues a new cache file, written by WritePending().
  void Finish(v8::Isolate* isolate, std::unique_ptr<Use> use, const v8::ScriptCompiler::CachedData* consumed,
              v8::Local<v8::Function> function);
  void Finish(v8::Isolate* isolate, std::unique_ptr<Use> use, const v8::ScriptCompiler::CachedData* consumed,
              v8::Local<v8::Module> module);

  // After each callback into JS (a module is read and compiled in the same
  // one): serialises the queued code and writes each file atomically (a temp
  // file renamed over the old one, so readers see a whole file or none), now
  // that what the modules ran at load time is compiled; and forgets the
  // reads, so that no file's text is kept alive by the cache.
  void AfterCallback(v8::Isolate* isolate) {
    if (!pending_.empty()) WritePending(isolate);
    notes_.clear();
  }
  // module.flushCompileCache(): what is queued is written now.
  void Flush(v8::Isolate* isolate) {
    if (!pending_.empty()) WritePending(isolate);
  }

  const CompileCacheStats& stats() const { return stats_; }
  const std::string& directory() const { return directory_; }

  // The module list of a script: the large CommonJS modules a run of it
  // loaded through this cache, in the order it loaded them, and the
  // builtins it loaded (listed only with such modules). A pooled worker that expects the script reads and
  // compiles them before its Start (PreparedModules). Only modules this long
  // are listed: for a smaller one the time saved is less than what keeping
  // it ready costs the worker.
  static constexpr int kListedMinLength = 64 * 1024;
  static constexpr std::size_t kMaxListed = 32;
  static constexpr std::size_t kMaxListedBuiltins = 128;
  struct ModuleList {
    std::vector<std::string> modules;   // absolute paths
    std::vector<std::string> builtins;  // names of worker/js files
    bool operator==(const ModuleList&) const = default;
  };
  // Records each module compiled from now on, until SaveModuleList().
  void StartRecording() { recording_ = true; }
  // A builtin compiled while recording (bindings.cc, internalRequire).
  void RecordBuiltin(std::string_view name);
  // Stops recording, and writes what it recorded as the list of
  // `script_path` unless the list says so already.
  void SaveModuleList(const std::string& script_path);
  // The list of `script_path` (empty when there is none, or it is damaged).
  ModuleList ReadModuleList(const std::string& script_path) const;
  // A compile of the module at `path` (`length` UTF-16 units) took the
  // function PreparedModules made from this cache's file: a hit.
  void CountPrepared(const std::string& path, int length);

 private:
  struct Note {
    v8::Global<v8::String> text;
    std::string path;
    FileStamp stamp;
  };
  struct Pending {
    std::string path;
    FileStamp stamp;
    std::string cache_file;
    Kind kind;
    v8::Global<v8::Function> function;
    v8::Global<v8::UnboundModuleScript> module_script;
  };

  void WritePending(v8::Isolate* isolate);
  void Count(const Use& use, const v8::ScriptCompiler::CachedData* consumed);
  void Record(const std::string& path, int length);
  std::string ModuleListFile(const std::string& script_path) const;
  bool Write(const Pending& pending, const std::uint8_t* data, std::size_t size);
  // After writes: keeps the directory within max_bytes_, the oldest cache
  // files going first, and removes the temp files of writers that died
  // before their rename. It lists the directory once per worker, and again
  // only when what this worker wrote may have filled it.
  void Tidy();

  std::string directory_;
  std::uint64_t max_bytes_;
  std::uint32_t version_tag_;
  bool directory_made_ = false;
  bool tidied_ = false;
  std::uint64_t bytes_at_tidy_ = 0;   // what the directory held then
  std::uint64_t bytes_written_ = 0;   // by this worker since
  std::deque<Note> notes_;
  std::vector<Pending> pending_;
  CompileCacheStats stats_;
  bool recording_ = false;
  ModuleList recorded_;
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_LOADER_COMPILE_CACHE_H_
