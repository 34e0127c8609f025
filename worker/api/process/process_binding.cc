#include "worker/api/process/process_binding.h"

#include <openssl/crypto.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unicode/ucal.h>
#include <unicode/uchar.h>
#include <unicode/ulocdata.h>
#include <unicode/uversion.h>
#include <unistd.h>
#include <uv.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "worker/api/process/process_env.h"
#include "worker/runtime/runtime.h"
#include "worker/v8/binding.h"

#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

// How long abort(), or a signal the worker sends itself, waits for the host to
// take the output written before it.
constexpr int kLastOutputFlushTimeoutMs = 10000;

}  // namespace

// The architecture and OS of this binary, named as Node names them.
const char* const kProcessArch =
#if defined(__x86_64__)
    "x64";
#elif defined(__aarch64__)
    "arm64";
#elif defined(__i386__)
    "ia32";
#elif defined(__arm__)
    "arm";
#elif defined(__riscv) && __riscv_xlen == 64
    "riscv64";
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    "ppc64";
#elif defined(__s390x__)
    "s390x";
#else
    "unknown";
#endif

const char* const kProcessPlatform =
#if defined(__linux__)
    "linux";
#elif defined(__APPLE__)
    "darwin";
#elif defined(__FreeBSD__)
    "freebsd";
#else
    "unknown";
#endif

