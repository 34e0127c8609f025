// isohost: runs JavaScript workers, each in its own process.
#include <CLI/CLI.hpp>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "host/cli/node_command_line.h"
#include "host/cli/permission_flags.h"
#include "host/cli/pool_command.h"
#include "host/cli/run_command.h"

namespace {

constexpr const char* kVersion = "0.1.0";

void AddRunOptions(CLI::App* run_command, isohost::cli::RunOptions& run, std::string& log_format,
                   std::string& restart, std::string& spawn, std::vector<std::string>& node_options) {
  run_command->add_option("script", run.script, "Worker script (a CommonJS module)")
      ->required()
      ->check(CLI::ExistingFile);
  // Those after `--` are taken before CLI11 parses (main below): it would
  // split one written "[1,2]" into two.
  run_command->add_option("args", run.script_args,
                          "Arguments for the script (process.argv); after --, each is passed as written");

  run_command->add_option("-n,--workers", run.workers, "Run N workers of the script")
      ->check(CLI::Range(1u, 4096u))
      ->capture_default_str();
  run_command->add_flag("--prefix", run.prefix, "Prefix each output line with the worker's id (implied by -n > 1)");
  run_command->add_option("--log-format", log_format,
                          "Turn worker output into log records, one per line, as text or json")
      ->check(CLI::IsMember({"text", "json"}));

  run_command->add_flag("--echo", run.echo, "Post every message from a worker back to it unchanged");
  run_command->add_flag("--print-messages", run.print_messages,
                        "Print each message from a worker as a JSON line on stdout");
  // No list syntax on values that are JSON or flags: CLI11 would split
  // "[1,2]" into two values (allow_extra_args(false) turns that off).
  run_command
      ->add_option("--send", run.send,
                   "Post this JSON value to each worker after it starts (repeatable; a JSON array is one message)")
      ->allow_extra_args(false);
  run_command->add_option("--worker-data", run.worker_data, "workerData for the workers, as JSON");

  run_command->add_option("--restart", restart, "Restart policy: no, on-failure or always")
      ->check(CLI::IsMember({"no", "on-failure", "always"}))
      ->capture_default_str();
  run_command->add_option("--max-restarts", run.restart.max_restarts,
                          "Give a worker up after this many restarts within the window")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  run_command->add_option("--restart-window", run.restart.window_ms, "The window for --max-restarts, in ms")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();

  run_command->add_option("--timeout", run.timeout_s,
                          "Stop a worker that runs longer than S seconds (its JS is interrupted, then it is killed)")
      ->check(CLI::Range(0.001, 1e7));
  run_command
      ->add_option("--max-memory", run.max_memory_mb,
                   "The memory a worker may take past its start, MB: its ArrayBuffers together (past it, a\n"
                   "RangeError), and the process's data at it plus a quarter (the kernel's RLIMIT_DATA); a\n"
                   "worker past it ends with reason \"out of memory\"")
      ->check(CLI::Range(1u, 1u << 22));
  run_command->add_option("--max-old-space", run.max_old_space_mb, "Worker old-generation heap limit, MB")
      ->check(CLI::Range(1u, 1u << 20));
  run_command->add_option("--max-young-space", run.max_young_space_mb, "Worker young-generation heap limit, MB")
      ->check(CLI::Range(1u, 1u << 10));
  run_command->add_option("--max-nested-workers", run.max_nested_workers,
                          "Nested workers (new Worker() inside a worker) each worker may run at once")
      ->capture_default_str();
  run_command->add_option("--link-spin-us", run.link_spin_us,
                          "After a post between two workers' MessagePorts, how long the poster polls for the "
                          "answer before it sleeps, microseconds (0: never)")
      ->check(CLI::Range(0u, 1000000u))
      ->capture_default_str();
  run_command->add_option("--max-message-bytes", run.max_message_bytes, "Largest message either side may send")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30))
      ->capture_default_str();
  run_command->add_option("--v8-flag", run.v8_flags, "Pass a flag to the workers' V8 (repeatable)")
      ->allow_extra_args(false);
  // Checked here, applied after parsing (in their order, after --max-old-space).
  CLI::Validator node_option(
      [](std::string& option) {
        isohost::cli::RunOptions scratch;
        std::string error;
        return isohost::cli::ApplyNodeOption(option, &scratch, &error) ? std::string() : error;
      },
      "NODE-OPTION");
  run_command
      ->add_option("--node-option", node_options,
                   "A Node option for the workers, written --node-option=--pending-deprecation (repeatable):\n"
                   "any NODE-OPTION of `isohost [NODE-OPTIONS] FILE` (see isohost --help), such as\n"
                   "--pending-deprecation, --zero-fill-buffers, --experimental-vm-modules,\n"
                   "--no-experimental-require-module, --no-warnings or --expose-gc. It takes effect as under\n"
                   "Node and is in the workers' process.execArgv")
      ->allow_extra_args(false)
      ->check(node_option);
  run_command->add_flag_callback(
      "--expose-internals", [&run] { run.exec_argv.emplace_back("--expose-internals"); },
      "Let the script require the runtime's own internal/* modules, as Node's --expose-internals\n"
      "does (process.execArgv holds it)");
  run_command->add_option("--spawn", spawn,
                          "How workers are started: exec (a fresh process), zygote (a fork of a process with V8\n"
                          "initialised), pool (started ahead of demand), or auto (exec for a single worker that\n"
                          "is not restarted, else pool; the workers a worker starts come from the pool once its\n"
                          "zygote has started in the background)")
      ->check(CLI::IsMember({"auto", "exec", "zygote", "pool"}))
      ->capture_default_str();
  run_command->add_option("--pool", run.pool_size, "Workers kept ready for --spawn pool")
      ->check(CLI::Range(std::size_t{1}, std::size_t{256}))
      ->capture_default_str();
  run_command->add_flag("--stats", run.stats,
                        "Print each worker's event-loop counters as JSON on stderr when it exits");
  run_command
      ->add_option_function<std::string>(
          "--compile-cache", [&run](const std::string& dir) { run.compile_cache_dir = dir; },
          "Keep V8 code caches of the script's modules in DIR, shared by the workers and later runs (default: "
          "$NODE_COMPILE_CACHE, else $XDG_CACHE_HOME/isohost, else ~/.cache/isohost)")
      ->type_name("DIR");
  run_command->add_flag_callback(
      "--no-compile-cache", [&run] { run.compile_cache_dir = std::string(); },
      "Compile every module from its source; read and write no compile cache");
  run_command
      ->add_option("--compile-cache-max-bytes", run.compile_cache_max_bytes,
                   "The most the compile cache directory may hold; past it the oldest cache files go (default: 256 MiB)")
      ->type_name("BYTES");
}

