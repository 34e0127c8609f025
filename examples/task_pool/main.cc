// An example C++ host that hands work to JavaScript: a pool of two workers
// of primes.js counts primes for a few numbers (results as futures), one
// task throws, one is cancelled while it runs, and the pool's statistics
// are printed at the end.
#include <chrono>
#include <cstdio>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/pool.h"

namespace {

std::string ToBytes(const std::string& json) {
  auto value = isohost::clone::ParseJson(json);
  std::vector<std::uint8_t> bytes = isohost::clone::Encode(*value);
  return std::string(bytes.begin(), bytes.end());
}

std::string Show(const isohost::TaskResult& result) {
  if (!result.ok()) {
    const isohost::TaskError& error = *result.error;
    return std::string("error (") + std::string(isohost::TaskErrorKindName(error.kind)) + ") " + error.name +
           (error.name.empty() ? "" : ": ") + error.message;
  }
  auto value = isohost::clone::Decode(
      {reinterpret_cast<const std::uint8_t*>(result.value.data()), result.value.size()});
  return value ? isohost::clone::ToJsonText(*value) : value.error().message;
}

}  // namespace

int main() {
  isohost::PoolOptions options;
  options.script = EXAMPLE_SCRIPT;
  options.worker_binary = EXAMPLE_WORKER_BINARY;
  options.min_workers = options.max_workers = 2;
  // The pool runs on a thread of its own: Run() from here, wait on futures.
  isohost::Pool pool(options);

  std::vector<int> numbers{10, 1000, 100000, 1000000};
  std::vector<std::future<isohost::TaskResult>> counts;
  for (int n : numbers) counts.push_back(pool.Run(ToBytes("{\"n\":" + std::to_string(n) + "}")));
  auto invalid = pool.Run(ToBytes("{\"n\":-1}"));

  // A long task, cancelled once it runs: its AbortSignal fires in the worker.
  isohost::CancelSource cancel;
  isohost::RunOptions run;
  run.cancel = cancel.token();
  auto endless = pool.Run(ToBytes("{\"n\":1000000000}"), run);

  for (std::size_t i = 0; i < numbers.size(); ++i) {
    std::printf("primes below %d: %s\n", numbers[i], Show(counts[i].get()).c_str());
  }
  std::printf("n = -1: %s\n", Show(invalid.get()).c_str());
  while (pool.stats().running_tasks < 1) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  cancel.Cancel();
  std::printf("n = 10^9: %s\n", Show(endless.get()).c_str());

  pool.Close().wait();
  std::printf("pool: %s\n", isohost::FormatPoolStats(pool.stats()).c_str());
  return 0;
}
