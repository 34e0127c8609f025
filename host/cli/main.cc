// isohost: runs JavaScript workers, each in its own process.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "host/cli/run_command.h"

namespace {
constexpr const char* kVersion = "0.1.0";
}

int main(int argc, char** argv) {
  CLI::App app{
      "isohost: runs JavaScript workers as child processes, each one V8 isolate on a libuv\n"
      "event loop. A crash, an out-of-memory or a runaway loop in a worker cannot take the\n"
      "host down.",
      "isohost"};
  app.set_version_flag("--version", std::string("isohost ") + kVersion);
  app.require_subcommand(1);

  isohost::cli::RunOptions run;
  CLI::App* run_command = app.add_subcommand(
      "run",
      "Run SCRIPT in one worker. Its stdout/stderr pass through; the exit status is the\n"
      "worker's exit code (128 + N if killed by signal N).");
  run_command->add_option("script", run.script, "Worker script (a CommonJS module)")
      ->required()
      ->check(CLI::ExistingFile);
  run_command->add_option("args", run.script_args, "Arguments for the script (process.argv), after --");
  run_command->add_flag("--echo", run.echo, "Post every message from the worker back to it unchanged");
  run_command->add_flag("--print-messages", run.print_messages,
                        "Print each message from the worker as a JSON line on stdout");
  run_command->add_option("--send", run.send, "Post this JSON value to the worker after it starts (repeatable)");
  run_command->add_option("--worker-data", run.worker_data, "workerData for the worker, as JSON");
  run_command->add_flag("--stats", run.stats,
                        "Print the worker's event-loop counters as JSON on stderr when it exits");
  run_command->add_option("--v8-flag", run.v8_flags, "Pass a flag to the worker's V8 (repeatable)");
  run_command->add_option("--max-message-bytes", run.max_message_bytes,
                          "Largest message either side may send")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30))
      ->capture_default_str();
  run_command->add_option("--max-old-space", run.max_old_space_mb, "Worker old-generation heap limit, MB")
      ->check(CLI::Range(1u, 1u << 20));
  run_command->add_option("--max-young-space", run.max_young_space_mb, "Worker semi-space size, MB")
      ->check(CLI::Range(1u, 1u << 10));

  CLI11_PARSE(app, argc, argv);
  if (app.got_subcommand(run_command)) return isohost::cli::RunCommand(run);
  return 2;
}
