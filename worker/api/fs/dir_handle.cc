#include "worker/api/fs/dir_handle.h"

#include <uv.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "worker/api/fs/fs_request.h"

namespace isohost::worker::fs {
namespace {

using v8::FunctionCallbackInfo;
using v8::Isolate;
using v8::Local;
using v8::Value;

// The most entries one read asks libuv for. fs.Dir hands them out one at a
// time whatever the batch, so a larger bufferSize only saves system calls;
// the cap keeps an absurd one from allocating gigabytes.
constexpr std::uint32_t kMaxBatch = 1024;

// Owns one uv_dir_t until it is closed. Lives as long as its JS object (a
// queued request holds that object), and closes the directory when the
// object is collected still open.
class DirHandle {
 public:
  // Internal fields of the JS object: the handle, and a tag that tells a
  // handle's object from any other with internal fields.
  static constexpr int kFieldCount = 2;

  DirHandle(Isolate* isolate, Local<v8::Object> wrapper, uv_dir_t* dir) : dir_(dir), loop_(LoopOf(isolate)) {
    wrapper->SetAlignedPointerInInternalField(0, this);
    wrapper->SetAlignedPointerInInternalField(1, const_cast<int*>(&kTag));
    wrapper_.Reset(isolate, wrapper);
    wrapper_.SetWeak(this, OnCollected, v8::WeakCallbackType::kParameter);
  }
  DirHandle(const DirHandle&) = delete;
  DirHandle& operator=(const DirHandle&) = delete;
  ~DirHandle() { CloseNow(); }

  // The handle behind a JS value, or null when it is not one.
  static DirHandle* From(Local<Value> value) {
    if (!value->IsObject()) return nullptr;
    Local<v8::Object> object = value.As<v8::Object>();
    if (object->InternalFieldCount() != kFieldCount || object->GetAlignedPointerFromInternalField(1) != &kTag) {
      return nullptr;
    }
    return static_cast<DirHandle*>(object->GetAlignedPointerFromInternalField(0));
  }

  uv_dir_t* dir() const { return dir_; }

  // Points the directory at room for `count` entries, for the next read.
  void PrepareRead(std::uint32_t count) {
    entries_.resize(std::clamp<std::uint32_t>(count, 1, kMaxBatch));
    dir_->dirents = entries_.data();
    dir_->nentries = entries_.size();
  }

  // Gives the directory up to a closedir request, which frees it.
  uv_dir_t* Release() {
    uv_dir_t* dir = dir_;
    dir_ = nullptr;
    return dir;
  }

 private:
  static void OnCollected(const v8::WeakCallbackInfo<DirHandle>& info) {
    DirHandle* handle = info.GetParameter();
    handle->wrapper_.Reset();
    delete handle;
  }

  void CloseNow() {
    if (dir_ == nullptr) return;
    uv_fs_t req;
    uv_fs_closedir(loop_, &req, Release(), nullptr);
    uv_fs_req_cleanup(&req);
  }

  static constexpr int kTag = 0;
  uv_dir_t* dir_;
  uv_loop_t* loop_;
  std::vector<uv_dirent_t> entries_;
  v8::Global<v8::Object> wrapper_;
};

// The template of handle objects, made once for the isolate (a worker has
// one; a second one gets its own).
Local<v8::ObjectTemplate> HandleTemplate(Isolate* isolate) {
  static Isolate* owner = nullptr;
  static v8::Eternal<v8::ObjectTemplate> eternal;
  if (owner != isolate) {
    Local<v8::ObjectTemplate> tmpl = v8::ObjectTemplate::New(isolate);
    tmpl->SetInternalFieldCount(DirHandle::kFieldCount);
    eternal = v8::Eternal<v8::ObjectTemplate>(isolate, tmpl);
    owner = isolate;
  }
  return eternal.Get(isolate);
}

// A finished opendir: a JS object that owns the uv_dir_t. If the object
// cannot be made, the directory is closed here.
Local<Value> NewHandle(Isolate* isolate, uv_fs_t* req, bool) {
  auto* dir = static_cast<uv_dir_t*>(req->ptr);
  Local<v8::Object> wrapper;
  if (!HandleTemplate(isolate)->NewInstance(isolate->GetCurrentContext()).ToLocal(&wrapper)) {
    uv_fs_t close_req;
    uv_fs_closedir(LoopOf(isolate), &close_req, dir, nullptr);
    uv_fs_req_cleanup(&close_req);
    return v8::Null(isolate);
  }
  new DirHandle(isolate, wrapper, dir);
  return wrapper;
}

Local<Value> Name(Isolate* isolate, const char* name, bool raw) {
  std::size_t length = std::strlen(name);
  if (raw) {
    Local<v8::ArrayBuffer> buffer = v8::ArrayBuffer::New(isolate, length);
    std::memcpy(buffer->GetBackingStore()->Data(), name, length);
    return v8::Uint8Array::New(buffer, 0, length);
  }
  Local<v8::String> string;
  if (!v8::String::NewFromUtf8(isolate, name, v8::NewStringType::kNormal, static_cast<int>(length)).ToLocal(&string)) {
    return v8::String::Empty(isolate);
  }
  return string;
}

// A finished read: the entries as name, type pairs; null once none are left.
Local<Value> Entries(Isolate* isolate, uv_fs_t* req, bool raw) {
  if (req->result == 0) return v8::Null(isolate);
  const auto* dir = static_cast<const uv_dir_t*>(req->ptr);
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::Array> out = v8::Array::New(isolate, static_cast<int>(req->result * 2));
  for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(req->result); ++i) {
    const uv_dirent_t& entry = dir->dirents[i];
    (void)out->Set(context, 2 * i, Name(isolate, entry.name, raw)).FromMaybe(false);
    (void)out->Set(context, 2 * i + 1, v8::Integer::New(isolate, entry.type)).FromMaybe(false);
  }
  return out;
}

Local<Value> Nothing(Isolate* isolate, uv_fs_t*, bool) { return v8::Undefined(isolate); }

}  // namespace

void OpenDir(const FunctionCallbackInfo<Value>& info) {
  PathArg path(info.GetIsolate(), info[0]);
  Dispatch(info, 1, NewHandle, false, {}, [&](uv_loop_t* loop, uv_fs_t* req, uv_fs_cb cb) {
    return uv_fs_opendir(loop, req, path.c_str(), cb);
  });
}

void ReadDir(const FunctionCallbackInfo<Value>& info) {
  DirHandle* handle = DirHandle::From(info[0]);
  if (handle == nullptr || handle->dir() == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  handle->PrepareRead(info[1]->Uint32Value(info.GetIsolate()->GetCurrentContext()).FromMaybe(1));
  // The handle's object stays alive (and with it the entries the read
  // fills) until a queued read is done.
  Dispatch(info, 3, Entries, info[2]->IsTrue(), info[0], [&](uv_loop_t* loop, uv_fs_t* req, uv_fs_cb cb) {
    return uv_fs_readdir(loop, req, handle->dir(), cb);
  });
}

void CloseDir(const FunctionCallbackInfo<Value>& info) {
  DirHandle* handle = DirHandle::From(info[0]);
  if (handle == nullptr || handle->dir() == nullptr) return info.GetReturnValue().Set(UV_EBADF);
  uv_dir_t* dir = handle->Release();
  Dispatch(info, 1, Nothing, false, {}, [&](uv_loop_t* loop, uv_fs_t* req, uv_fs_cb cb) {
    return uv_fs_closedir(loop, req, dir, cb);
  });
}

}  // namespace isohost::worker::fs
