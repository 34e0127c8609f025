// isohost-worker: one JavaScript worker process, started by the host with
// the channel on fd 3 (everything it runs arrives over that channel), or,
// with --zygote, the fork server that starts such workers.
#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "worker/runtime/parent_death.h"
#include "worker/runtime/runtime.h"
#include "worker/runtime/stack_limit.h"
#include "worker/runtime/zygote.h"

namespace {

bool ParseNumber(std::string_view arg, std::string_view prefix, std::uint32_t* out) {
  if (arg.substr(0, prefix.size()) != prefix) return false;
  *out = static_cast<std::uint32_t>(std::strtoul(std::string(arg.substr(prefix.size())).c_str(), nullptr, 10));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  isohost::worker::RecordStackBase();
  std::vector<std::string> v8_flags;
  isohost::worker::HeapLimits limits;
  bool zygote = false;
  std::uint32_t parent_pid = 0;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--help") {
      std::puts(
          "usage: isohost-worker [--zygote] [--parent-pid=N] [--max-old-space-mb=N] [--max-young-space-mb=N]\n"
          "                      [--code-range-mb=N] [V8 flags]\n"
          "Runs one Isohost worker on the channel at fd 3, or with --zygote a fork server\n"
          "for workers; with --parent-pid, dies with its parent N. Started by the isohost\n"
          "host; not meant to be run by hand.");
      return 0;
    }
    if (arg == "--zygote") {
      zygote = true;
    } else if (!ParseNumber(arg, "--parent-pid=", &parent_pid) &&
               !ParseNumber(arg, "--max-old-space-mb=", &limits.max_old_space_mb) &&
               !ParseNumber(arg, "--max-young-space-mb=", &limits.max_young_space_mb) &&
               !ParseNumber(arg, "--code-range-mb=", &limits.code_range_mb)) {
      v8_flags.emplace_back(arg);
    }
  }
  // Buffers of a MiB or so (a file read whole, a large Buffer.from) come
  // from malloc through V8's ArrayBuffer allocator and go back in bursts,
  // when a scavenge finds them dead. By default glibc then gives the top of
  // its heap back to the kernel, so the next buffers are fresh pages, each a
  // fault (readFileSync of 1 MiB in a loop: 250 faults a call, 3-7 times
  // the time). Keeping 64 MiB of slack at the top reuses warm memory; pages
  // never touched cost nothing, so an idle worker's memory is unchanged.
  // The zygote sets it before it forks, for its workers too.
  mallopt(M_TOP_PAD, 64 << 20);
  // The host is gone already: nobody would ever read what this process does.
  if (parent_pid != 0 && !isohost::worker::DieWithParent(static_cast<pid_t>(parent_pid))) return 1;
  if (zygote) {
    // The host binds the zygote's symbols at load time (host/launch/zygote.cc); its
    // workers and what they start get lazy binding as usual.
    unsetenv("LD_BIND_NOW");
    return isohost::worker::RunZygote(v8_flags);
  }
  return isohost::worker::RunWorker(v8_flags, limits);
}
