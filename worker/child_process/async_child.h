// A child started by execFile/exec on the worker's own loop: its stdout and
// stderr are collected into buffers (up to maxBuffer bytes each) and handed
// to JS when the child has exited and both pipes have closed, as Node's
// 'close'. Owned by itself from the spawn until its last handle is closed;
// the JS handle object only points at it (and learns when it is gone).
#ifndef ISOHOST_WORKER_CHILD_PROCESS_ASYNC_CHILD_H_
#define ISOHOST_WORKER_CHILD_PROCESS_ASYNC_CHILD_H_

#include <uv.h>
#include <v8.h>

#include <string>

#include "worker/child_process/child_spawn.h"

namespace isohost::worker::child_process {

class AsyncChild {
 public:
  // Starts `request` on the worker's loop; `max_buffer` < 0 is no limit. On success returns the handle
  // object ({ pid, kill(signal) -> errno, ref(), unref() }) and calls
  // `callback` later: ('exit', status, signal), ('maxBuffer', slot) when a
  // stream passed `max_buffer` bytes (the rest of it is dropped), and last
  // ('close', [stdin, stdout, stderr] with ArrayBuffers for the pipes).
  // On failure returns the negative libuv error as a number.
  static v8::Local<v8::Value> Start(v8::Isolate* isolate, const SpawnRequest& request, double max_buffer,
                                    v8::Local<v8::Function> callback);

 private:
  struct Pipe {
    uv_pipe_t handle;
    AsyncChild* owner;
    int slot;
    bool open = false;
    bool overflowed = false;
    std::string data;
  };

  AsyncChild(v8::Isolate* isolate, double max_buffer);
  ~AsyncChild();

  static void OnExit(uv_process_t* process, int64_t exit_status, int term_signal);
  static void OnAlloc(uv_handle_t* handle, std::size_t suggested, uv_buf_t* buf);
  static void OnRead(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf);
  static void OnClosed(uv_handle_t* handle);
  static void Kill(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Ref(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void Unref(const v8::FunctionCallbackInfo<v8::Value>& info);
  static void CloseOutput(const v8::FunctionCallbackInfo<v8::Value>& info);
  static AsyncChild* FromHandleObject(const v8::FunctionCallbackInfo<v8::Value>& info);
  static v8::Local<v8::FunctionTemplate> HandleTemplate(v8::Isolate* isolate);

  void Append(Pipe* pipe, const char* data, std::size_t size);
  void ClosePipe(Pipe* pipe);
  // After the exit and both EOFs: hands the output to JS and closes the process handle.
  void MaybeClose();
  void Call(int argc, v8::Local<v8::Value>* argv);
  void CloseHandle(uv_handle_t* handle);

  v8::Isolate* isolate_;
  double max_buffer_;
  uv_process_t process_;
  Pipe pipes_[2];  // stdout, stderr
  int open_handles_ = 0;  // the object is deleted when the last one has closed
  bool exited_ = false;
  bool closed_ = false;
  v8::Global<v8::Object> object_;
  v8::Global<v8::Function> callback_;
};

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_CHILD_PROCESS_ASYNC_CHILD_H_
