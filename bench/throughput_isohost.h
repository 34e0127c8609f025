// The isohost side of bench/throughput: one worker per measurement, driven
// through the host library on a loop of its own.
#ifndef ISOHOST_BENCH_THROUGHPUT_ISOHOST_H_
#define ISOHOST_BENCH_THROUGHPUT_ISOHOST_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace isohost::bench {

struct EchoResult {
  std::uint64_t round_trips = 0;
  double elapsed_ms = 0;
};

// Runs `script` (an echo worker), posts `payload` (structured-clone bytes)
// and posts it again each time the echo arrives. The first `warmup` round
// trips are not timed, so spawn and JIT warm-up stay out of the figure; then
// counts round trips for at least `duration_ms`, and terminates the worker.
// With `decode`, the host decodes every echo into a value and encodes that
// again before posting it (isohost/clone_codec.h), as Node's parent does with
// every message; without, it posts the bytes it was given.
bool MeasureEcho(const std::string& script, std::string_view payload, bool decode, int warmup,
                 int duration_ms, EchoResult* result, std::string* error);

struct ConsoleResult {
  std::uint64_t lines = 0;
  std::uint64_t bytes = 0;
  // From on_online (isolate, context and bootstrap ready; the script is about
  // to run) to the output that completes `expected_lines`. Not from the
  // first output: the worker batches its frames, so the first chunk can
  // arrive after most lines were produced, and the rate would then leave out
  // the production.
  double elapsed_ms = 0;
  double total_ms = 0;  // Spawn() -> exit
};

// Runs `script`, which prints `expected_lines` lines, and counts the stdout
// bytes and lines that reach the host until the worker has exited.
bool MeasureConsole(const std::string& script, std::uint64_t expected_lines,
                    ConsoleResult* result, std::string* error);

// Runs `script` with `argv` as a worker of the host and returns the first
// message it posts, which must be a string (bench/js/port_driver.js posts
// its result as JSON text); then terminates the worker. With `pooled`, the
// worker and its nested workers come from the pool of a launcher made for
// the run (refilled from its zygote), as a Supervisor's do; else they are
// exec'd.
bool RunDriver(const std::string& script, const std::vector<std::string>& argv, bool pooled, std::string* text,
               std::string* error);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_THROUGHPUT_ISOHOST_H_