void AddPoolOptions(CLI::App* pool_command, isohost::cli::PoolCommandOptions& pool, std::string& spawn) {
  pool_command->add_option("script", pool.script, "Task script: module.exports (or export default) is the task function")
      ->required()
      ->check(CLI::ExistingFile);
  pool_command->add_option("--input", pool.input, "Read the tasks from FILE, one JSON value per line (default: stdin)")
      ->check(CLI::ExistingFile);
  pool_command->add_option("-n,--workers", pool.workers, "Workers (default: the number of CPUs)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{4096}))
      ->capture_default_str();
  pool_command->add_option("--concurrency", pool.concurrency, "Tasks a worker runs at once")
      ->check(CLI::Range(std::size_t{1}, std::size_t{4096}))
      ->capture_default_str();
  pool_command->add_option("--max-queue", pool.max_queue, "Tasks read ahead of the workers")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30))
      ->capture_default_str();
  pool_command->add_flag("--unordered", pool.unordered, "Print results as they come, not in input order");
  pool_command->add_option("--timeout", pool.timeout_s,
                           "Fail a task that runs longer than S seconds (its AbortSignal fires; a worker that\n"
                           "does not settle it within a second is killed and replaced)")
      ->check(CLI::Range(0.001, 1e7));
  pool_command->add_option("--max-tasks-per-worker", pool.max_tasks_per_worker,
                           "Replace a worker after it ran N tasks")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 62));
  pool_command->add_option("--max-heap-after-task", pool.max_heap_after_task_mb,
                           "Replace a worker whose V8 heap in use after a task is above MB")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 20));
  pool_command->add_option("--max-age", pool.max_age_s, "Replace a worker older than S seconds, between tasks")
      ->check(CLI::Range(0.001, 1e7));
  pool_command->add_option("--max-memory", pool.max_memory_mb, "The memory a worker may take past its start, MB (see run)")
      ->check(CLI::Range(1u, 1u << 22));
  pool_command->add_option("--max-old-space", pool.max_old_space_mb, "Worker old-generation heap limit, MB")
      ->check(CLI::Range(1u, 1u << 20));
  pool_command->add_option("--max-message-bytes", pool.max_message_bytes,
                           "Largest task or result; a longer input line is refused without being parsed")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 30))
      ->capture_default_str();
  pool_command->add_option("--spawn", spawn, "How workers are started: auto, exec, zygote or pool (see run)")
      ->check(CLI::IsMember({"auto", "exec", "zygote", "pool"}))
      ->capture_default_str();
  pool_command->add_flag("-q,--quiet", pool.quiet, "No progress line and no summary on stderr");
  pool_command
      ->add_option_function<std::string>(
          "--compile-cache", [&pool](const std::string& dir) { pool.compile_cache_dir = dir; },
          "Keep V8 code caches of the script's modules in DIR (see run)")
      ->type_name("DIR");
  pool_command->add_flag_callback(
      "--no-compile-cache", [&pool] { pool.compile_cache_dir = std::string(); },
      "Compile every module from its source; read and write no compile cache");
}

