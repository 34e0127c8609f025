#include <sched.h>

#include <cstdio>
#include <thread>

#include "isohost/pool.h"
#include "isohost/pool_stats.h"
#include "isohost/task_result.h"

namespace isohost {

std::size_t DefaultPoolSize() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int count = CPU_COUNT(&set);
    if (count > 0) return static_cast<std::size_t>(count);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

std::string_view TaskErrorKindName(TaskErrorKind kind) {
  switch (kind) {
    case TaskErrorKind::kThrown: return "thrown";
    case TaskErrorKind::kCrashed: return "crashed";
    case TaskErrorKind::kOutOfMemory: return "out of memory";
    case TaskErrorKind::kTimeout: return "timeout";
    case TaskErrorKind::kCancelled: return "cancelled";
    case TaskErrorKind::kQueueFull: return "queue full";
    case TaskErrorKind::kClosed: return "closed";
    case TaskErrorKind::kStartupFailed: return "startup failed";
    case TaskErrorKind::kInvalid: return "invalid";
  }
  return "unknown";
}

namespace {

std::string Latency(const char* name, const LatencyStats& stats) {
  char text[160];
  std::snprintf(text, sizeof text, "%s p50 %.3f p90 %.3f p99 %.3f max %.3f ms", name, stats.p50_ms, stats.p90_ms,
                stats.p99_ms, stats.max_ms);
  return text;
}

}  // namespace

std::string FormatPoolStats(const PoolStats& stats) {
  char text[512];
  std::snprintf(text, sizeof text,
                "%llu completed, %llu failed (%llu thrown, %llu cancelled, %llu timed out, %llu refused); "
                "queue %zu, running %zu; workers %zu (%zu starting, %zu running, %zu idle); "
                "utilization %.1f%%; spawns %llu, crashes %llu, kills %llu, idle exits %llu, "
                "recycled %llu (max tasks %llu, heap %llu, age %llu)",
                static_cast<unsigned long long>(stats.completed), static_cast<unsigned long long>(stats.failed),
                static_cast<unsigned long long>(stats.thrown), static_cast<unsigned long long>(stats.cancelled),
                static_cast<unsigned long long>(stats.timed_out), static_cast<unsigned long long>(stats.refused),
                stats.queue_size, stats.running_tasks, stats.workers, stats.starting_workers, stats.running_workers,
                stats.idle_workers, stats.utilization * 100, static_cast<unsigned long long>(stats.spawns),
                static_cast<unsigned long long>(stats.crashes), static_cast<unsigned long long>(stats.kills),
                static_cast<unsigned long long>(stats.idle_exits),
                static_cast<unsigned long long>(stats.recycles.max_tasks + stats.recycles.heap +
                                                stats.recycles.max_age),
                static_cast<unsigned long long>(stats.recycles.max_tasks),
                static_cast<unsigned long long>(stats.recycles.heap),
                static_cast<unsigned long long>(stats.recycles.max_age));
  return std::string(text) + "; " + Latency("wait", stats.wait) + "; " + Latency("run", stats.run) + "; " +
         Latency("spawn", stats.spawn);
}

}  // namespace isohost
