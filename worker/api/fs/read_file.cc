#include "worker/api/fs/read_file.h"

#include <uv.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/api/fs/fs_request.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::fs {
namespace {

// The largest file readFile reads, as in Node (whose Buffers index with an
// int32); a larger one fails with ERR_FS_FILE_TOO_LARGE before it is read.
constexpr std::size_t kMaxFileSize = 0x7fffffff;

// A first read of a file whose size stat cannot tell (/proc, a pipe).
constexpr std::size_t kUnknownSizeChunk = 64 * 1024;

// The contents are read into memory from V8's ArrayBuffer allocator, which
// the resulting ArrayBuffer takes over: V8 weighs such memory against its
// young generation and frees it in a scavenge, so a loop of reads reuses
// warm memory (malloc'd memory handed to V8 waits for a full collection,
// and a large block comes fresh from mmap each time, every page a fault).
// A regular file gets a block of exactly its size and is read until that
// is full, as Node reads it (one read less than reading on to end of file);
// anything else is read to end of file, a probe read into a few bytes of
// this object telling end of file from more.
constexpr std::size_t kProbeSize = 64;

class ReadFileJob {
 public:
  ReadFileJob(v8::Isolate* isolate, uv_loop_t* loop, std::string path, int fd, int flags)
      : loop_(loop), path_(std::move(path)), fd_(fd), own_fd_(fd < 0), flags_(flags), isolate_(isolate) {
    req_.data = this;
  }
  ReadFileJob(const ReadFileJob&) = delete;
  ReadFileJob& operator=(const ReadFileJob&) = delete;

  // Every step at once on this thread.
  void RunSync() {
    if (own_fd_) {
      int fd = uv_fs_open(loop_, &req_, path_.c_str(), flags_, 0666, nullptr);
      uv_fs_req_cleanup(&req_);
      if (fd < 0) return Fail(fd, "open");
      fd_ = fd;
    }
    int err = uv_fs_fstat(loop_, &req_, fd_, nullptr);
    if (err == 0) Reserve(req_.statbuf);
    uv_fs_req_cleanup(&req_);
    if (err < 0) return CloseAfter(err, "fstat");
    while (!Full()) {
      if (too_large_ != 0) return CloseAfter(0, nullptr);
      uv_buf_t buf;
      if (!NextBuffer(&buf)) return CloseAfter(UV_ENOMEM, "read");
      int n = uv_fs_read(loop_, &req_, fd_, &buf, 1, -1, nullptr);
      uv_fs_req_cleanup(&req_);
      if (n < 0) return CloseAfter(n, "read");
      if (n == 0) break;
      if (!Took(buf, static_cast<std::size_t>(n))) return CloseAfter(UV_ENOMEM, "read");
    }
    CloseAfter(0, nullptr);
  }

  // The first step, queued; OnStep() takes each next one.
  void Start(v8::Isolate* isolate, v8::Local<v8::Function> callback) {
    callback_.Reset(isolate, callback);
    if (own_fd_) {
      step_ = kOpen;
      Check(uv_fs_open(loop_, &req_, path_.c_str(), flags_, 0666, OnStep));
    } else {
      step_ = kStat;
      Check(uv_fs_fstat(loop_, &req_, fd_, OnStep));
    }
  }

  v8::Local<v8::Value> Result(v8::Isolate* isolate) {
    if (error_ < 0) {
      v8::Local<v8::Value> parts[] = {v8::Integer::New(isolate, error_),
                                      v8::String::NewFromUtf8(isolate, syscall_).ToLocalChecked()};
      return v8::Array::New(isolate, parts, 2);
    }
    if (too_large_ != 0) return v8::Number::New(isolate, static_cast<double>(too_large_));
    if (store_ != nullptr && store_->ByteLength() != size_) {
      // The file shrank while it was read, or its size was unknown.
      store_ = buffer::ResizeBackingStore(isolate, std::move(store_), size_);
      if (store_ == nullptr) {
        v8::Local<v8::Value> parts[] = {v8::Integer::New(isolate, UV_ENOMEM),
                                        v8::String::NewFromUtf8Literal(isolate, "read")};
        return v8::Array::New(isolate, parts, 2);
      }
    }
    return buffer::ArrayBufferFromStore(isolate, std::move(store_));
  }

 private:
  enum Step { kOpen, kStat, kRead, kClose };

  void Fail(int err, const char* syscall) {
    if (error_ == 0) {
      error_ = err;
      syscall_ = syscall;
    }
  }

  // Closes a descriptor opened here (keeping the first error), synchronously.
  void CloseAfter(int err, const char* syscall) {
    if (err < 0) Fail(err, syscall);
    if (own_fd_ && fd_ >= 0) {
      int closed = uv_fs_close(loop_, &req_, fd_, nullptr);
      uv_fs_req_cleanup(&req_);
      fd_ = -1;
      if (closed < 0) Fail(closed, "close");
    }
  }

  void Reserve(const uv_stat_t& st) {
    bool regular = (st.st_mode & S_IFMT) == S_IFREG;
    if (regular && st.st_size > kMaxFileSize) too_large_ = st.st_size;
    known_size_ = regular && st.st_size > 0;
    capacity_hint_ = known_size_ ? static_cast<std::size_t>(st.st_size) : kUnknownSizeChunk;
  }

