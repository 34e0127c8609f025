#include "worker/loader/compile_cache.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <algorithm>
#include <utility>

namespace isohost::worker {
namespace {

// The reads the cache remembers; a module's read and its compile are a few
// reads apart at most (package.json files in between).
constexpr std::size_t kMaxNotes = 4;

// A cache file: this header, the module's path, zeros up to a multiple of
// 8 bytes (V8 copies data that is not pointer-aligned), then V8's data.
constexpr char kMagic[8] = {'I', 'S', 'O', 'H', 'C', 'C', '0', '2'};
struct Header {
  char magic[8];
  std::uint32_t version_tag;  // ScriptCompiler::CachedDataVersionTag(): V8's version and flags
  std::uint32_t kind;
  std::uint64_t file_size;
  std::int64_t file_mtime_ns;
  std::uint32_t path_length;
  std::uint32_t payload_length;
  std::uint64_t reserved;
};
static_assert(sizeof(Header) == 48);

std::size_t PayloadOffset(std::size_t path_length) { return (sizeof(Header) + path_length + 7) & ~std::size_t{7}; }

std::uint64_t Fnv1a(std::uint64_t hash, std::string_view bytes) {
  for (unsigned char c : bytes) hash = (hash ^ c) * 0x100000001b3ULL;
  return hash;
}

// A name of its own per writer, beside `target`: workers that write the
// same file at once each rename a whole file into place, and the last one
// stays.
std::string TempNameFor(const std::string& target) {
  static std::uint32_t counter = 0;
  return target + "." + std::to_string(::getpid()) + "." + std::to_string(++counter) + ".tmp";
}

// The first line of a module list; the script's path is the second. Then
// a line per module (its absolute path) or builtin (kBuiltinLine, then its
// name).
constexpr std::string_view kListMagic = "ISOHML01\n";
constexpr std::string_view kBuiltinLine = "builtin:";

bool WriteFd(int fd, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const std::uint8_t*>(data);
  while (size > 0) {
    ssize_t n = ::write(fd, bytes, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool MakeDirectories(const std::string& path) {
  for (std::size_t slash = 1; slash != std::string::npos; slash = path.find('/', slash + 1)) {
    std::string prefix = path.substr(0, slash);
    if (::mkdir(prefix.c_str(), 0700) != 0 && errno != EEXIST) return false;
  }
  return ::mkdir(path.c_str(), 0700) == 0 || errno == EEXIST;
}

}  // namespace

bool ReadWholeFile(const std::string& path, std::string* text, FileStamp* stamp, bool want_stamp) {
  *stamp = {};
  text->clear();
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat before;
  if (::fstat(fd, &before) != 0) {
    ::close(fd);
    return false;
  }
  bool ok = ReadWholeOpenFile(fd, before, text, stamp, want_stamp);
  ::close(fd);
  return ok;
}

bool ReadWholeOpenFile(int fd, const struct stat& before, std::string* text, FileStamp* stamp, bool want_stamp) {
  *stamp = {};
  text->clear();
  if (S_ISDIR(before.st_mode)) return true;  // a directory reads as empty, as it did through iostreams
  // A regular file is read to the size fstat gave, in as few reads as it
  // takes; anything else (a pipe, a /proc file that says 0) to its end.
  const bool sized = S_ISREG(before.st_mode) && before.st_size > 0;
  bool ok = true;
  std::size_t done = 0;
  text->resize(sized ? static_cast<std::size_t>(before.st_size) : 65536);
  while (ok) {
    if (done == text->size()) {
      if (sized) break;
      text->resize(text->size() * 2);
    }
    ssize_t n = ::read(fd, text->data() + done, text->size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) ok = false;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  text->resize(done);
  struct stat after;
  // The stamp says which version of the file this is only if nothing changed
  // while it was read.
  if (ok && sized && want_stamp && ::fstat(fd, &after) == 0 && after.st_size == before.st_size &&
      TimeNs(after.st_mtim) == TimeNs(before.st_mtim) && done == static_cast<std::size_t>(before.st_size)) {
    *stamp = {static_cast<std::uint64_t>(before.st_size), TimeNs(before.st_mtim), true};
  }
  return ok;
}

v8::ScriptCompiler::CachedData* CompileCache::Use::NewCachedData() const {
  if (payload_size == 0) return nullptr;
  return new v8::ScriptCompiler::CachedData(mapped + payload_offset, static_cast<int>(payload_size),
                                            v8::ScriptCompiler::CachedData::BufferNotOwned);
}

void CompileCache::Use::Unmap() {
  if (mapped != nullptr) ::munmap(const_cast<std::uint8_t*>(mapped), mapped_size);
  mapped = nullptr;
  mapped_size = 0;
  payload_size = 0;
}

CompileCache::CompileCache(std::string directory, std::uint64_t max_bytes)
    : directory_(std::move(directory)),
      max_bytes_(max_bytes != 0 ? max_bytes : kDefaultMaxBytes),
      version_tag_(v8::ScriptCompiler::CachedDataVersionTag()) {}

bool CompileCache::MakeDirectory(std::string* error) {
  if (directory_made_) return true;
  if (!MakeDirectories(directory_)) {
    *error = "cannot create " + directory_ + ": " + std::strerror(errno);
    return false;
  }
  struct stat st;
  if (::stat(directory_.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || ::access(directory_.c_str(), W_OK) != 0) {
    *error = directory_ + " is not a writable directory";
    return false;
  }
  directory_made_ = true;
  return true;
}

CompileCache::~CompileCache() = default;

void CompileCache::NoteRead(v8::Isolate* isolate, const std::string& path, const FileStamp& stamp,
                            v8::Local<v8::String> text) {
  if (!stamp.valid || text->Length() < kMinSourceLength) return;
  if (notes_.size() == kMaxNotes) notes_.pop_front();
  notes_.push_back({v8::Global<v8::String>(isolate, text), path, stamp});
}

std::unique_ptr<CompileCache::Use> CompileCache::Begin(v8::Isolate* isolate, v8::Local<v8::String> text, Kind kind,
                                                       std::string_view variant) {
  auto note = notes_.begin();
  while (note != notes_.end() && note->text.Get(isolate) != text) ++note;
  if (note == notes_.end()) return nullptr;
  auto use = std::make_unique<Use>();
  use->path = std::move(note->path);
  use->stamp = note->stamp;
  notes_.erase(note);
  if (kind == Kind::kCommonJs) Record(use->path, text->Length());

  // One file per module, kind, variant and V8 (version and flags).
  std::uint64_t key = Fnv1a(0xcbf29ce484222325ULL, use->path);
  key = Fnv1a(key, std::string_view(reinterpret_cast<const char*>(&kind), sizeof kind));
  key = Fnv1a(key, variant);
  key = Fnv1a(key, std::string_view(reinterpret_cast<const char*>(&version_tag_), sizeof version_tag_));
  char name[40];
  std::snprintf(name, sizeof name, "/%016llx.cache", static_cast<unsigned long long>(key));
  use->cache_file = directory_ + name;

  int fd = ::open(use->cache_file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return use;  // a miss: none yet
  struct stat st;
  bool read = ::fstat(fd, &st) == 0 && st.st_size >= static_cast<off_t>(sizeof(Header));
  if (read) {
    void* mapped = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    read = mapped != MAP_FAILED;
    if (read) {
      use->mapped = static_cast<const std::uint8_t*>(mapped);
      use->mapped_size = static_cast<std::size_t>(st.st_size);
    }
  }
  ::close(fd);
  Header header;
  if (read) std::memcpy(&header, use->mapped, sizeof header);
  bool whole = read && std::memcmp(header.magic, kMagic, sizeof kMagic) == 0 &&
               use->mapped_size == PayloadOffset(header.path_length) + header.payload_length;
  if (whole && header.version_tag == version_tag_ && header.kind == static_cast<std::uint32_t>(kind) &&
      std::string_view(reinterpret_cast<const char*>(use->mapped) + sizeof header, header.path_length) ==
          use->path) {
    if (header.file_size != use->stamp.size || header.file_mtime_ns != use->stamp.mtime_ns) {
      use->Unmap();  // made for another version of the file: a miss
      return use;
    }
    // V8 checks the checksum of its data as it takes it (Count() sees a
    // rejection): a second pass over megabytes here would only repeat it.
    use->payload_offset = PayloadOffset(header.path_length);
    use->payload_size = header.payload_length;
    return use;
  }
  if (whole) {
    // Another module (or V8) whose key collided with this one: not damage.
    use->Unmap();
    return use;
  }
  // Truncated or not a cache file: ignored, and replaced after the compile.
  ++stats_.rejected;
  use->damaged = true;
  use->Unmap();
  return use;
}

void CompileCache::Record(const std::string& path, int length) {
  if (!recording_ || length < kListedMinLength || recorded_.modules.size() == kMaxListed) return;
  // A path on a line of its own: one with a line break is not listed.
  if (path.empty() || path[0] != '/' || path.find('\n') != std::string::npos) return;
  recorded_.modules.push_back(path);
}

void CompileCache::RecordBuiltin(std::string_view name) {
  if (!recording_ || recorded_.builtins.size() == kMaxListedBuiltins) return;
  if (name.empty() || name.find('\n') != std::string_view::npos) return;
  recorded_.builtins.emplace_back(name);
}

void CompileCache::CountPrepared(const std::string& path, int length) {
  ++stats_.hits;
  Record(path, length);
}

void CompileCache::Count(const Use& use, const v8::ScriptCompiler::CachedData* consumed) {
  if (consumed != nullptr) {
    if (consumed->rejected) {
      ++stats_.rejected;
    } else {
      ++stats_.hits;
    }
  } else if (!use.damaged) {
    ++stats_.misses;  // (a damaged file was counted as rejected by Begin)
  }
}

void CompileCache::Finish(v8::Isolate* isolate, std::unique_ptr<Use> use,
                          const v8::ScriptCompiler::CachedData* consumed, v8::Local<v8::Function> function) {
  Count(*use, consumed);
  if (consumed != nullptr && !consumed->rejected) return;
  Pending pending{use->path, use->stamp, use->cache_file, Kind::kCommonJs, {}, {}};
  pending.function.Reset(isolate, function);
  pending_.push_back(std::move(pending));
}

void CompileCache::Finish(v8::Isolate* isolate, std::unique_ptr<Use> use,
                          const v8::ScriptCompiler::CachedData* consumed, v8::Local<v8::Module> module) {
  Count(*use, consumed);
  if (consumed != nullptr && !consumed->rejected) return;
  Pending pending{use->path, use->stamp, use->cache_file, Kind::kModule, {}, {}};
  pending.module_script.Reset(isolate, module->GetUnboundModuleScript());
  pending_.push_back(std::move(pending));
}

void CompileCache::WritePending(v8::Isolate* isolate) {
  std::vector<Pending> pending;
  pending.swap(pending_);
  v8::HandleScope handle_scope(isolate);
  for (const Pending& one : pending) {
    std::unique_ptr<v8::ScriptCompiler::CachedData> data(
        one.kind == Kind::kCommonJs ? v8::ScriptCompiler::CreateCodeCacheForFunction(one.function.Get(isolate))
                                    : v8::ScriptCompiler::CreateCodeCache(one.module_script.Get(isolate)));
    if (data == nullptr || data->length <= 0) continue;
    if (Write(one, data->data, static_cast<std::size_t>(data->length))) {
      bytes_written_ += PayloadOffset(one.path.size()) + static_cast<std::uint64_t>(data->length);
    }
  }
  if (!tidied_ || bytes_at_tidy_ + bytes_written_ > max_bytes_) Tidy();
}

namespace {

// Whether `name`, a temp file of a writer ("TARGET.PID.N.tmp") as `st`
// says, was left by a writer that died before its rename.
bool AbandonedTemp(std::string_view name, const struct stat& st) {
  if (std::time(nullptr) - st.st_mtim.tv_sec > CompileCache::kStaleTempSeconds) return true;
  // ".PID.N.tmp" at the end.
  name.remove_suffix(4);
  std::size_t end = name.rfind('.');
  if (end == std::string_view::npos || end == 0) return false;
  std::size_t start = name.rfind('.', end - 1);
  if (start == std::string_view::npos || end == start + 1) return false;
  ++start;
  long pid = 0;
  for (char c : name.substr(start, end - start)) {
    if (c < '0' || c > '9' || pid > 4'194'304) return false;
    pid = pid * 10 + (c - '0');
  }
  return pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

}  // namespace

void CompileCache::Tidy() {
  tidied_ = true;
  bytes_written_ = 0;
  DIR* dir = ::opendir(directory_.c_str());
  if (dir == nullptr) return;
  struct CacheFile {
    std::string name;
    std::int64_t mtime_ns;
    std::uint64_t size;
  };
  std::vector<CacheFile> files;
  std::uint64_t total = 0;
  const int dir_fd = ::dirfd(dir);
  while (const dirent* entry = ::readdir(dir)) {
    std::string_view name = entry->d_name;
    const bool cache = (name.size() > 6 && name.substr(name.size() - 6) == ".cache") ||
                       (name.size() > 8 && name.substr(name.size() - 8) == ".modules");
    const bool temp = name.size() > 4 && name.substr(name.size() - 4) == ".tmp";
    if (!cache && !temp) continue;
    struct stat st;
    if (::fstatat(dir_fd, entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) continue;
    if (temp) {
      if (AbandonedTemp(name, st)) ::unlinkat(dir_fd, entry->d_name, 0);
      continue;
    }
    files.push_back({std::string(name), TimeNs(st.st_mtim), static_cast<std::uint64_t>(st.st_size)});
    total += static_cast<std::uint64_t>(st.st_size);
  }
  if (total > max_bytes_) {
    // Oldest first; files of one instant in name order, so that every
    // worker would pick the same.
    std::sort(files.begin(), files.end(), [](const CacheFile& a, const CacheFile& b) {
      return a.mtime_ns != b.mtime_ns ? a.mtime_ns < b.mtime_ns : a.name < b.name;
    });
    for (const CacheFile& file : files) {
      if (total <= max_bytes_) break;
      if (::unlinkat(dir_fd, file.name.c_str(), 0) == 0 || errno == ENOENT) total -= file.size;
    }
  }
  ::closedir(dir);
  bytes_at_tidy_ = total;
}

bool CompileCache::Write(const Pending& pending, const std::uint8_t* data, std::size_t size) {
  if (!directory_made_) {
    if (!MakeDirectories(directory_)) return false;
    directory_made_ = true;
  }
  Header header;
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.version_tag = version_tag_;
  header.kind = static_cast<std::uint32_t>(pending.kind);
  header.file_size = pending.stamp.size;
  header.file_mtime_ns = pending.stamp.mtime_ns;
  header.path_length = static_cast<std::uint32_t>(pending.path.size());
  header.payload_length = static_cast<std::uint32_t>(size);
  header.reserved = 0;
  std::string temp = TempNameFor(pending.cache_file);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  static constexpr char kZeros[8] = {};
  std::size_t padding = PayloadOffset(pending.path.size()) - sizeof header - pending.path.size();
  bool ok = WriteFd(fd, &header, sizeof header) && WriteFd(fd, pending.path.data(), pending.path.size()) &&
            WriteFd(fd, kZeros, padding) && WriteFd(fd, data, size);
  ok = ::close(fd) == 0 && ok;
  if (!ok || ::rename(temp.c_str(), pending.cache_file.c_str()) != 0) {
    ::unlink(temp.c_str());
    return false;
  }
  return true;
}

std::string CompileCache::ModuleListFile(const std::string& script_path) const {
  std::uint64_t key = Fnv1a(0xcbf29ce484222325ULL, "the modules of ");
  key = Fnv1a(key, script_path);
  char name[40];
  std::snprintf(name, sizeof name, "/%016llx.modules", static_cast<unsigned long long>(key));
  return directory_ + name;
}

CompileCache::ModuleList CompileCache::ReadModuleList(const std::string& script_path) const {
  ModuleList list;
  std::string text;
  FileStamp stamp;
  if (!ReadWholeFile(ModuleListFile(script_path), &text, &stamp, false)) return list;
  std::string_view rest = text;
  // The magic line and the script's own path (another script whose key
  // collided has a list of its own), then a path per line.
  if (rest.substr(0, kListMagic.size()) != kListMagic) return list;
  rest.remove_prefix(kListMagic.size());
  if (rest.substr(0, script_path.size()) != script_path || rest.substr(script_path.size(), 1) != "\n") return list;
  rest.remove_prefix(script_path.size() + 1);
  while (!rest.empty()) {
    std::size_t end = rest.find('\n');
    if (end == std::string_view::npos) break;  // a line cut short: not a whole file
    std::string_view line = rest.substr(0, end);
    if (!line.empty() && line[0] == '/' && list.modules.size() < kMaxListed) {
      list.modules.emplace_back(line);
    } else if (line.substr(0, kBuiltinLine.size()) == kBuiltinLine && line.size() > kBuiltinLine.size() &&
               list.builtins.size() < kMaxListedBuiltins) {
      list.builtins.emplace_back(line.substr(kBuiltinLine.size()));
    }
    rest.remove_prefix(end + 1);
  }
  return list;
}

void CompileCache::SaveModuleList(const std::string& script_path) {
  // A cache the script enabled itself saw only part of what it loaded.
  if (!recording_) return;
  recording_ = false;
  ModuleList recorded;
  std::swap(recorded, recorded_);
  // Builtins are listed only beside large modules: a script of builtins alone
  // gets no list (the worker that prepared them would hold their code while
  // it waits, for a saving a small script does not need).
  if (recorded.modules.empty()) recorded.builtins.clear();
  if (script_path.empty() || script_path.find('\n') != std::string::npos) return;
  if (ReadModuleList(script_path) == recorded) return;
  if (!directory_made_) {
    if (!MakeDirectories(directory_)) return;
    directory_made_ = true;
  }
  std::string text(kListMagic);
  text += script_path;
  text += '\n';
  for (const std::string& path : recorded.modules) {
    text += path;
    text += '\n';
  }
  for (const std::string& name : recorded.builtins) {
    text += kBuiltinLine;
    text += name;
    text += '\n';
  }
  const std::string target = ModuleListFile(script_path);
  std::string temp = TempNameFor(target);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return;
  bool ok = WriteFd(fd, text.data(), text.size());
  ok = ::close(fd) == 0 && ok;
  if (!ok || ::rename(temp.c_str(), target.c_str()) != 0) ::unlink(temp.c_str());
}

}  // namespace isohost::worker
