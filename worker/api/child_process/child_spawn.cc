#include "worker/api/child_process/child_spawn.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <string_view>

#include "worker/runtime/cgroup_wait.h"

namespace isohost::worker::child_process {
namespace {

constexpr std::string_view kChildExecName = "isohost-child-exec";

// isohost-child-exec, beside this process's own binary (build/bin/ or the
// installed bin/ alike); empty if it is not there.
const std::string& ChildExecPath() {
  static const std::string path = [] {
    char self[PATH_MAX];
    ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return std::string();
    std::string dir(self, static_cast<std::size_t>(n));
    dir.erase(dir.rfind('/') + 1);
    std::string candidate = dir + std::string(kChildExecName);
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    // An installation without it: every spawn fails with ENOENT, and this
    // says why, once, on the worker's stderr (which the host shows).
    std::fprintf(stderr, "isohost-worker: %s is missing or not executable; child_process cannot start children\n",
                 candidate.c_str());
    return std::string();
  }();
  return path;
}

v8::MaybeLocal<v8::Value> Get(v8::Isolate* isolate, v8::Local<v8::Object> object, const char* key) {
  v8::Local<v8::String> name;
  if (!v8::String::NewFromUtf8(isolate, key, v8::NewStringType::kInternalized).ToLocal(&name)) return {};
  return object->Get(isolate->GetCurrentContext(), name);
}

bool ToStdString(v8::Isolate* isolate, v8::Local<v8::Value> value, std::string* out) {
  if (!value->IsString()) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "child_process: a string was expected")));
    return false;
  }
  v8::String::Utf8Value text(isolate, value);
  out->assign(*text, static_cast<std::size_t>(text.length()));
  return true;
}

bool ToStringList(v8::Isolate* isolate, v8::Local<v8::Value> value, std::vector<std::string>* out) {
  if (!value->IsArray()) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "child_process: an array was expected")));
    return false;
  }
  v8::Local<v8::Array> array = value.As<v8::Array>();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  out->resize(array->Length());
  for (uint32_t i = 0; i < array->Length(); ++i) {
    v8::Local<v8::Value> item;
    if (!array->Get(context, i).ToLocal(&item) || !ToStdString(isolate, item, &(*out)[i])) return false;
  }
  return true;
}

bool ToStdio(v8::Isolate* isolate, v8::Local<v8::Value> value, std::vector<StdioSpec>* out) {
  if (!value->IsArray()) return false;
  v8::Local<v8::Array> array = value.As<v8::Array>();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  for (uint32_t i = 0; i < array->Length(); ++i) {
    v8::Local<v8::Value> item;
    if (!array->Get(context, i).ToLocal(&item)) return false;
    StdioSpec spec;
    if (item->IsInt32() && item.As<v8::Int32>()->Value() >= 0) {
      spec.kind = StdioSpec::kInheritFd;
      spec.fd = item.As<v8::Int32>()->Value();
    } else if (item->IsString()) {
      v8::String::Utf8Value kind(isolate, item);
      spec.kind = std::string_view(*kind) == "pipe" ? StdioSpec::kPipe : StdioSpec::kIgnore;
    } else if (item->IsObject()) {
      spec.kind = StdioSpec::kPipe;  // spawn's Pipe object, which its caller takes from `stdio`
    }
    out->push_back(spec);
  }
  while (out->size() < 3) out->push_back(StdioSpec{});
  return true;
}