  // A regular file has been read up to the size fstat gave.
  bool Full() const { return known_size_ && store_ != nullptr && size_ == store_->ByteLength(); }

  // Where the next read goes: the block of the size stat gave, the probe
  // once that is full; false when memory runs out.
  bool NextBuffer(uv_buf_t* buf) {
    if (store_ == nullptr) {
      store_ = buffer::NewUninitializedBackingStore(isolate_, capacity_hint_);
      if (store_ == nullptr) return false;
    }
    std::size_t capacity = store_->ByteLength();
    if (size_ == capacity) {
      *buf = uv_buf_init(probe_, kProbeSize);
    } else {
      *buf = uv_buf_init(static_cast<char*>(store_->Data()) + size_, static_cast<unsigned>(capacity - size_));
    }
    return true;
  }

  // Counts `n` bytes read into `buf`; what went to the probe is moved into
  // a block twice as large, never much past kMaxFileSize (a stream that
  // fills that is too large). False when memory runs out.
  bool Took(const uv_buf_t& buf, std::size_t n) {
    if (buf.base == probe_) {
      std::size_t capacity = std::min(store_->ByteLength() * 2 + kProbeSize, kMaxFileSize + kProbeSize);
      store_ = v8::BackingStore::Reallocate(isolate_, std::move(store_), capacity);
      if (store_ == nullptr) return false;
      std::memcpy(static_cast<char*>(store_->Data()) + size_, probe_, n);
    }
    size_ += n;
    if (size_ > kMaxFileSize) too_large_ = size_;
    return true;
  }

  void Check(int err) {
    if (err < 0) {
      req_.result = err;
      OnStep(&req_);
    }
  }

  void QueueRead() {
    if (too_large_ != 0 || Full()) return QueueClose(0, nullptr);
    if (!NextBuffer(&read_buf_)) return QueueClose(UV_ENOMEM, "read");
    step_ = kRead;
    Check(uv_fs_read(loop_, &req_, fd_, &read_buf_, 1, -1, OnStep));
  }

  void QueueClose(int err, const char* syscall) {
    if (err < 0) Fail(err, syscall);
    if (!own_fd_ || fd_ < 0) return Done();
    step_ = kClose;
    int fd = fd_;
    fd_ = -1;
    Check(uv_fs_close(loop_, &req_, fd, OnStep));
  }

  static void OnStep(uv_fs_t* req) {
    auto* job = static_cast<ReadFileJob*>(req->data);
    int result = static_cast<int>(req->result);
    if (job->step_ == kStat && result == 0) job->Reserve(req->statbuf);
    uv_fs_req_cleanup(req);
    switch (job->step_) {
      case kOpen:
        if (result < 0) {
          job->Fail(result, "open");
          return job->Done();
        }
        job->fd_ = result;
        job->step_ = kStat;
        return job->Check(uv_fs_fstat(job->loop_, req, job->fd_, OnStep));
      case kStat:
        if (result < 0) return job->QueueClose(result, "fstat");
        return job->QueueRead();
      case kRead:
        if (result < 0) return job->QueueClose(result, "read");
        if (result == 0) return job->QueueClose(0, nullptr);
        if (!job->Took(job->read_buf_, static_cast<std::size_t>(result))) return job->QueueClose(UV_ENOMEM, "read");
        return job->QueueRead();
      case kClose:
        if (result < 0) job->Fail(result, "close");
        return job->Done();
    }
  }

  void Done() {
    std::unique_ptr<ReadFileJob> self(this);
    v8::HandleScope scope(isolate_);
    Runtime* runtime = Runtime::From(isolate_);
    v8::Context::Scope context_scope(runtime->context());
    v8::Local<v8::Value> argv[1] = {Result(isolate_)};
    v8::Local<v8::Function> callback = callback_.Get(isolate_);
    self.reset();
    runtime->MakeCallback(callback, 1, argv);
  }

  uv_fs_t req_;
  uv_loop_t* loop_;
  std::string path_;
  int fd_;
  bool own_fd_;
  int flags_;
  Step step_ = kOpen;
  // The contents so far (size_ bytes); the ArrayBuffer takes it over.
  std::unique_ptr<v8::BackingStore> store_;
  std::size_t size_ = 0;
  std::size_t capacity_hint_ = kUnknownSizeChunk;
  bool known_size_ = false;  // a regular file that fstat gave a size for
  uv_buf_t read_buf_{};  // of the read in flight
  char probe_[kProbeSize];
  int error_ = 0;
  const char* syscall_ = nullptr;
  std::uint64_t too_large_ = 0;  // the size of a file over kMaxFileSize
  v8::Isolate* isolate_;
  v8::Global<v8::Function> callback_;
};

}  // namespace

void ReadFile(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  int fd = -1;
  std::string path;
  if (info[0]->IsNumber()) {
    fd = info[0]->Int32Value(context).FromMaybe(-1);
  } else {
    path = PathArg(isolate, info[0]).c_str();
  }
  int flags = info[1]->Int32Value(context).FromMaybe(0);
  auto job = std::make_unique<ReadFileJob>(isolate, LoopOf(isolate), std::move(path), fd, flags);
  if (info[2]->IsFunction()) {
    job.release()->Start(isolate, info[2].As<v8::Function>());
    return;
  }
  job->RunSync();
  info.GetReturnValue().Set(job->Result(isolate));
}

}  // namespace isohost::worker::fs
