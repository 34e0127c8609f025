#include "worker/fs/read_file.h"

#include <uv.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "worker/buffer/v8_bytes.h"
#include "worker/fs/fs_request.h"
#include "worker/runtime.h"

namespace isohost::worker::fs {
namespace {

// A first read of a file whose size stat cannot tell (/proc, a pipe).
constexpr std::size_t kUnknownSizeChunk = 64 * 1024;
// The largest file readFile reads, as in Node (whose Buffers index with an
// int32); a larger one fails with ERR_FS_FILE_TOO_LARGE before it is read.
constexpr std::size_t kMaxFileSize = 0x7fffffff;

class ReadFileJob {
 public:
  ReadFileJob(uv_loop_t* loop, std::string path, int fd, int flags)
      : loop_(loop), path_(std::move(path)), fd_(fd), own_fd_(fd < 0), flags_(flags) {
    req_.data = this;
  }
  ReadFileJob(const ReadFileJob&) = delete;
  ReadFileJob& operator=(const ReadFileJob&) = delete;
  ~ReadFileJob() { std::free(data_); }

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
    for (;;) {
      if (too_large_ != 0) return CloseAfter(0, nullptr);
      if (!Grow()) return CloseAfter(UV_ENOMEM, "read");
      uv_buf_t buf = uv_buf_init(data_ + size_, static_cast<unsigned>(capacity_ - size_));
      int n = uv_fs_read(loop_, &req_, fd_, &buf, 1, -1, nullptr);
      uv_fs_req_cleanup(&req_);
      if (n < 0) return CloseAfter(n, "read");
      if (n == 0) break;
      size_ += static_cast<std::size_t>(n);
      if (size_ > kMaxFileSize) too_large_ = size_;
    }
    CloseAfter(0, nullptr);
  }

  // The first step, queued; OnStep() takes each next one.
  void Start(v8::Isolate* isolate, v8::Local<v8::Function> callback) {
    isolate_ = isolate;
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
    if (too_large_ != 0) return v8::Number::New(isolate, static_cast<double>(too_large_));
    if (error_ < 0) {
      v8::Local<v8::Value> parts[] = {v8::Integer::New(isolate, error_),
                                      v8::String::NewFromUtf8(isolate, syscall_).ToLocalChecked()};
      return v8::Array::New(isolate, parts, 2);
    }
    char* data = data_;
    data_ = nullptr;
    return buffer::ArrayBufferFromMalloc(isolate, data, size_);
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
    // One byte more than the size, so the read that sees end of file needs
    // no second buffer when the file did not grow.
    capacity_hint_ = regular && st.st_size > 0 ? static_cast<std::size_t>(st.st_size) + 1 : kUnknownSizeChunk;
  }

  // Room for the next read: the size stat gave, then doubling, never past
  // one byte more than kMaxFileSize (a stream that fills that is too large).
  bool Grow() {
    if (size_ < capacity_) return true;
    std::size_t capacity = capacity_ == 0 ? capacity_hint_ : std::min(capacity_ * 2, kMaxFileSize + 1);
    char* grown = static_cast<char*>(std::realloc(data_, capacity));
    if (grown == nullptr) return false;
    data_ = grown;
    capacity_ = capacity;
    return true;
  }

  void Check(int err) {
    if (err < 0) {
      req_.result = err;
      OnStep(&req_);
    }
  }

  void QueueRead() {
    if (too_large_ != 0) return QueueClose(0, nullptr);
    if (!Grow()) return QueueClose(UV_ENOMEM, "read");
    step_ = kRead;
    uv_buf_t buf = uv_buf_init(data_ + size_, static_cast<unsigned>(capacity_ - size_));
    Check(uv_fs_read(loop_, &req_, fd_, &buf, 1, -1, OnStep));
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
        job->size_ += static_cast<std::size_t>(result);
        if (job->size_ > kMaxFileSize) job->too_large_ = job->size_;
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
  char* data_ = nullptr;  // malloc'd; the ArrayBuffer takes it over
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  std::size_t capacity_hint_ = kUnknownSizeChunk;
  int error_ = 0;
  const char* syscall_ = nullptr;
  std::uint64_t too_large_ = 0;  // the size of a file over kMaxFileSize
  v8::Isolate* isolate_ = nullptr;
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
  auto job = std::make_unique<ReadFileJob>(LoopOf(isolate), std::move(path), fd, flags);
  if (info[2]->IsFunction()) {
    job.release()->Start(isolate, info[2].As<v8::Function>());
    return;
  }
  job->RunSync();
  info.GetReturnValue().Set(job->Result(isolate));
}

}  // namespace isohost::worker::fs
