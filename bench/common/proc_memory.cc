#include "bench/common/proc_memory.h"

#include <fstream>
#include <sstream>
#include <string>

namespace isohost::bench {
namespace {

// Reads "Name:   123 kB" lines; calls `on_field(name, kib)` for each.
template <typename OnField>
bool ReadKibFields(const std::string& file, OnField on_field) {
  std::ifstream in(file);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::istringstream rest(line.substr(colon + 1));
    std::uint64_t kib;
    std::string unit;
    if (rest >> kib >> unit && unit == "kB") on_field(line.substr(0, colon), kib);
  }
  return true;
}

}  // namespace

std::optional<ProcessMemory> ReadProcessMemory(int pid) {
  ProcessMemory memory;
  bool ok = ReadKibFields("/proc/" + std::to_string(pid) + "/smaps_rollup",
                          [&](const std::string& name, std::uint64_t kib) {
                            if (name == "Pss") memory.pss_kib = kib;
                            if (name == "Rss") memory.rss_kib = kib;
                            if (name == "Private_Clean" || name == "Private_Dirty") {
                              memory.private_kib += kib;
                            }
                          });
  if (!ok || memory.rss_kib == 0) return std::nullopt;
  return memory;
}

std::optional<std::uint64_t> ReadSelfRssKib() {
  std::optional<std::uint64_t> rss;
  ReadKibFields("/proc/self/status", [&](const std::string& name, std::uint64_t kib) {
    if (name == "VmRSS") rss = kib;
  });
  return rss;
}

}  // namespace isohost::bench
