// The native half of `os` (worker/js/node/os.js): what libuv and the kernel
// say about the machine, and the constants of os.constants. A call that
// fails fills the `ctx` object it was given with { errno, code, message,
// syscall } and returns undefined; the JS side turns that into Node's
// SystemError.
#include <dlfcn.h>
#include <uv.h>
#include <v8.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

#include "worker/v8/binding.h"
#include "worker/api/process/process_env.h"

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

Local<v8::String> Utf8(v8::Isolate* isolate, const char* text) {
  Local<v8::String> string;
  if (!v8::String::NewFromUtf8(isolate, text).ToLocal(&string)) return v8::String::Empty(isolate);
  return string;
}

void Set(Local<v8::Context> context, Local<v8::Object> target, const char* key, Local<Value> value) {
  (void)target->Set(context, Utf8(context->GetIsolate(), key), value).FromMaybe(false);
}

// Fills info[ctx_index] (an object) with what failed, as Node names it.
void ReportError(const FunctionCallbackInfo<Value>& info, int ctx_index, int err, const char* syscall) {
  if (!info[ctx_index]->IsObject()) return;
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::Object> ctx = info[ctx_index].As<v8::Object>();
  Set(context, ctx, "errno", v8::Integer::New(isolate, err));
  Set(context, ctx, "code", Utf8(isolate, uv_err_name(err)));
  Set(context, ctx, "message", Utf8(isolate, uv_strerror(err)));
  Set(context, ctx, "syscall", Utf8(isolate, syscall));
}

// getHostname(ctx)
void GetHostname(const FunctionCallbackInfo<Value>& info) {
  char name[UV_MAXHOSTNAMESIZE];
  std::size_t size = sizeof name;
  if (int err = uv_os_gethostname(name, &size); err != 0) return ReportError(info, 0, err, "uv_os_gethostname");
  info.GetReturnValue().Set(Utf8(info.GetIsolate(), name));
}

// getOSInformation(ctx) -> [sysname, version, release, machine]
void GetOsInformation(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  uv_utsname_t name;
  if (int err = uv_os_uname(&name); err != 0) return ReportError(info, 0, err, "uv_os_uname");
  Local<Value> parts[] = {Utf8(isolate, name.sysname), Utf8(isolate, name.version), Utf8(isolate, name.release),
                          Utf8(isolate, name.machine)};
  info.GetReturnValue().Set(v8::Array::New(isolate, parts, 4));
}

// getUptime(ctx) -> seconds
void GetUptime(const FunctionCallbackInfo<Value>& info) {
  double uptime = 0;
  if (int err = uv_uptime(&uptime); err != 0) return ReportError(info, 0, err, "uv_uptime");
  info.GetReturnValue().Set(uptime);
}

// getLoadAvg() -> [1, 5, 15 minutes]
void GetLoadAvg(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  double load[3];
  uv_loadavg(load);
  Local<Value> values[] = {v8::Number::New(isolate, load[0]), v8::Number::New(isolate, load[1]),
                           v8::Number::New(isolate, load[2])};
  info.GetReturnValue().Set(v8::Array::New(isolate, values, 3));
}

void GetTotalMem(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(static_cast<double>(uv_get_total_memory()));
}

// Memory a new program could have without swapping: the kernel's
// MemAvailable (what Node reports), or its free memory on a kernel without
// that line.
void GetFreeMem(const FunctionCallbackInfo<Value>& info) {
  double bytes = static_cast<double>(uv_get_free_memory());
  if (std::FILE* meminfo = std::fopen("/proc/meminfo", "re")) {
    char line[256];
    unsigned long long kib;
    while (std::fgets(line, sizeof line, meminfo) != nullptr) {
      if (std::sscanf(line, "MemAvailable: %llu kB", &kib) == 1) {
        bytes = static_cast<double>(kib) * 1024;
        break;
      }
    }
    std::fclose(meminfo);
  }
  info.GetReturnValue().Set(bytes);
}

void GetAvailableParallelism(const FunctionCallbackInfo<Value>& info) {
  info.GetReturnValue().Set(uv_available_parallelism());
}

