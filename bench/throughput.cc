// bench/throughput: how fast messages and console output move between the
// host and one worker, next to Node's worker_threads with the same worker
// files. Spawn cost is kept out: echo timing starts after warm-up round
// trips, console timing at the first output that arrives.
//
// Rounds interleave isohost and Node (the order flips every round), so that
// drift of a shared machine spreads over both instead of biasing one.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>

#include "bench/common/node_harness.h"
#include "bench/common/temp_dir.h"
#include "bench/throughput_isohost.h"
#include "bench/throughput_report.h"
#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"

namespace isohost::bench {
namespace {

// Both runtimes run it from the source tree.
constexpr char kPortDriver[] = ISOHOST_BENCH_JS_DIR "/port_driver.js";

constexpr char kEchoWorker[] =
    "const { parentPort } = require('worker_threads');\n"
    "parentPort.on('message', (m) => parentPort.postMessage(m));\n";

std::string ConsoleWorker(std::uint64_t lines) {
  return "for (let i = 0; i < " + std::to_string(lines) + "; i++) console.log('line ' + i);\n";
}

struct Flags {
  int rounds = 3;
  int spawns = 20;
  std::vector<std::string> cases;  // empty: all
  int duration_ms = 2000;
  int warmup = 200;
  std::uint64_t lines = 200'000;
  bool quick = false;
  bool json = false;
  std::string node;
};

struct Case {
  const char* name;
  const char* unit;
  bool echo;             // else console lines, or a driver case
  const char* payload;   // the Node harness's name for the echo payload
  bool host_decodes;     // the isohost host decodes and re-encodes each echo
  // Measured among nested workers by bench/js/port_driver.js: round trips
  // of this many bytes between two workers, or (0) nested spawn latency.
  bool driver = false;
  std::size_t port_bytes = 0;
};

// Node's parent always deserialises and serialises; the "_decoded" rows make
// the isohost host do the same work with its V8-free codec.
constexpr Case kCases[] = {
    {"echo_small", "round_trips/s", true, "small", false},
    {"echo_small_decoded", "round_trips/s", true, "small", true},
    {"echo_64k", "round_trips/s", true, "64k", false},
    {"echo_64k_decoded", "round_trips/s", true, "64k", true},
    {"console", "lines/s", false, nullptr, false},
    {"port_16b", "round_trips/s", false, nullptr, false, true, 16},
    {"port_64k", "round_trips/s", false, nullptr, false, true, 64 * 1024},
    {"nested_spawn", "spawns/s", false, nullptr, false, true, 0},
};

// The driver's argv for a driver case.
std::vector<std::string> DriverArgs(const Case& c, const Flags& flags) {
  if (c.port_bytes == 0) return {"spawn", std::to_string(flags.spawns)};
  return {"ports", std::to_string(c.port_bytes), std::to_string(flags.warmup), std::to_string(flags.duration_ms)};
}

// One round of one case.
struct Sample {
  double rate = 0;
  double mib_per_s = 0;
  // CPU time of every process or thread of the runtime per operation, µs,
  // where the case measures it (the port rows); else negative.
  double cpu_us_per_op = -1;
};

// A driver's result as a rate: round trips per second (and MiB/s of
// payload both ways, and the CPU time each cost), or spawns per second
// from the median latency.
bool DriverRates(const Case& c, const nlohmann::json& out, Sample* sample, std::string* error) {
  if (c.port_bytes == 0) {
    double median_ms = out.value("median_ms", 0.0);
    if (median_ms <= 0) {
      *error = "the driver reported no spawn latency";
      return false;
    }
    sample->rate = 1000.0 / median_ms;
    return true;
  }
  double round_trips = out.value("round_trips", 0.0);
  sample->rate = round_trips / (out.value("elapsed_ms", 1.0) / 1000.0);
  sample->mib_per_s = sample->rate * 2.0 * static_cast<double>(c.port_bytes) / (1024.0 * 1024.0);
  if (round_trips > 0 && out.contains("cpu_us")) sample->cpu_us_per_op = out.value("cpu_us", 0.0) / round_trips;
  return true;
}

// A message the host posts, as structured-clone bytes: the number 1, or a
// 64 KiB one-byte string (the Node harness builds the same two values).
std::string EncodePayload(const Case& c) {
  clone::CloneValue value = std::string_view(c.payload) == "small"
                              ? clone::ParseJson("1").value()
                              : clone::CloneValue::String(std::string(64 * 1024, 'x'));
  std::vector<std::uint8_t> bytes = clone::Encode(value);
  return std::string(bytes.begin(), bytes.end());
}

// One round of one case, or false with `error` set.
using Measure = std::function<bool(const Case&, Sample*, std::string*)>;

struct Contender {
  std::string runtime;
  std::string strategy;
  Measure measure;
};

constexpr double kMiB = 1024.0 * 1024.0;

// Round trips per second, and the payload MiB/s that moves in both
// directions. Both runtimes use the size of the encoded message.
void EchoRates(std::uint64_t round_trips, double elapsed_ms, std::size_t payload_bytes,
               Sample* sample) {
  sample->rate = static_cast<double>(round_trips) / (elapsed_ms / 1000.0);
  sample->mib_per_s = sample->rate * 2.0 * static_cast<double>(payload_bytes) / kMiB;
}

Contender IsohostContender(const Flags& flags, const std::string& dir) {
  Measure measure = [=](const Case& c, Sample* sample, std::string* error) {
    if (c.driver) {
      std::string text;
      if (!RunDriver(kPortDriver, DriverArgs(c, flags), c.port_bytes == 0, &text, error)) return false;
      nlohmann::json out = nlohmann::json::parse(text, nullptr, false);
      if (out.is_discarded()) {
        *error = "the driver's result is not JSON: " + text;
        return false;
      }
      return DriverRates(c, out, sample, error);
    }
    if (c.echo) {
      std::string payload = EncodePayload(c);
      EchoResult r;
      if (!MeasureEcho(dir + "/echo.js", payload, c.host_decodes, flags.warmup, flags.duration_ms, &r,
                       error)) {
        return false;
      }
      EchoRates(r.round_trips, r.elapsed_ms, payload.size(), sample);
      return true;
    }
    ConsoleResult r;
    if (!MeasureConsole(dir + "/console.js", flags.lines, &r, error)) return false;
    sample->rate = static_cast<double>(r.lines) / (r.elapsed_ms / 1000.0);
    sample->mib_per_s = static_cast<double>(r.bytes) / kMiB / (r.elapsed_ms / 1000.0);
    return true;
  };
  return {"isohost", "exec", measure};
}

Contender NodeContender(const NodeHarness& node, const Flags& flags, const std::string& dir) {
  Measure measure = [=](const Case& c, Sample* sample, std::string* error) {
    nlohmann::json out;
    if (c.driver) {
      std::string args;
      for (const std::string& arg : DriverArgs(c, flags)) args += (args.empty() ? "" : " ") + arg;
      if (!node.Run({"driver", "--worker", kPortDriver, "--args", args}, &out, error)) return false;
      return DriverRates(c, out, sample, error);
    }
    if (c.echo) {
      if (!node.Run({"echo", "--worker", dir + "/echo.js", "--payload", c.payload, "--warmup",
                     std::to_string(flags.warmup), "--duration-ms",
                     std::to_string(flags.duration_ms)}, &out, error)) {
        return false;
      }
      EchoRates(out.value("round_trips", std::uint64_t{0}), out.value("elapsed_ms", 1.0),
                EncodePayload(c).size(), sample);
      return true;
    }
    if (!node.Run({"console", "--worker", dir + "/console.js", "--lines",
                   std::to_string(flags.lines)}, &out, error)) {
      return false;
    }
    double seconds = out.value("elapsed_ms", 1.0) / 1000.0;
    sample->rate = out.value("lines", 0.0) / seconds;
    sample->mib_per_s = out.value("bytes", 0.0) / kMiB / seconds;
    return true;
  };
  return {"node", "worker_threads", measure};
}

ThroughputRow* FindRow(ThroughputResults* results, const Case& c, const Contender& who) {
  for (ThroughputRow& row : results->rows) {
    if (row.case_name == c.name && row.runtime == who.runtime) return &row;
  }
  // Nested spawns come from the pool, as a Supervisor's workers do.
  std::string strategy = who.runtime == "isohost" && c.driver && c.port_bytes == 0 ? "pool" : who.strategy;
  results->rows.push_back({c.name, who.runtime, strategy, c.unit, {}, {}, {}});
  return &results->rows.back();
}

bool RunRound(const Flags& flags, const std::vector<Contender>& contenders, int round,
              ThroughputResults* results, std::string* error) {
  std::vector<const Contender*> order;
  for (const Contender& c : contenders) order.push_back(&c);
  if (round % 2 == 1) std::reverse(order.begin(), order.end());
  for (const Case& c : kCases) {
    if (!flags.cases.empty() && std::find(flags.cases.begin(), flags.cases.end(), c.name) == flags.cases.end()) {
      continue;
    }
    std::fprintf(stderr, "[round %d/%d] %-18s", round + 1, results->rounds, c.name);
    for (const Contender* who : order) {
      Sample sample;
      if (!who->measure(c, &sample, error)) {
        *error = who->runtime + " " + c.name + ": " + *error;
        return false;
      }
      ThroughputRow* row = FindRow(results, c, *who);
      row->rates.push_back(sample.rate);
      row->mib_per_s.push_back(sample.mib_per_s);
      if (sample.cpu_us_per_op >= 0) row->cpu_us_per_op.push_back(sample.cpu_us_per_op);
      std::fprintf(stderr, "  %s %.0f %s", who->runtime.c_str(), sample.rate, c.unit);
    }
    std::fprintf(stderr, "\n");
  }
  return true;
}

std::vector<std::string> Notes() {
  return {
      "echo: the host posts, the worker echoes (parentPort.on('message', m => "
      "parentPort.postMessage(m))), the host posts again on receipt. In the plain rows the "
      "isohost host posts pre-encoded structured-clone bytes and does not decode the echo (its "
      "API carries bytes); in the _decoded rows it decodes every echo into a value and encodes "
      "it again (isohost/clone_codec.h), which is what Node's parent does with every message in all "
      "rows. MiB/s counts the encoded message in both directions.",
      "port_16b, port_64k: a worker (isohost: of the host; Node: of the main thread) starts two "
      "nested workers and joins them with a MessageChannel; one echoes, the other posts a "
      "Uint8Array of 16 B or 64 KiB and posts again on each echo (bench/js/port_driver.js, the "
      "same file for both). Timed in the pinging worker after the untimed warm-up round trips. "
      "isohost: the ports' processes talk over the direct link the host gives them, and each "
      "polls briefly for the answer after it posts (--link-spin-us, default 50). CPU us/op: the "
      "CPU time (user + system) of the two workers over the timed window per round trip (Node: "
      "its whole process, every thread; isohost: the two worker processes).",
      "nested_spawn: the same worker starts nested workers one after the other, each timed from "
      "new Worker() to its first message in the parent; spawns/s is 1000 / the median latency "
      "in ms of --spawns of them. isohost: the driver and its nested workers come from the pool "
      "(2 workers, refilled from the zygote), as a Supervisor's do by default (the host spawns "
      "a nested worker as a sibling process).",
      "console: the worker console.logs every line. isohost: lines and bytes counted in the "
      "host's on_output. Node: new Worker(file, {stdout: true}), lines and bytes counted from "
      "worker.stdout in the parent (the programmatic equivalent of on_output; nothing is "
      "written to a terminal on either side). Timed from the worker coming online (isohost "
      "on_online, Node 'online': the script is about to run) to the output that completes the "
      "count, so spawn cost is out but producing the lines is in.",
  };
}

int Run(const Flags& flags) {
  std::string error;
  std::unique_ptr<TempDir> dir = TempDir::Create("isohost-throughput", &error);
  if (!dir || dir->WriteFile("echo.js", kEchoWorker, &error).empty() ||
      dir->WriteFile("console.js", ConsoleWorker(flags.lines), &error).empty()) {
    std::fprintf(stderr, "throughput: %s\n", error.c_str());
    return 1;
  }
  ThroughputResults results;
  results.rounds = flags.rounds;
  results.duration_ms = flags.duration_ms;
  results.warmup = flags.warmup;
  results.lines = flags.lines;
  results.notes = Notes();
  std::vector<Contender> contenders{IsohostContender(flags, dir->path())};
  NodeHarness node(flags.node, "throughput.js");
  if (node.available()) {
    results.node_version = node.Version();
    contenders.push_back(NodeContender(node, flags, dir->path()));
  } else {
    std::fprintf(stderr, "throughput: no node found (%s); Node rows are skipped\n",
                 flags.node.empty() ? "not on PATH" : flags.node.c_str());
  }
  for (int round = 0; round < flags.rounds; ++round) {
    if (!RunRound(flags, contenders, round, &results, &error)) {
      std::fprintf(stderr, "throughput: %s\n", error.c_str());
      return 1;
    }
  }
  results.machine.Finish();
  if (flags.json) {
    std::cout << ThroughputJson(results).dump(2) << std::endl;
  } else {
    PrintThroughputTable(results, stdout);
  }
  return 0;
}

}  // namespace
}  // namespace isohost::bench

