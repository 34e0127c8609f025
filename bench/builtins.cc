// bench/builtins: the speed of built-in modules (Buffer, encodings, ...) in
// a worker, next to Node's on the same machine. Every row is a JavaScript
// snippet (bench/builtins_rows.h); both runtimes run one generated file that
// times each snippet in a loop and prints ns per call as JSON.
//
// Rounds interleave isohost and Node (the order flips every round), so that
// drift of a shared machine spreads over both instead of biasing one.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/builtins_isohost.h"
#include "bench/builtins_report.h"
#include "bench/builtins_rows.h"
#include "bench/common/node_harness.h"
#include "bench/common/temp_dir.h"

namespace isohost::bench {
namespace {

struct Flags {
  int rounds = 5;
  int samples = 5;
  int sample_ms = 40;
  int warmup_ms = 100;
  std::vector<std::string> filters;
  bool quick = false;
  bool json = false;
  std::string node;
  bool sandbox = false;
};

// --sandbox: nothing but the temporary directory the fs rows use (and the
// measuring file), read and written; no processes, no sockets.
std::optional<Permissions> WorkerPermissions(const Flags& flags) {
  if (!flags.sandbox) return std::nullopt;
  Permissions permissions = Permissions::Sandbox();
  std::string temp = std::filesystem::temp_directory_path().string();
  permissions.fs_read.push_back(temp);
  permissions.fs_write.push_back(temp);
  permissions.env = EnvAccess::kList;
  permissions.env_names = {"TMPDIR"};  // os.tmpdir()
  return permissions;
}

// Times each row: a warm-up of at least `warmupMs` that also sizes a batch
// to take about `sampleMs`, then `samples` such batches; the median batch
// gives ns per call. A row that throws reports its error and the rest go on.
//
// An asynchronous row (its `make` gives { op, before }) is timed one awaited
// call at a time, and `before()` runs untimed ahead of each call: its calls
// take milliseconds, so one warm-up call may already fill `warmupMs`.
constexpr char kMeasure[] = R"js(
let sink;
const nowNs = () => process.hrtime.bigint();
function measure(fn) {
  let calls = 0;
  const warmupEnd = nowNs() + BigInt(WARMUP_MS) * 1000000n;
  const warmupStart = nowNs();
  while (calls < 3 || nowNs() < warmupEnd) {
    sink = fn();
    calls++;
  }
  const perCall = Number(nowNs() - warmupStart) / calls;
  const batch = Math.max(1, Math.round((SAMPLE_MS * 1e6) / perCall));
  const samples = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = nowNs();
    for (let i = 0; i < batch; i++) sink = fn();
    samples.push(Number(nowNs() - start) / batch);
  }
  samples.sort((a, b) => a - b);
  return { ns_per_op: samples[samples.length >> 1], batch };
}
async function timedCalls({ op, before }, count) {
  let total = 0n;
  for (let i = 0; i < count; i++) {
    if (before) await before();
    const start = nowNs();
    sink = await op();
    total += nowNs() - start;
  }
  return Number(total);
}
async function measureAsync(row) {
  let calls = 0;
  let spent = 0;
  while (calls < 1 || spent < WARMUP_MS * 1e6) {
    spent += await timedCalls(row, 1);
    calls++;
  }
  const batch = Math.max(1, Math.round((SAMPLE_MS * 1e6) / (spent / calls)));
  const samples = [];
  for (let s = 0; s < SAMPLES; s++) samples.push((await timedCalls(row, batch)) / batch);
  samples.sort((a, b) => a - b);
  return { ns_per_op: samples[samples.length >> 1], batch };
}
(async () => {
  const results = [];
  for (const row of rows) {
    try {
      const made = row.make();
      const timed = typeof made === 'function' ? measure(made) : await measureAsync(made);
      results.push({ name: row.name, ...timed });
    } catch (err) {
      results.push({ name: row.name, error: String(err && err.message) });
    }
  }
  if (sink === 'never') console.log(sink);
  console.log(JSON.stringify({ rows: results }));
})();
)js";

