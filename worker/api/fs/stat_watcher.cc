#include "worker/api/fs/stat_watcher.h"

#include <cstdint>
#include <memory>

#include "worker/runtime/runtime.h"

namespace isohost::worker::fs {
namespace {

constexpr int kStatFields = 18;

// One stat's fields in the binding's order: dev mode nlink uid gid rdev
// blksize ino size blocks, then seconds and nanoseconds of atime, mtime,
// ctime and birthtime.
void StatFields(const uv_stat_t& s, std::uint64_t* out) {
  const std::uint64_t fields[kStatFields] = {
      s.st_dev,  s.st_mode, s.st_nlink, s.st_uid, s.st_gid, s.st_rdev,
      s.st_blksize, s.st_ino, s.st_size, s.st_blocks,
      static_cast<std::uint64_t>(s.st_atim.tv_sec), static_cast<std::uint64_t>(s.st_atim.tv_nsec),
      static_cast<std::uint64_t>(s.st_mtim.tv_sec), static_cast<std::uint64_t>(s.st_mtim.tv_nsec),
      static_cast<std::uint64_t>(s.st_ctim.tv_sec), static_cast<std::uint64_t>(s.st_ctim.tv_nsec),
      static_cast<std::uint64_t>(s.st_birthtim.tv_sec), static_cast<std::uint64_t>(s.st_birthtim.tv_nsec)};
  for (int i = 0; i < kStatFields; ++i) out[i] = fields[i];
}

// The current stat, then the previous one.
v8::Local<v8::Value> StatPair(v8::Isolate* isolate, const uv_stat_t& current, const uv_stat_t& previous,
                              bool bigint) {
  std::uint64_t fields[2 * kStatFields];
  StatFields(current, fields);
  StatFields(previous, fields + kStatFields);
  constexpr int kCount = 2 * kStatFields;
  v8::Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(isolate, kCount * 8);
  void* data = buffer->GetBackingStore()->Data();
  if (bigint) {
    for (int i = 0; i < kCount; ++i) static_cast<std::int64_t*>(data)[i] = static_cast<std::int64_t>(fields[i]);
    return v8::BigInt64Array::New(buffer, 0, kCount);
  }
  for (int i = 0; i < kCount; ++i) {
    static_cast<double*>(data)[i] = static_cast<double>(static_cast<std::int64_t>(fields[i]));
  }
  return v8::Float64Array::New(buffer, 0, kCount);
}

}  // namespace

StatWatcher::StatWatcher(v8::Isolate* isolate, v8::Local<v8::Function> callback, bool bigint)
    : Watcher(isolate, callback), bigint_(bigint), handle_(Runtime::From(isolate)->loop()) {}

v8::MaybeLocal<v8::Value> StatWatcher::Start(v8::Isolate* isolate, const char* path, unsigned int interval_ms,
                                             bool bigint, v8::Local<v8::Function> callback) {
  std::unique_ptr<StatWatcher> watcher(new StatWatcher(isolate, callback, bigint));
  StatWatcher* self = watcher.get();
  int rc = watcher->handle_.Start(path, interval_ms,
                                  [self](int status, const uv_stat_t* previous, const uv_stat_t* current) {
                                    self->OnChange(status, previous, current);
                                  });
  if (rc != 0) return v8::Integer::New(isolate, rc);
  v8::Local<v8::Object> object;
  if (!watcher->MakeHandleObject().ToLocal(&object)) return {};
  watcher.release();  // owned by itself until JS closes it
  return object;
}

void StatWatcher::OnChange(int status, const uv_stat_t* previous, const uv_stat_t* current) {
  v8::HandleScope scope(isolate());
  v8::Context::Scope context_scope(Runtime::From(isolate())->context());
  v8::Local<v8::Value> argv[2] = {v8::Integer::New(isolate(), status),
                                  StatPair(isolate(), *current, *previous, bigint_)};
  Call(2, argv);  // may delete this watcher
}

}  // namespace isohost::worker::fs