namespace {

// --- signals and credentials ------------------------------------------------------

// Whether kill(pid, ...) reaches this very process: itself, its group, or all.
bool ReachesSelf(int pid) {
  return pid == 0 || pid == -1 || pid == ::getpid() || -pid == ::getpgrp();
}

// kill(pid, signal) -> 0, or a negative errno (the JS side names it).
void Kill(const FunctionCallbackInfo<Value>& info) {
  Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  int pid = 0;
  int signal = 0;
  if (!info[0]->Int32Value(context).To(&pid) || !info[1]->Int32Value(context).To(&signal)) return;
  // A signal the worker sends itself may end it: what it wrote before goes
  // out first, as it would have through Node's synchronous stdio.
  Runtime* runtime = Runtime::From(info.GetIsolate());
  if (signal != 0 && ReachesSelf(pid) && runtime->channel() != nullptr && runtime->channel()->is_open()) {
    runtime->channel()->FlushSync(kLastOutputFlushTimeoutMs);
  }
  info.GetReturnValue().Set(uv_kill(pid, signal));
}

// errname(-errno) -> "ESRCH"
void ErrName(const FunctionCallbackInfo<Value>& info) {
  int err = info[0]->IsInt32() ? info[0].As<v8::Int32>()->Value() : 0;
  info.GetReturnValue().Set(Str(info.GetIsolate(), uv_err_name(err)));
}

// signals() -> the signals of this system by name, as os.constants.signals
// lists them, in an object without a prototype.
void Signals(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  struct Signal {
    const char* name;
    int number;
  };
  static constexpr Signal kSignals[] = {
      {"SIGHUP", SIGHUP},   {"SIGINT", SIGINT},       {"SIGQUIT", SIGQUIT},     {"SIGILL", SIGILL},
      {"SIGTRAP", SIGTRAP}, {"SIGABRT", SIGABRT},
#ifdef SIGIOT
      {"SIGIOT", SIGIOT},
#endif
      {"SIGBUS", SIGBUS},   {"SIGFPE", SIGFPE},       {"SIGKILL", SIGKILL},     {"SIGUSR1", SIGUSR1},
      {"SIGSEGV", SIGSEGV}, {"SIGUSR2", SIGUSR2},     {"SIGPIPE", SIGPIPE},     {"SIGALRM", SIGALRM},
      {"SIGTERM", SIGTERM}, {"SIGCHLD", SIGCHLD},
#ifdef SIGSTKFLT
      {"SIGSTKFLT", SIGSTKFLT},
#endif
      {"SIGCONT", SIGCONT}, {"SIGSTOP", SIGSTOP},     {"SIGTSTP", SIGTSTP},     {"SIGTTIN", SIGTTIN},
      {"SIGTTOU", SIGTTOU}, {"SIGURG", SIGURG},       {"SIGXCPU", SIGXCPU},     {"SIGXFSZ", SIGXFSZ},
      {"SIGVTALRM", SIGVTALRM}, {"SIGPROF", SIGPROF}, {"SIGWINCH", SIGWINCH},
#ifdef SIGIO
      {"SIGIO", SIGIO},
#endif
#ifdef SIGPOLL
      {"SIGPOLL", SIGPOLL},
#endif
#ifdef SIGPWR
      {"SIGPWR", SIGPWR},
#endif
      {"SIGSYS", SIGSYS},
  };
  Local<v8::Object> table = v8::Object::New(isolate, v8::Null(isolate), nullptr, nullptr, 0);
  for (const Signal& signal : kSignals) {
    if (table->Set(context, Str(isolate, signal.name), v8::Integer::New(isolate, signal.number)).IsNothing()) return;
  }
  info.GetReturnValue().Set(table);
}

// umask() -> the file mode creation mask, which is only read: a worker may
// not change it, as in Node. Setting and restoring is the only portable way
// to read it; no other thread of this process creates files.
void Umask(const FunctionCallbackInfo<Value>& info) {
  mode_t mask = ::umask(0);
  ::umask(mask);
  info.GetReturnValue().Set(static_cast<std::uint32_t>(mask));
}

void GetUid(const FunctionCallbackInfo<Value>& info) { info.GetReturnValue().Set(static_cast<double>(getuid())); }
void GetEuid(const FunctionCallbackInfo<Value>& info) { info.GetReturnValue().Set(static_cast<double>(geteuid())); }
void GetGid(const FunctionCallbackInfo<Value>& info) { info.GetReturnValue().Set(static_cast<double>(getgid())); }
void GetEgid(const FunctionCallbackInfo<Value>& info) { info.GetReturnValue().Set(static_cast<double>(getegid())); }

// getgroups() -> the supplementary groups, with the effective group among them.
void GetGroups(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  int count = getgroups(0, nullptr);
  std::vector<gid_t> groups(count > 0 ? count : 0);
  if (count > 0) count = getgroups(count, groups.data());
  groups.resize(count > 0 ? count : 0);
  gid_t egid = getegid();
  bool has_egid = false;
  for (gid_t group : groups) has_egid = has_egid || group == egid;
  if (!has_egid) groups.push_back(egid);
  std::vector<Local<Value>> values;
  values.reserve(groups.size());
  for (gid_t group : groups) values.push_back(v8::Number::New(isolate, group));
  info.GetReturnValue().Set(v8::Array::New(isolate, values.data(), values.size()));
}

void GetPpid(const FunctionCallbackInfo<Value>& info) { info.GetReturnValue().Set(uv_os_getppid()); }

// The name the kernel knows this process by (what `ps` shows).
void Title(const FunctionCallbackInfo<Value>& info) {
  char name[17] = {};
  if (prctl(PR_GET_NAME, name) != 0) name[0] = '\0';
  info.GetReturnValue().Set(Str(info.GetIsolate(), name));
}

// Ends the process with SIGABRT once the output written so far has reached
// the host; the host reports the signal.
void Abort(const FunctionCallbackInfo<Value>& info) {
  Runtime* runtime = Runtime::From(info.GetIsolate());
  if (runtime->channel() != nullptr && runtime->channel()->is_open()) {
    runtime->channel()->FlushSync(kLastOutputFlushTimeoutMs);
  }
  std::fflush(stdout);
  std::fflush(stderr);
  std::abort();
}

// --- resource usage ---------------------------------------------------------------

// cpuUsage() -> [user, system] in microseconds, of this worker's process.
void CpuUsage(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  uv_rusage_t usage;
  if (uv_getrusage(&usage) != 0) return;
  Local<Value> values[2] = {
      v8::Number::New(isolate, usage.ru_utime.tv_sec * 1e6 + usage.ru_utime.tv_usec),
      v8::Number::New(isolate, usage.ru_stime.tv_sec * 1e6 + usage.ru_stime.tv_usec),
  };
  info.GetReturnValue().Set(v8::Array::New(isolate, values, 2));
}

// resourceUsage() -> getrusage's fields in the order of Node's resourceUsage().
void ResourceUsage(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  uv_rusage_t usage;
  if (uv_getrusage(&usage) != 0) return;
  double fields[] = {
      usage.ru_utime.tv_sec * 1e6 + usage.ru_utime.tv_usec,
      usage.ru_stime.tv_sec * 1e6 + usage.ru_stime.tv_usec,
      static_cast<double>(usage.ru_maxrss),
      static_cast<double>(usage.ru_ixrss),
      static_cast<double>(usage.ru_idrss),
      static_cast<double>(usage.ru_isrss),
      static_cast<double>(usage.ru_minflt),
      static_cast<double>(usage.ru_majflt),
      static_cast<double>(usage.ru_nswap),
      static_cast<double>(usage.ru_inblock),
      static_cast<double>(usage.ru_oublock),
      static_cast<double>(usage.ru_msgsnd),
      static_cast<double>(usage.ru_msgrcv),
      static_cast<double>(usage.ru_nsignals),
      static_cast<double>(usage.ru_nvcsw),
      static_cast<double>(usage.ru_nivcsw),
  };
  std::vector<Local<Value>> values;
  for (double field : fields) values.push_back(v8::Number::New(isolate, field));
  info.GetReturnValue().Set(v8::Array::New(isolate, values.data(), values.size()));
}

// --- memory limits of the cgroup --------------------------------------------------

std::optional<std::string> ReadFirstLine(const std::string& path) {
  std::ifstream file(path);
  std::string line;
  if (!file || !std::getline(file, line)) return std::nullopt;
  return line;
}

// A byte count from a cgroup file; nullopt when absent, UINT64_MAX for "no
// limit" (cgroup v2 writes "max", v1 a huge page-aligned number).
std::optional<std::uint64_t> ReadCgroupBytes(const std::string& path) {
  std::optional<std::string> text = ReadFirstLine(path);
  if (!text || text->empty()) return std::nullopt;
  if (*text == "max") return UINT64_MAX;
  char* end = nullptr;
  unsigned long long value = std::strtoull(text->c_str(), &end, 10);
  if (end == text->c_str()) return std::nullopt;
  if (value >= 0x7FFFFFFFFFFFF000ULL) return UINT64_MAX;
  return value;
}

// The directory of this process's memory cgroup, or empty when it has none.
struct MemoryCgroup {
  std::string dir;
  bool v2 = false;
};

MemoryCgroup FindMemoryCgroup() {
  struct statfs fs;
  bool v2 = statfs("/sys/fs/cgroup", &fs) == 0 && fs.f_type == CGROUP2_SUPER_MAGIC;
  std::ifstream file("/proc/self/cgroup");
  std::string line;
  while (std::getline(file, line)) {
    // "ID:CONTROLLERS:PATH"; v2 has one line, "0::PATH".
    std::size_t first = line.find(':');
    std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    std::string_view controllers = std::string_view(line).substr(first + 1, second - first - 1);
    std::string path = line.substr(second + 1);
    if (v2 && line.compare(0, 3, "0::") == 0) return {"/sys/fs/cgroup" + path, true};
    if (!v2) {
      for (std::size_t start = 0; start <= controllers.size();) {
        std::size_t comma = controllers.find(',', start);
        std::string_view name = controllers.substr(start, comma == std::string_view::npos ? comma : comma - start);
        if (name == "memory") return {"/sys/fs/cgroup/memory" + path, false};
        if (comma == std::string_view::npos) break;
        start = comma + 1;
      }
    }
  }
  return {};
}

// The tightest memory limit the cgroup sets, UINT64_MAX when it sets none.
std::optional<std::uint64_t> CgroupLimit(const MemoryCgroup& cgroup) {
  if (cgroup.dir.empty()) return std::nullopt;
  std::optional<std::uint64_t> hard =
      ReadCgroupBytes(cgroup.dir + (cgroup.v2 ? "/memory.max" : "/memory.limit_in_bytes"));
  std::optional<std::uint64_t> soft =
      ReadCgroupBytes(cgroup.dir + (cgroup.v2 ? "/memory.high" : "/memory.soft_limit_in_bytes"));
  if (!hard && !soft) return std::nullopt;
  return std::min(hard.value_or(UINT64_MAX), soft.value_or(UINT64_MAX));
}

// constrainedMemory() -> the cgroup's limit in bytes (2^64 - 1 for none, as
// Node reports it), or undefined when there is no memory cgroup to ask.
void ConstrainedMemory(const FunctionCallbackInfo<Value>& info) {
  std::optional<std::uint64_t> limit = CgroupLimit(FindMemoryCgroup());
  if (limit) info.GetReturnValue().Set(static_cast<double>(*limit));
}

// availableMemory() -> what is left under the cgroup's limit, or the system's
// free memory when there is no limit.
void AvailableMemory(const FunctionCallbackInfo<Value>& info) {
  MemoryCgroup cgroup = FindMemoryCgroup();
  std::optional<std::uint64_t> limit = CgroupLimit(cgroup);
  double available = static_cast<double>(uv_get_free_memory());
  if (limit && *limit != UINT64_MAX) {
    std::optional<std::uint64_t> used =
        ReadCgroupBytes(cgroup.dir + (cgroup.v2 ? "/memory.current" : "/memory.usage_in_bytes"));
    std::uint64_t in_use = used.value_or(0);
    available = in_use >= *limit ? 0 : static_cast<double>(*limit - in_use);
  }
  info.GetReturnValue().Set(available);
}

// --- versions ---------------------------------------------------------------------

std::string VersionText(const UVersionInfo version) {
  char text[U_MAX_VERSION_STRING_LENGTH] = {};
  u_versionToString(version, text);
  return text;
}

// icuVersions() -> {icu, unicode, cldr, tz} of the ICU this process uses (the
// one V8's Intl is built on). Asked only when process.versions is first read:
// the time zone data is a resource ICU has to open.
void IcuVersions(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::Object> versions = v8::Object::New(isolate);
  auto set = [&](const char* key, const std::string& value) {
    (void)versions->Set(context, Str(isolate, key), Str(isolate, value)).FromMaybe(false);
  };
  UVersionInfo version;
  u_getVersion(version);
  set("icu", VersionText(version));
  u_getUnicodeVersion(version);
  set("unicode", VersionText(version));
  UErrorCode status = U_ZERO_ERROR;
  ulocdata_getCLDRVersion(version, &status);
  if (U_SUCCESS(status)) set("cldr", VersionText(version));
  status = U_ZERO_ERROR;
  const char* tz = ucal_getTZDataVersion(&status);
  if (U_SUCCESS(status) && tz != nullptr) set("tz", tz);
  info.GetReturnValue().Set(versions);
}

// --- process.env --------------------------------------------------------------------

void CreateEnv(const FunctionCallbackInfo<Value>& info) {
  Local<v8::Object> env;
  if (NewProcessEnv(info.GetIsolate(), info.GetIsolate()->GetCurrentContext()).ToLocal(&env)) {
    info.GetReturnValue().Set(env);
  }
}

// hrtime() writes [seconds >> 32, seconds & 0xffffffff, nanoseconds] into the
// Uint32Array the binding holds, so that process.hrtime() allocates nothing
// here and keeps every nanosecond of a clock that a double would round.
void Hrtime(const FunctionCallbackInfo<Value>& info) {
  if (!info.Data()->IsUint32Array()) return;
  Local<v8::Uint32Array> array = info.Data().As<v8::Uint32Array>();
  auto* fields = reinterpret_cast<std::uint32_t*>(static_cast<char*>(array->Buffer()->Data()) + array->ByteOffset());
  std::uint64_t now = uv_hrtime();
  std::uint64_t seconds = now / 1000000000;
  fields[0] = static_cast<std::uint32_t>(seconds >> 32);
  fields[1] = static_cast<std::uint32_t>(seconds & 0xffffffff);
  fields[2] = static_cast<std::uint32_t>(now % 1000000000);
}

}  // namespace

