// Test-only: system calls made straight from native code, past every check
// in JavaScript, so that tests can show what the kernel alone refuses a
// sandboxed worker (tests/e2e/sandbox_test.cc). Scripts reach it only as
// require('internal/test/binding').internalBinding('sandbox_probe'), that is
// under --expose-internals, which no production host gives.
#include <fcntl.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <memory>
#include <string>

#include "ipc/channel.h"
#include "worker/v8/binding.h"
#include "worker/runtime/runtime.h"

namespace isohost::worker::native_modules {
namespace {

std::string Utf8(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  v8::String::Utf8Value text(isolate, value);
  return *text != nullptr ? std::string(*text, static_cast<std::size_t>(text.length())) : std::string();
}

void ReturnString(const v8::FunctionCallbackInfo<v8::Value>& info, const std::string& text) {
  v8::Local<v8::String> result;
  if (v8::String::NewFromUtf8(info.GetIsolate(), text.data(), v8::NewStringType::kNormal, static_cast<int>(text.size()))
          .ToLocal(&result)) {
    info.GetReturnValue().Set(result);
  }
}

// readFile(path) -> its bytes as a string (NULs kept), or -errno.
void ReadFile(const v8::FunctionCallbackInfo<v8::Value>& info) {
  std::string path = Utf8(info.GetIsolate(), info[0]);
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return info.GetReturnValue().Set(-errno);
  std::string data;
  char buffer[4096];
  ssize_t n;
  while ((n = ::read(fd, buffer, sizeof buffer)) > 0) data.append(buffer, static_cast<std::size_t>(n));
  int error = n < 0 ? errno : 0;
  ::close(fd);
  if (error != 0) return info.GetReturnValue().Set(-error);
  ReturnString(info, data);
}

// openOnWriterThread(path) -> 0 when the channel's writer thread (the
// worker's one other thread) could open `path` for reading, -errno when it
// could not, or null when it ran nothing: the kernel's grant holds on that
// thread too.
void OpenOnWriterThread(const v8::FunctionCallbackInfo<v8::Value>& info) {
  std::string path = Utf8(info.GetIsolate(), info[0]);
  auto result = std::make_shared<std::atomic<int>>(1);
  bool ran = Runtime::From(info.GetIsolate())->channel()->RunOnBackgroundWriter(
      [path, result] {
        int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        result->store(fd < 0 ? -errno : 0);
        if (fd >= 0) ::close(fd);
      },
      1000);
  if (!ran) return info.GetReturnValue().SetNull();
  info.GetReturnValue().Set(result->load());
}

// writeFile(path, text) -> bytes written, or -errno.
void WriteFile(const v8::FunctionCallbackInfo<v8::Value>& info) {
  std::string path = Utf8(info.GetIsolate(), info[0]);
  std::string data = Utf8(info.GetIsolate(), info[1]);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return info.GetReturnValue().Set(-errno);
  ssize_t n = ::write(fd, data.data(), data.size());
  int error = n < 0 ? errno : 0;
  ::close(fd);
  info.GetReturnValue().Set(error != 0 ? -error : static_cast<int>(n));
}

// getenv(name) -> the process's own variable (not process.env), or undefined.
void GetEnv(const v8::FunctionCallbackInfo<v8::Value>& info) {
  const char* value = std::getenv(Utf8(info.GetIsolate(), info[0]).c_str());
  if (value != nullptr) ReturnString(info, value);
}

// exec(path) -> -errno (it returns only when execve failed).
void Exec(const v8::FunctionCallbackInfo<v8::Value>& info) {
  std::string path = Utf8(info.GetIsolate(), info[0]);
  char* argv[] = {path.data(), nullptr};
  char* envp[] = {nullptr};
  ::execve(path.c_str(), argv, envp);
  info.GetReturnValue().Set(-errno);
}

// fork() -> 0 when a child could be made (it exits at once), or -errno.
void Fork(const v8::FunctionCallbackInfo<v8::Value>& info) {
  pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  if (pid < 0) return info.GetReturnValue().Set(-errno);
  ::waitpid(pid, nullptr, 0);
  info.GetReturnValue().Set(0);
}

// socket() -> 0 when a TCP socket could be made (it is closed), or -errno.
void Socket(const v8::FunctionCallbackInfo<v8::Value>& info) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return info.GetReturnValue().Set(-errno);
  ::close(fd);
  info.GetReturnValue().Set(0);
}

// kill(pid, signal) -> 0 or -errno.
void Kill(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  int pid = info[0]->Int32Value(context).FromMaybe(0);
  int signal = info[1]->Int32Value(context).FromMaybe(0);
  info.GetReturnValue().Set(::kill(pid, signal) == 0 ? 0 : -errno);
}

// ptraceParent() -> 0 when the host could be attached to (it is let go), or -errno.
void PtraceParent(const v8::FunctionCallbackInfo<v8::Value>& info) {
  pid_t parent = ::getppid();
  if (::ptrace(PTRACE_ATTACH, parent, nullptr, nullptr) != 0) return info.GetReturnValue().Set(-errno);
  ::ptrace(PTRACE_DETACH, parent, nullptr, nullptr);
  info.GetReturnValue().Set(0);
}

// syscall(nr, a0, ..., a5) -> the result of system call `nr` with integer
// arguments (those not given are 0), or -errno: for the seccomp filter's
// verdict on any number.
void Syscall(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  long args[7] = {};
  for (int i = 0; i < 7 && i < info.Length(); ++i) {
    args[i] = static_cast<long>(info[i]->IntegerValue(context).FromMaybe(0));
  }
  long result = ::syscall(args[0], args[1], args[2], args[3], args[4], args[5], args[6]);
  info.GetReturnValue().Set(static_cast<double>(result < 0 ? -errno : result));
}

// prlimit(pid, resource, soft, hard) -> 0 when the limits of process `pid`
// were set, or -errno.
void Prlimit(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  pid_t pid = info[0]->Int32Value(context).FromMaybe(0);
  int resource = info[1]->Int32Value(context).FromMaybe(0);
  rlimit64 limit{};
  limit.rlim_cur = static_cast<rlim64_t>(info[2]->IntegerValue(context).FromMaybe(0));
  limit.rlim_max = static_cast<rlim64_t>(info[3]->IntegerValue(context).FromMaybe(0));
  info.GetReturnValue().Set(::prlimit64(pid, static_cast<__rlimit_resource>(resource), &limit, nullptr) == 0 ? 0 : -errno);
}

// mknod(path, mode, major, minor) -> 0 when the node was made, or -errno.
void Mknod(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  std::string path = Utf8(info.GetIsolate(), info[0]);
  auto mode = static_cast<mode_t>(info[1]->Uint32Value(context).FromMaybe(0));
  unsigned major = info[2]->Uint32Value(context).FromMaybe(0);
  unsigned minor = info[3]->Uint32Value(context).FromMaybe(0);
  info.GetReturnValue().Set(::mknod(path.c_str(), mode, makedev(major, minor)) == 0 ? 0 : -errno);
}

// setAffinity(pid, cpu) -> 0 when process `pid` was bound to CPU `cpu`, or -errno.
void SetAffinity(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  pid_t pid = info[0]->Int32Value(context).FromMaybe(0);
  int cpu = info[1]->Int32Value(context).FromMaybe(0);
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  info.GetReturnValue().Set(::sched_setaffinity(pid, sizeof set, &set) == 0 ? 0 : -errno);
}

// shmRead(id, length) -> the first `length` bytes of SysV shared-memory
// segment `id` as a string, or -errno.
void ShmRead(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  int id = info[0]->Int32Value(context).FromMaybe(-1);
  std::size_t length = info[1]->Uint32Value(context).FromMaybe(0);
  void* at = ::shmat(id, nullptr, SHM_RDONLY);
  if (at == reinterpret_cast<void*>(-1)) return info.GetReturnValue().Set(-errno);
  std::string data(static_cast<const char*>(at), length);
  ::shmdt(at);
  ReturnString(info, data);
}

}  // namespace

ISOHOST_BINDING(sandbox_probe) {
  SetMethod(isolate, context, target, "readFile", ReadFile);
  SetMethod(isolate, context, target, "openOnWriterThread", OpenOnWriterThread);
  SetMethod(isolate, context, target, "writeFile", WriteFile);
  SetMethod(isolate, context, target, "getenv", GetEnv);
  SetMethod(isolate, context, target, "exec", Exec);
  SetMethod(isolate, context, target, "fork", Fork);
  SetMethod(isolate, context, target, "socket", Socket);
  SetMethod(isolate, context, target, "kill", Kill);
  SetMethod(isolate, context, target, "ptraceParent", PtraceParent);
  SetMethod(isolate, context, target, "syscall", Syscall);
  SetMethod(isolate, context, target, "prlimit", Prlimit);
  SetMethod(isolate, context, target, "mknod", Mknod);
  SetMethod(isolate, context, target, "setAffinity", SetAffinity);
  SetMethod(isolate, context, target, "shmRead", ShmRead);
}

}  // namespace isohost::worker::native_modules