// getCPUs(ctx) -> [model, speed, user, nice, sys, idle, irq, model, ...]
void GetCpus(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  uv_cpu_info_t* cpus = nullptr;
  int count = 0;
  if (int err = uv_cpu_info(&cpus, &count); err != 0) return ReportError(info, 0, err, "uv_cpu_info");
  std::vector<Local<Value>> values;
  values.reserve(static_cast<std::size_t>(count) * 7);
  for (int i = 0; i < count; ++i) {
    const uv_cpu_info_t& cpu = cpus[i];
    values.push_back(Utf8(isolate, cpu.model));
    values.push_back(v8::Number::New(isolate, cpu.speed));
    values.push_back(v8::Number::New(isolate, static_cast<double>(cpu.cpu_times.user)));
    values.push_back(v8::Number::New(isolate, static_cast<double>(cpu.cpu_times.nice)));
    values.push_back(v8::Number::New(isolate, static_cast<double>(cpu.cpu_times.sys)));
    values.push_back(v8::Number::New(isolate, static_cast<double>(cpu.cpu_times.idle)));
    values.push_back(v8::Number::New(isolate, static_cast<double>(cpu.cpu_times.irq)));
  }
  uv_free_cpu_info(cpus, count);
  info.GetReturnValue().Set(v8::Array::New(isolate, values.data(), values.size()));
}

// getInterfaceAddresses(ctx) ->
//   [name, address, netmask, family, mac, internal, scopeid (-1 for IPv4), name, ...]
void GetInterfaceAddresses(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  uv_interface_address_t* interfaces = nullptr;
  int count = 0;
  if (int err = uv_interface_addresses(&interfaces, &count); err != 0) {
    return ReportError(info, 0, err, "uv_interface_addresses");
  }
  std::vector<Local<Value>> values;
  values.reserve(static_cast<std::size_t>(count) * 7);
  for (int i = 0; i < count; ++i) {
    const uv_interface_address_t& entry = interfaces[i];
    char address[INET6_ADDRSTRLEN] = "";
    char netmask[INET6_ADDRSTRLEN] = "";
    bool v4 = entry.address.address4.sin_family == AF_INET;
    if (v4) {
      uv_ip4_name(&entry.address.address4, address, sizeof address);
      uv_ip4_name(&entry.netmask.netmask4, netmask, sizeof netmask);
    } else {
      uv_ip6_name(&entry.address.address6, address, sizeof address);
      uv_ip6_name(&entry.netmask.netmask6, netmask, sizeof netmask);
    }
    char mac[18];
    const auto* phys = reinterpret_cast<const unsigned char*>(entry.phys_addr);
    std::snprintf(mac, sizeof mac, "%02x:%02x:%02x:%02x:%02x:%02x", phys[0], phys[1], phys[2], phys[3], phys[4],
                  phys[5]);
    values.push_back(Utf8(isolate, entry.name));
    values.push_back(Utf8(isolate, address));
    values.push_back(Utf8(isolate, netmask));
    values.push_back(Utf8(isolate, v4 ? "IPv4" : "IPv6"));
    values.push_back(Utf8(isolate, mac));
    values.push_back(v8::Boolean::New(isolate, entry.is_internal != 0));
    values.push_back(v8::Number::New(isolate, v4 ? -1 : static_cast<double>(entry.address.address6.sin6_scope_id)));
  }
  uv_free_interface_addresses(interfaces, count);
  info.GetReturnValue().Set(v8::Array::New(isolate, values.data(), values.size()));
}

// A passwd field as a string, or (asBuffer) an ArrayBuffer of its bytes.
Local<Value> PasswdField(v8::Isolate* isolate, const char* text, bool as_buffer) {
  if (text == nullptr) return v8::Null(isolate);
  if (!as_buffer) return Utf8(isolate, text);
  std::size_t size = std::strlen(text);
  Local<v8::ArrayBuffer> bytes = v8::ArrayBuffer::New(isolate, size);
  if (size > 0) std::memcpy(bytes->Data(), text, size);
  return bytes;
}

// getUserInfo(asBuffer, ctx) -> { uid, gid, username, homedir, shell } of
// the process's user.
void GetUserInfo(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  uv_passwd_t passwd;
  if (int err = uv_os_get_passwd(&passwd); err != 0) return ReportError(info, 1, err, "uv_os_get_passwd");
  bool as_buffer = info[0]->IsTrue();
  Local<v8::Object> result = v8::Object::New(isolate, v8::Null(isolate), nullptr, nullptr, 0);
  // uv reports -1 where the platform has no such id; Node shows it unsigned.
  Set(context, result, "uid", v8::Number::New(isolate, static_cast<double>(static_cast<std::uint32_t>(passwd.uid))));
  Set(context, result, "gid", v8::Number::New(isolate, static_cast<double>(static_cast<std::uint32_t>(passwd.gid))));
  Set(context, result, "username", PasswdField(isolate, passwd.username, as_buffer));
  Set(context, result, "homedir", PasswdField(isolate, passwd.homedir, as_buffer));
  Set(context, result, "shell", PasswdField(isolate, passwd.shell, as_buffer));
  uv_os_free_passwd(&passwd);
  info.GetReturnValue().Set(result);
}