// Reads the child's report pipe: EOF means the exec succeeded (the pipe was
// close-on-exec), four bytes are execvp's errno.
int ReadExecReport(int fd) {
  int err = 0;
  std::size_t got = 0;
  auto* bytes = reinterpret_cast<char*>(&err);
  while (got < sizeof err) {
    ssize_t n = ::read(fd, bytes + got, sizeof err - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  return got == sizeof err ? err : 0;
}

}  // namespace

bool ParseSpawnRequest(v8::Isolate* isolate, v8::Local<v8::Object> options, SpawnRequest* request) {
  v8::Local<v8::Value> value;
  if (!Get(isolate, options, "file").ToLocal(&value) || !ToStdString(isolate, value, &request->file)) return false;
  if (!Get(isolate, options, "args").ToLocal(&value) || !ToStringList(isolate, value, &request->args)) return false;
  if (!Get(isolate, options, "envPairs").ToLocal(&value)) return false;
  if (!value->IsUndefined()) {
    request->env.emplace();
    if (!ToStringList(isolate, value, &*request->env)) return false;
  }
  if (!Get(isolate, options, "cwd").ToLocal(&value)) return false;
  if (!value->IsUndefined() && !ToStdString(isolate, value, &request->cwd)) return false;
  if (!Get(isolate, options, "uid").ToLocal(&value)) return false;
  if (value->IsNumber()) request->uid = static_cast<std::uint32_t>(value.As<v8::Number>()->Value());
  if (!Get(isolate, options, "gid").ToLocal(&value)) return false;
  if (value->IsNumber()) request->gid = static_cast<std::uint32_t>(value.As<v8::Number>()->Value());
  if (!Get(isolate, options, "detached").ToLocal(&value)) return false;
  request->detached = value->IsTrue();
  if (!Get(isolate, options, "stdio").ToLocal(&value)) return false;
  if (!ToStdio(isolate, value, &request->stdio)) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "child_process: stdio must be an array")));
    return false;
  }
  if (request->args.empty()) request->args.push_back(request->file);
  return true;
}

bool InheritsWorkerOutput(const SpawnRequest& request) {
  for (const StdioSpec& spec : request.stdio) {
    if (spec.kind == StdioSpec::kInheritFd && (spec.fd == STDOUT_FILENO || spec.fd == STDERR_FILENO)) return true;
  }
  return false;
}

int SpawnChild(const SpawnRequest& request, std::vector<uv_stdio_container_t> stdio, uv_exit_cb on_exit,
               const UvSpawn& spawn) {
  const std::string& child_exec = ChildExecPath();
  if (child_exec.empty()) return UV_ENOENT;
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) return -errno;
  // The report pipe is the slot after the child's stdio; isohost-child-exec
  // learns its number from its argv and closes everything from it up at exec.
  const int report_slot = static_cast<int>(stdio.size());
  uv_stdio_container_t report_container;
  report_container.flags = UV_INHERIT_FD;
  report_container.data.fd = report[1];
  stdio.push_back(report_container);

  std::string slot = std::to_string(report_slot);
  std::string parent = std::to_string(::getpid());
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(child_exec.c_str()));
  argv.push_back(slot.data());
  argv.push_back(parent.data());
  argv.push_back(const_cast<char*>(request.file.c_str()));
  for (const std::string& arg : request.args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;
  if (request.env) {
    for (const std::string& pair : *request.env) envp.push_back(const_cast<char*>(pair.c_str()));
    envp.push_back(nullptr);
  }

  uv_process_options_t options{};
  options.exit_cb = on_exit;
  options.file = child_exec.c_str();
  options.args = argv.data();
  options.env = request.env ? envp.data() : nullptr;
  options.cwd = request.cwd.empty() ? nullptr : request.cwd.c_str();
  options.stdio = stdio.data();
  options.stdio_count = static_cast<int>(stdio.size());
  if (request.uid) {
    options.flags |= UV_PROCESS_SETUID;
    options.uid = *request.uid;
  }
  if (request.gid) {
    options.flags |= UV_PROCESS_SETGID;
    options.gid = *request.gid;
  }
  if (request.detached) options.flags |= UV_PROCESS_DETACHED;

  // The child is born into the worker's cgroup, never outside it.
  WaitForCgroup();
  int pid = 0;
  int rc = spawn(&options, &pid);
  ::close(report[1]);
  if (rc == 0) {
    if (int err = ReadExecReport(report[0]); err != 0) {
      // The child is exiting with nothing run: reap it now, since the
      // caller closes the handle and libuv would never wait for it then.
      int status;
      while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      rc = -err;
    }
  }
  ::close(report[0]);
  return rc;
}

}  // namespace isohost::worker::child_process