void ProcessBinding(const FunctionCallbackInfo<Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  Local<v8::Context> context = isolate->GetCurrentContext();
  Local<v8::Object> binding = v8::Object::New(isolate);
  auto set_value = [&](const char* name, Local<Value> value) {
    (void)binding->Set(context, Str(isolate, name), value).FromMaybe(false);
  };
  auto set_method = [&](const char* name, v8::FunctionCallback callback, Local<Value> data = {}) {
    Local<v8::Function> fn;
    if (v8::Function::New(context, callback, data, 0, v8::ConstructorBehavior::kThrow).ToLocal(&fn)) {
      fn->SetName(Str(isolate, name));
      set_value(name, fn);
    }
  };

  set_value("isohostVersion", Str(isolate, ISOHOST_VERSION));
  set_value("uvVersion", Str(isolate, uv_version_string()));
  set_value("opensslVersion", Str(isolate, OpenSSL_version(OPENSSL_VERSION_STRING)));
  Local<v8::Uint32Array> hrtime_fields = v8::Uint32Array::New(v8::ArrayBuffer::New(isolate, 3 * 4), 0, 3);
  set_value("hrtimeFields", hrtime_fields);

  set_method("hrtime", Hrtime, hrtime_fields);
  set_method("signals", Signals);
  set_method("kill", Kill);
  set_method("errname", ErrName);
  set_method("umask", Umask);
  set_method("getuid", GetUid);
  set_method("geteuid", GetEuid);
  set_method("getgid", GetGid);
  set_method("getegid", GetEgid);
  set_method("getgroups", GetGroups);
  set_method("getppid", GetPpid);
  set_method("title", Title);
  set_method("abort", Abort);
  set_method("cpuUsage", CpuUsage);
  set_method("resourceUsage", ResourceUsage);
  set_method("constrainedMemory", ConstrainedMemory);
  set_method("availableMemory", AvailableMemory);
  set_method("icuVersions", IcuVersions);
  set_method("createEnv", CreateEnv);
  info.GetReturnValue().Set(binding);
}

}  // namespace isohost::worker