// getHomeDirectory(ctx): $HOME as the worker's process.env has it when not
// empty, else the user's entry in the passwd database; uv_os_homedir() does
// the same with the process's environ, which is not the worker's.
void GetHomeDirectory(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  std::optional<std::string_view> home = FindProcessEnv(isolate, "HOME");
  if (home && !home->empty()) {
    Local<v8::String> text;
    if (v8::String::NewFromUtf8(isolate, home->data(), v8::NewStringType::kNormal, static_cast<int>(home->size()))
            .ToLocal(&text)) {
      info.GetReturnValue().Set(text);
    }
    return;
  }
  uv_passwd_t passwd;
  if (int err = uv_os_get_passwd(&passwd); err != 0) return ReportError(info, 0, err, "uv_os_homedir");
  info.GetReturnValue().Set(Utf8(isolate, passwd.homedir));
  uv_os_free_passwd(&passwd);
}

// getPriority(pid, ctx)
void GetPriority(const FunctionCallbackInfo<Value>& info) {
  int priority = 0;
  int pid = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 0;
  if (int err = uv_os_getpriority(pid, &priority); err != 0) return ReportError(info, 1, err, "uv_os_getpriority");
  info.GetReturnValue().Set(priority);
}

// setPriority(pid, priority, ctx) -> 0, or undefined with ctx filled
void SetPriority(const FunctionCallbackInfo<Value>& info) {
  int pid = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 0;
  int priority = info[1]->IsInt32() ? info[1].As<v8::Int32>()->Value() : 0;
  if (int err = uv_os_setpriority(pid, priority); err != 0) return ReportError(info, 2, err, "uv_os_setpriority");
  info.GetReturnValue().Set(0);
}

Local<v8::Object> NullPrototypeObject(v8::Isolate* isolate) {
  return v8::Object::New(isolate, v8::Null(isolate), nullptr, nullptr, 0);
}