// Each worker holds six descriptors in the host (its socket, two pipes for
// frames and a spare read end, its stdout and stderr), so the usual soft
// limit of 1024 would stop `-n` at about 160. The hard limit is ours to take.
void RaiseDescriptorLimit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
  }
}

// Node's command line: one worker, output passed through, its exit code ours.
int RunNodeCommandLine(int argc, char** argv) {
  isohost::cli::RunOptions run;
  std::string error;
  if (!isohost::cli::ParseNodeCommandLine(argc, argv, &run, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return isohost::cli::kBadOptionExitCode;
  }
  run.argv0 = argv[0];
  run.die_of_stop_signal = true;
  return isohost::cli::RunCommand(run);
}

}  // namespace

int main(int argc, char** argv) {
  RaiseDescriptorLimit();
  // Bare `isohost` at a terminal gets the usage below; from a pipe it runs
  // the script it reads, as `node` does.
  bool bare_at_terminal = argc == 1 && ::isatty(STDIN_FILENO) != 0;
  if (!bare_at_terminal && (argc == 1 || isohost::cli::IsNodeCommandLine(argv[1]))) {
    return RunNodeCommandLine(argc, argv);
  }
  CLI::App app{
      "isohost: runs JavaScript workers as child processes, each one V8 isolate on a libuv\n"
      "event loop. A crash, an out-of-memory or a runaway loop in a worker cannot take the\n"
      "host down.\n\n"
      "Node's command line works too, for one worker whose exit code is isohost's:\n"
      "  isohost [NODE-OPTIONS] FILE [ARGS...]     as `isohost run FILE -- ARGS...`\n"
      "  isohost [NODE-OPTIONS] -e|--eval CODE [ARGS...]\n"
      "  isohost [NODE-OPTIONS] -p|--print CODE [ARGS...]   prints the completion value\n"
      "  isohost [NODE-OPTIONS] - [ARGS...]        the script from stdin (also with no FILE\n"
      "                                            when stdin is not a terminal)\n"
      "NODE-OPTIONS: --expose-gc, --allow-natives-syntax, --stack-size=N, --harmony* (V8 flags of\n"
      "the worker), --max-old-space-size=MB, --no-warnings, --no-deprecation, --throw-deprecation,\n"
      "--pending-deprecation, --trace-deprecation, --trace-warnings, --zero-fill-buffers,\n"
      "--experimental-vm-modules, --[no-]experimental-require-module, --expose-internals, and the\n"
      "module options --import M, -r/--require M, -C/--conditions C, --input-type=module|commonjs,\n"
      "--preserve-symlinks[-main], --[no-]experimental-detect-module, --trace-require-module=all|\n"
      "no-node-modules, -c/--check, --abort-on-uncaught-exception, --title=TITLE, --trace-exit,\n"
      "--disable-warning=CODE_OR_TYPE;\n"
      "NODE_OPTIONS is read first\n"
      "--experimental-loader|--loader URL (module customization hooks),\n"
      "--permission (--experimental-permission), --allow-fs-read=PATHS, --allow-fs-write=PATHS,\n"
      "--allow-child-process, --allow-worker (Node's permission model, enforced by the kernel too)\n"
      "(process.execArgv holds them; `isohost run --node-option=OPTION` gives them to the workers of `run`).\n"
      "Any other option exits with status 9. A subcommand name comes first: a script named\n"
      "`run` is given as ./run. process.execPath in a worker is this CLI, so a script that spawns\n"
      "it runs JavaScript.",
      "isohost"};
  app.set_version_flag("-v,--version", std::string("isohost ") + kVersion);
  app.require_subcommand(1);

  isohost::cli::RunOptions run;
  std::string log_format;
  std::string restart = "no";
  std::string spawn = "auto";
  CLI::App* run_command = app.add_subcommand(
      "run",
      "Run SCRIPT in one worker (or -n N). Output passes through (prefixed with the worker's\n"
      "id when there are several); the exit status is the worker's exit code, the first\n"
      "non-zero one of several, or 128 + N for a worker killed by signal N. SIGINT or SIGTERM\n"
      "stops the workers and flushes their output; a second SIGINT kills them.");
  std::vector<std::string> node_options;
  AddRunOptions(run_command, run, log_format, restart, spawn, node_options);
  isohost::cli::PermissionFlags permission_flags;
  isohost::cli::AddPermissionOptions(run_command, permission_flags, &run.cpu_time_s);

  isohost::cli::PoolCommandOptions pool;
  std::string pool_spawn = "auto";
  CLI::App* pool_command = app.add_subcommand(
      "pool",
      "Run tasks through a pool of workers of SCRIPT, whose export is called on each task:\n"
      "(task, { signal, taskId }) => result, or a promise of it. Each line of input is a task\n"
      "(JSON); each prints one JSON line on stdout, {\"index\":N,\"result\":VALUE} or\n"
      "{\"index\":N,\"error\":{\"reason\":...,\"message\":...}}, in input order unless\n"
      "--unordered. Worker output goes to stderr, with a progress line at a terminal and a\n"
      "summary at the end. Exit status 0 when every task succeeded, else 1.");
  AddPoolOptions(pool_command, pool, pool_spawn);
  isohost::cli::PermissionFlags pool_permission_flags;
  isohost::cli::AddPermissionOptions(pool_command, pool_permission_flags);

  // `run ... -- ARGS`: the script's arguments, passed as written, never
  // parsed as options or lists.
  int parsed_argc = argc;
  std::vector<std::string> verbatim_args;
  if (argc > 1 && std::string_view(argv[1]) == "run") {
    for (int i = 2; i < argc; ++i) {
      if (std::string_view(argv[i]) != "--") continue;
      verbatim_args.assign(argv + i + 1, argv + argc);
      parsed_argc = i;
      break;
    }
  }
  CLI11_PARSE(app, parsed_argc, argv);
  run.script_args.insert(run.script_args.end(), verbatim_args.begin(), verbatim_args.end());
  for (const std::string& option : node_options) {
    std::string error;
    if (!isohost::cli::ApplyNodeOption(option, &run, &error)) return isohost::cli::kBadOptionExitCode;
  }
  if (!log_format.empty()) {
    run.log = true;
    run.log_format = log_format == "json" ? isohost::LogFormat::kJson : isohost::LogFormat::kText;
  }
  static const std::map<std::string, isohost::RestartPolicy> kPolicies = {
      {"no", isohost::RestartPolicy::kNo},
      {"on-failure", isohost::RestartPolicy::kOnFailure},
      {"always", isohost::RestartPolicy::kAlways}};
  run.restart.policy = kPolicies.at(restart);
  static const std::map<std::string, isohost::SpawnStrategy> kStrategies = {
      {"auto", isohost::SpawnStrategy::kDefault},
      {"exec", isohost::SpawnStrategy::kExec},
      {"zygote", isohost::SpawnStrategy::kZygote},
      {"pool", isohost::SpawnStrategy::kPool}};
  run.spawn = kStrategies.at(spawn);
  isohost::cli::ApplyPermissionFlags(permission_flags, *run_command, &run.permissions);
  run.argv0 = argv[0];
  if (app.got_subcommand(run_command)) return isohost::cli::RunCommand(run);
  pool.spawn = kStrategies.at(pool_spawn);
  isohost::cli::ApplyPermissionFlags(pool_permission_flags, *pool_command, &pool.permissions);
  if (app.got_subcommand(pool_command)) return isohost::cli::PoolCommand(pool);
  return 2;
}