int main(int argc, char** argv) {
  isohost::bench::Flags flags;
  CLI::App app{"Message round trips and console lines per second, isohost next to Node's "
               "worker_threads."};
  app.add_option("-r,--rounds", flags.rounds, "Interleaved rounds")->check(CLI::PositiveNumber);
  app.add_option("-d,--duration-ms", flags.duration_ms, "Timed echo duration per round")
      ->check(CLI::PositiveNumber);
  app.add_option("--warmup", flags.warmup, "Untimed echo round trips first")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--case", flags.cases, "Run only this case (repeatable)");
  app.add_option("--spawns", flags.spawns, "Nested workers started per nested_spawn round")
      ->check(CLI::PositiveNumber);
  app.add_option("--lines", flags.lines, "console.log lines the worker prints")
      ->check(CLI::PositiveNumber);
  app.add_flag("--quick", flags.quick, "Small counts, for a smoke test: -r 2 -d 300 --lines 20000");
  app.add_flag("--json", flags.json, "Print one JSON object instead of the table");
  app.add_option("--node", flags.node, "The node binary (default: node on PATH)");
  CLI11_PARSE(app, argc, argv);
  // --quick changes the defaults; values given explicitly still win.
  if (flags.quick) {
    if (app.count("--rounds") == 0) flags.rounds = 2;
    if (app.count("--duration-ms") == 0) flags.duration_ms = 300;
    if (app.count("--lines") == 0) flags.lines = 20'000;
    if (app.count("--spawns") == 0) flags.spawns = 5;
  }
  return isohost::bench::Run(flags);
}