std::string ReplaceAll(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

std::vector<const BuiltinRow*> SelectedRows(const Flags& flags) {
  std::vector<const BuiltinRow*> rows;
  for (const BuiltinRow& row : kBuiltinRows) {
    bool wanted = flags.filters.empty();
    for (const std::string& filter : flags.filters) wanted = wanted || std::string(row.name).find(filter) != std::string::npos;
    if (wanted) rows.push_back(&row);
  }
  return rows;
}

// The file both runtimes run: the prelude, one closure per row, the loop.
std::string MeasuringScript(const Flags& flags, const std::vector<const BuiltinRow*>& rows) {
  std::string script = "'use strict';\n";
  script += kBuiltinsPrelude;
  script += kRealWorldUrls;
  script += "const rows = [];\n";
  for (const BuiltinRow* row : rows) {
    std::string timed = row->async ? std::string("{ op: () => (") + row->op + "), before: " +
                                         (row->before != nullptr ? std::string("async () => { ") + row->before + " }"
                                                                 : std::string("undefined")) +
                                         " }"
                                   : std::string("() => (") + row->op + ")";
    script += "rows.push({ name: " + nlohmann::json(row->name).dump() + ", make: () => {\n  " + row->setup +
              "\n  return " + timed + ";\n} });\n";
  }
  std::string measure = ReplaceAll(kMeasure, "WARMUP_MS", std::to_string(flags.warmup_ms));
  measure = ReplaceAll(measure, "SAMPLE_MS", std::to_string(flags.sample_ms));
  script += ReplaceAll(measure, "SAMPLES", std::to_string(flags.samples));
  return script;
}

// The last line of a run's output as the JSON the script prints.
bool ParseRun(const std::string& output, nlohmann::json* out, std::string* error) {
  std::size_t end = output.find_last_not_of("\r\n \t");
  if (end == std::string::npos) {
    *error = "no output";
    return false;
  }
  std::size_t start = output.rfind('\n', end);
  start = start == std::string::npos ? 0 : start + 1;
  *out = nlohmann::json::parse(output.substr(start, end + 1 - start), nullptr, false);
  if (out->is_discarded() || !out->contains("rows")) {
    *error = "no JSON in the output: " + output.substr(start, 200);
    return false;
  }
  return true;
}

void Record(const nlohmann::json& run, bool is_node, BuiltinsResults* results) {
  for (const nlohmann::json& row : run["rows"]) {
    std::string name = row.value("name", "");
    for (BuiltinsRowResult& result : results->rows) {
      if (result.name != name) continue;
      BuiltinTimes& times = is_node ? result.node : result.isohost;
      if (row.contains("error")) times.error = row["error"].get<std::string>();
      else times.ns_per_op.push_back(row.value("ns_per_op", 0.0));
    }
  }
}

int Run(const Flags& flags) {
  std::vector<const BuiltinRow*> rows = SelectedRows(flags);
  if (rows.empty()) {
    std::fprintf(stderr, "builtins: no row matches the filters\n");
    return 1;
  }
  std::string error;
  std::unique_ptr<TempDir> dir = TempDir::Create("isohost-builtins", &error);
  std::string script;
  if (dir) script = dir->WriteFile("measure.js", MeasuringScript(flags, rows), &error);
  if (script.empty()) {
    std::fprintf(stderr, "builtins: %s\n", error.c_str());
    return 1;
  }
  BuiltinsResults results;
  results.rounds = flags.rounds;
  results.samples = flags.samples;
  results.sample_ms = flags.sample_ms;
  for (const BuiltinRow* row : rows) results.rows.push_back({row->name, {}, {}});
  NodeHarness node(flags.node, "builtins.js");
  if (node.available()) {
    results.node_version = node.Version();
  } else {
    std::fprintf(stderr, "builtins: no node found (%s); Node columns are empty\n",
                 flags.node.empty() ? "not on PATH" : flags.node.c_str());
  }
  // Generous: a run measures every row for about (warm-up + samples) each,
  // and an asynchronous call may take seconds (64 MiB through gzip).
  std::uint64_t timeout_ms = 60'000;
  for (const BuiltinRow* row : rows) {
    timeout_ms += static_cast<std::uint64_t>(flags.warmup_ms + 4 * flags.samples * flags.sample_ms) +
                  (row->async ? 60'000 : 0);
  }
  for (int round = 0; round < flags.rounds; ++round) {
    bool node_first = round % 2 == 1;
    for (int turn = 0; turn < 2; ++turn) {
      bool is_node = (turn == 0) == node_first;
      if (is_node && !node.available()) continue;
      std::fprintf(stderr, "[round %d/%d] %s\n", round + 1, flags.rounds, is_node ? "node" : "isohost");
      nlohmann::json run;
      bool ok = false;
      if (is_node) {
        ok = node.Run({"run", "--worker", script}, &run, &error);
      } else {
        std::string output;
        ok = RunWorkerScript(script, timeout_ms, &output, &error, WorkerPermissions(flags)) && ParseRun(output, &run, &error);
      }
      if (!ok) {
        std::fprintf(stderr, "builtins: %s: %s\n", is_node ? "node" : "isohost", error.c_str());
        return 1;
      }
      Record(run, is_node, &results);
    }
  }
  results.machine.Finish();
  if (flags.json) {
    std::cout << BuiltinsJson(results).dump(2) << std::endl;
  } else {
    PrintBuiltinsTable(results, stdout);
  }
  return 0;
}

}  // namespace
}  // namespace isohost::bench

int main(int argc, char** argv) {
  isohost::bench::Flags flags;
  CLI::App app{"Built-in modules (Buffer, encodings, ...): time per call in a worker, isohost next to Node."};
  app.add_option("-r,--rounds", flags.rounds, "Interleaved rounds (one process per runtime each)")
      ->check(CLI::PositiveNumber);
  app.add_option("--samples", flags.samples, "Timed batches per row and round")->check(CLI::PositiveNumber);
  app.add_option("--sample-ms", flags.sample_ms, "Target length of a batch")->check(CLI::PositiveNumber);
  app.add_option("--warmup-ms", flags.warmup_ms, "Untimed calls first, per row")->check(CLI::NonNegativeNumber);
  app.add_option("--filter", flags.filters, "Only rows whose name contains this (repeatable: any of them)");
  app.add_flag("--quick", flags.quick, "Small counts, for a smoke test: -r 1 --samples 3 --sample-ms 10 --warmup-ms 20");
  app.add_flag("--json", flags.json, "Print one JSON object instead of the table");
  app.add_flag("--sandbox", flags.sandbox,
               "Run the isohost worker sandboxed (docs/sandbox.md), with the temporary directory its rows\n"
               "use granted: what the permission checks and the kernel's sandbox cost each call");
  app.add_option("--node", flags.node, "The node binary (default: node on PATH)");
  CLI11_PARSE(app, argc, argv);
  // --quick changes the defaults; values given explicitly still win.
  if (flags.quick) {
    if (app.count("--rounds") == 0) flags.rounds = 1;
    if (app.count("--samples") == 0) flags.samples = 3;
    if (app.count("--sample-ms") == 0) flags.sample_ms = 10;
    if (app.count("--warmup-ms") == 0) flags.warmup_ms = 20;
  }
  return isohost::bench::Run(flags);
}
