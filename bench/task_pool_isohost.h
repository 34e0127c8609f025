// The isohost side of bench/task_pool: tasks through isohost::Pool on a
// Supervisor's loop (its zygote and warm workers kept for the whole run, as
// a long-lived host keeps them), fed and timed as the piscina harness
// (bench/node/task_pool.js) feeds and times its own.
#ifndef ISOHOST_BENCH_TASK_POOL_ISOHOST_H_
#define ISOHOST_BENCH_TASK_POOL_ISOHOST_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace isohost {
class Supervisor;
}

namespace isohost::bench {

struct ThroughputSpec {
  std::string script;
  std::size_t workers = 1;
  int tasks = 1000;
  int window = 8;   // unsettled tasks at a time
  int warmup = 100;
  std::size_t payload_bytes = 0;  // a Uint8Array of this size as every task; 0: the task's index
};

struct ThroughputResult {
  double tasks_per_s = 0;
  std::uint64_t failed = 0;
  std::vector<double> latencies_ms;  // Run() -> callback, per task
};

// One supervisor for every measurement of a run.
class IsohostTaskPools {
 public:
  explicit IsohostTaskPools(const std::string& worker_binary);
  ~IsohostTaskPools();

  // A new pool of spec.workers workers, `warmup` untimed tasks, then
  // `tasks` timed ones; the pool is closed after.
  bool Throughput(const ThroughputSpec& spec, ThroughputResult* result, std::string* error);
  // `samples` times: a new pool of one worker -> its first result; the
  // supervisor's zygote and warm workers are up before each.
  bool ColdStart(const std::string& script, int samples, std::vector<double>* samples_ms, std::string* error);
  // The same from nothing: a pool of its own thread, which starts its own
  // zygote, as the first pool of a new host process does.
  bool ColdStartWithNewZygote(const std::string& script, int samples, std::vector<double>* samples_ms,
                              std::string* error);

 private:
  // Runs the loop for `ms`, so that the supervisor's warm workers refill.
  void Settle(int ms);

  std::string worker_binary_;
  std::unique_ptr<Supervisor> supervisor_;
};

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_TASK_POOL_ISOHOST_H_