// os.constants, from the system's own headers.
Local<v8::Object> Constants(v8::Isolate* isolate, Local<v8::Context> context) {
  Local<v8::Object> constants = NullPrototypeObject(isolate);
  Local<v8::Object> errno_names = NullPrototypeObject(isolate);
  Local<v8::Object> signals = NullPrototypeObject(isolate);
  Local<v8::Object> priority = NullPrototypeObject(isolate);
  Local<v8::Object> dlopen = NullPrototypeObject(isolate);
  auto number = [&](Local<v8::Object> target, const char* name, int value) {
    Set(context, target, name, v8::Integer::New(isolate, value));
  };
#define ISOHOST_NUMBER(target, name) number(target, #name, name)
  ISOHOST_NUMBER(constants, UV_UDP_REUSEADDR);
  ISOHOST_NUMBER(dlopen, RTLD_LAZY);
  ISOHOST_NUMBER(dlopen, RTLD_NOW);
  ISOHOST_NUMBER(dlopen, RTLD_GLOBAL);
  ISOHOST_NUMBER(dlopen, RTLD_LOCAL);
  ISOHOST_NUMBER(dlopen, RTLD_DEEPBIND);
  ISOHOST_NUMBER(errno_names, E2BIG);
  ISOHOST_NUMBER(errno_names, EACCES);
  ISOHOST_NUMBER(errno_names, EADDRINUSE);
  ISOHOST_NUMBER(errno_names, EADDRNOTAVAIL);
  ISOHOST_NUMBER(errno_names, EAFNOSUPPORT);
  ISOHOST_NUMBER(errno_names, EAGAIN);
  ISOHOST_NUMBER(errno_names, EALREADY);
  ISOHOST_NUMBER(errno_names, EBADF);
  ISOHOST_NUMBER(errno_names, EBADMSG);
  ISOHOST_NUMBER(errno_names, EBUSY);
  ISOHOST_NUMBER(errno_names, ECANCELED);
  ISOHOST_NUMBER(errno_names, ECHILD);
  ISOHOST_NUMBER(errno_names, ECONNABORTED);
  ISOHOST_NUMBER(errno_names, ECONNREFUSED);
  ISOHOST_NUMBER(errno_names, ECONNRESET);
  ISOHOST_NUMBER(errno_names, EDEADLK);
  ISOHOST_NUMBER(errno_names, EDESTADDRREQ);
  ISOHOST_NUMBER(errno_names, EDOM);
  ISOHOST_NUMBER(errno_names, EDQUOT);
  ISOHOST_NUMBER(errno_names, EEXIST);
  ISOHOST_NUMBER(errno_names, EFAULT);
  ISOHOST_NUMBER(errno_names, EFBIG);
  ISOHOST_NUMBER(errno_names, EHOSTUNREACH);
  ISOHOST_NUMBER(errno_names, EIDRM);
  ISOHOST_NUMBER(errno_names, EILSEQ);
  ISOHOST_NUMBER(errno_names, EINPROGRESS);
  ISOHOST_NUMBER(errno_names, EINTR);
  ISOHOST_NUMBER(errno_names, EINVAL);
  ISOHOST_NUMBER(errno_names, EIO);
  ISOHOST_NUMBER(errno_names, EISCONN);
  ISOHOST_NUMBER(errno_names, EISDIR);
  ISOHOST_NUMBER(errno_names, ELOOP);
  ISOHOST_NUMBER(errno_names, EMFILE);
  ISOHOST_NUMBER(errno_names, EMLINK);
  ISOHOST_NUMBER(errno_names, EMSGSIZE);
  ISOHOST_NUMBER(errno_names, EMULTIHOP);
  ISOHOST_NUMBER(errno_names, ENAMETOOLONG);
  ISOHOST_NUMBER(errno_names, ENETDOWN);
  ISOHOST_NUMBER(errno_names, ENETRESET);
  ISOHOST_NUMBER(errno_names, ENETUNREACH);
  ISOHOST_NUMBER(errno_names, ENFILE);
  ISOHOST_NUMBER(errno_names, ENOBUFS);
  ISOHOST_NUMBER(errno_names, ENODATA);
  ISOHOST_NUMBER(errno_names, ENODEV);
  ISOHOST_NUMBER(errno_names, ENOENT);
  ISOHOST_NUMBER(errno_names, ENOEXEC);
  ISOHOST_NUMBER(errno_names, ENOLCK);
  ISOHOST_NUMBER(errno_names, ENOLINK);
  ISOHOST_NUMBER(errno_names, ENOMEM);
  ISOHOST_NUMBER(errno_names, ENOMSG);
  ISOHOST_NUMBER(errno_names, ENOPROTOOPT);
  ISOHOST_NUMBER(errno_names, ENOSPC);
  ISOHOST_NUMBER(errno_names, ENOSR);
  ISOHOST_NUMBER(errno_names, ENOSTR);
  ISOHOST_NUMBER(errno_names, ENOSYS);
  ISOHOST_NUMBER(errno_names, ENOTCONN);
  ISOHOST_NUMBER(errno_names, ENOTDIR);
  ISOHOST_NUMBER(errno_names, ENOTEMPTY);
  ISOHOST_NUMBER(errno_names, ENOTSOCK);
  ISOHOST_NUMBER(errno_names, ENOTSUP);
  ISOHOST_NUMBER(errno_names, ENOTTY);
  ISOHOST_NUMBER(errno_names, ENXIO);
  ISOHOST_NUMBER(errno_names, EOPNOTSUPP);
  ISOHOST_NUMBER(errno_names, EOVERFLOW);
  ISOHOST_NUMBER(errno_names, EPERM);
  ISOHOST_NUMBER(errno_names, EPIPE);
  ISOHOST_NUMBER(errno_names, EPROTO);
  ISOHOST_NUMBER(errno_names, EPROTONOSUPPORT);
  ISOHOST_NUMBER(errno_names, EPROTOTYPE);
  ISOHOST_NUMBER(errno_names, ERANGE);
  ISOHOST_NUMBER(errno_names, EROFS);
  ISOHOST_NUMBER(errno_names, ESPIPE);
  ISOHOST_NUMBER(errno_names, ESRCH);
  ISOHOST_NUMBER(errno_names, ESTALE);
  ISOHOST_NUMBER(errno_names, ETIME);
  ISOHOST_NUMBER(errno_names, ETIMEDOUT);
  ISOHOST_NUMBER(errno_names, ETXTBSY);
  ISOHOST_NUMBER(errno_names, EWOULDBLOCK);
  ISOHOST_NUMBER(errno_names, EXDEV);
  ISOHOST_NUMBER(signals, SIGHUP);
  ISOHOST_NUMBER(signals, SIGINT);
  ISOHOST_NUMBER(signals, SIGQUIT);
  ISOHOST_NUMBER(signals, SIGILL);
  ISOHOST_NUMBER(signals, SIGTRAP);
  ISOHOST_NUMBER(signals, SIGABRT);
  ISOHOST_NUMBER(signals, SIGIOT);
  ISOHOST_NUMBER(signals, SIGBUS);
  ISOHOST_NUMBER(signals, SIGFPE);
  ISOHOST_NUMBER(signals, SIGKILL);
  ISOHOST_NUMBER(signals, SIGUSR1);
  ISOHOST_NUMBER(signals, SIGSEGV);
  ISOHOST_NUMBER(signals, SIGUSR2);
  ISOHOST_NUMBER(signals, SIGPIPE);
  ISOHOST_NUMBER(signals, SIGALRM);
  ISOHOST_NUMBER(signals, SIGTERM);
  ISOHOST_NUMBER(signals, SIGCHLD);
  ISOHOST_NUMBER(signals, SIGSTKFLT);
  ISOHOST_NUMBER(signals, SIGCONT);
  ISOHOST_NUMBER(signals, SIGSTOP);
  ISOHOST_NUMBER(signals, SIGTSTP);
  ISOHOST_NUMBER(signals, SIGTTIN);
  ISOHOST_NUMBER(signals, SIGTTOU);
  ISOHOST_NUMBER(signals, SIGURG);
  ISOHOST_NUMBER(signals, SIGXCPU);
  ISOHOST_NUMBER(signals, SIGXFSZ);
  ISOHOST_NUMBER(signals, SIGVTALRM);
  ISOHOST_NUMBER(signals, SIGPROF);
  ISOHOST_NUMBER(signals, SIGWINCH);
  ISOHOST_NUMBER(signals, SIGIO);
  ISOHOST_NUMBER(signals, SIGPOLL);
  ISOHOST_NUMBER(signals, SIGPWR);
  ISOHOST_NUMBER(signals, SIGSYS);
#undef ISOHOST_NUMBER
  number(priority, "PRIORITY_LOW", UV_PRIORITY_LOW);
  number(priority, "PRIORITY_BELOW_NORMAL", UV_PRIORITY_BELOW_NORMAL);
  number(priority, "PRIORITY_NORMAL", UV_PRIORITY_NORMAL);
  number(priority, "PRIORITY_ABOVE_NORMAL", UV_PRIORITY_ABOVE_NORMAL);
  number(priority, "PRIORITY_HIGH", UV_PRIORITY_HIGH);
  number(priority, "PRIORITY_HIGHEST", UV_PRIORITY_HIGHEST);
  Set(context, constants, "dlopen", dlopen);
  Set(context, constants, "errno", errno_names);
  Set(context, constants, "signals", signals);
  Set(context, constants, "priority", priority);
  return constants;
}

}  // namespace

namespace native_modules {

ISOHOST_BINDING(os) {
  SetMethod(isolate, context, target, "getHostname", GetHostname);
  SetMethod(isolate, context, target, "getOSInformation", GetOsInformation);
  SetMethod(isolate, context, target, "getUptime", GetUptime);
  SetMethod(isolate, context, target, "getLoadAvg", GetLoadAvg);
  SetMethod(isolate, context, target, "getTotalMem", GetTotalMem);
  SetMethod(isolate, context, target, "getFreeMem", GetFreeMem);
  SetMethod(isolate, context, target, "getAvailableParallelism", GetAvailableParallelism);
  SetMethod(isolate, context, target, "getCPUs", GetCpus);
  SetMethod(isolate, context, target, "getInterfaceAddresses", GetInterfaceAddresses);
  SetMethod(isolate, context, target, "getUserInfo", GetUserInfo);
  SetMethod(isolate, context, target, "getHomeDirectory", GetHomeDirectory);
  SetMethod(isolate, context, target, "getPriority", GetPriority);
  SetMethod(isolate, context, target, "setPriority", SetPriority);
  SetValue(isolate, context, target, "constants", Constants(isolate, context));
}

}  // namespace native_modules
}  // namespace isohost::worker
