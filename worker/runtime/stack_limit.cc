#include "worker/runtime/stack_limit.h"

#include <sys/resource.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdlib>
#include <string_view>

namespace isohost::worker {
namespace {

// V8's default limit is 984 KiB for a 1 MiB stack: the rest is for the
// native frames (C++ callbacks, the GC, deoptimization) that run past it.
constexpr std::uintptr_t kJsShareOf1024 = 984;
// Assumed when RLIMIT_STACK says unlimited: the usual default.
constexpr std::uintptr_t kUnlimitedStackBytes = std::uintptr_t{8} << 20;

std::uintptr_t g_stack_base = 0;   // an address near the top of the main stack
std::uintptr_t g_stack_bytes = 0;  // how far below it the stack may grow
std::uint32_t g_default_stack_kib = kJsShareOf1024;

std::uintptr_t CurrentFrame() {
  int here = 0;
  return reinterpret_cast<std::uintptr_t>(&here);
}

}  // namespace

void RecordStackBase() {
  g_stack_base = CurrentFrame();
  rlimit limit{};
  g_stack_bytes = kUnlimitedStackBytes;
  if (getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) g_stack_bytes = limit.rlim_cur;
  // The environment and the frames above main() take some of it already.
  g_stack_bytes -= std::min<std::uintptr_t>(g_stack_bytes, 64u << 10);
}

void NoteV8Flags(const std::vector<std::string>& v8_flags) {
  std::uint32_t kib = kJsShareOf1024;  // V8's default, 984 KiB
  // The last one wins, as in V8's own parsing.
  for (const std::string& flag : v8_flags) {
    for (std::string_view prefix : {"--stack-size=", "--stack_size="}) {
      if (flag.compare(0, prefix.size(), prefix) != 0) continue;
      unsigned long value = std::strtoul(flag.c_str() + prefix.size(), nullptr, 10);
      if (value > 0 && value <= UINT32_MAX) kib = static_cast<std::uint32_t>(value);
    }
  }
  g_default_stack_kib = kib;
}

std::uint32_t DefaultStackKib() { return g_default_stack_kib; }

void ApplyStackLimit(v8::Isolate* isolate, std::uint32_t kib) {
  if (kib == 0) return;
  std::uintptr_t here = CurrentFrame();
  std::uintptr_t wanted = std::uintptr_t{kib} << 10;
  if (g_stack_base != 0 && g_stack_base >= here) {
    std::uintptr_t used = g_stack_base - here;
    std::uintptr_t left = g_stack_bytes > used ? g_stack_bytes - used : 0;
    wanted = std::min(wanted, left);
  }
  std::uintptr_t js = wanted / 1024 * kJsShareOf1024;
  isolate->SetStackLimit(here - js);
}

}  // namespace isohost::worker
