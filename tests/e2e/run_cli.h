// Runs the real isohost CLI as a child process and captures what it prints.
#ifndef ISOHOST_TESTS_E2E_RUN_CLI_H_
#define ISOHOST_TESTS_E2E_RUN_CLI_H_

#include <sys/types.h>

#include <string>
#include <vector>

namespace isohost::testing {

struct CliResult {
  int exit_code = -1;  // 128 + signal when the CLI itself was killed
  std::string out;
  std::string err;
};

std::string BinDir();
std::string ScriptPath(const std::string& name);  // tests/e2e/scripts/NAME

// Runs `isohost ARGS...` with `input` on its stdin; blocks until it exits.
CliResult RunCli(const std::vector<std::string>& args, const std::string& input = "");

// Starts `isohost ARGS...` with its stdout on a pipe, whose read end goes to
// `*stdout_read` (the caller reads and closes it, and reaps the pid), in a
// process group of its own when `own_group`; its stderr too when
// `stderr_read` is given, or on the stdout pipe when `merge_stderr`. For tests
// that watch the host while it runs.
pid_t StartCli(const std::vector<std::string>& args, int* stdout_read, bool own_group = false,
               int* stderr_read = nullptr, bool merge_stderr = false);

// How many builtins the worker of `isohost run --stats RUN_ARGS...` compiled
// (its stats' builtins_loaded): the measure of what a worker pays for. -1,
// with a test failure, when the run failed or printed no stats.
int BuiltinsLoaded(const std::vector<std::string>& run_args);
// The same for a worker whose script is `source` (written to a temporary file).
int BuiltinsLoadedBySource(const std::string& source);

// A shell command's exit code (-1 when it did not exit) and stdout.
struct ShellResult {
  int exit_code = -1;
  std::string out;
};
ShellResult RunShell(const std::string& command);
// Whether `program` is on PATH (node, npm).
bool OnPath(const std::string& program);

// How many times `needle` occurs in `text` (overlaps included).
int CountOccurrences(const std::string& text, const std::string& needle);

// Open descriptors of this process, once the count has settled (a host
// thread holds one for a moment while it moves a worker into its cgroup),
// and child processes of this process right now.
int CountOpenFds();
int CountChildren();
// Children, their children, and so on (workers forked by a zygote included).
int CountDescendants();
// The memory this process holds, in KiB, for tests that check nothing stays
// behind: its resident set. Under ASan, whose quarantine keeps up to 256 MB
// of freed memory resident, the heap it has allocated and not freed instead,
// which the quarantine does not inflate.
long HeldMemoryKb();

}  // namespace isohost::testing

#endif  // ISOHOST_TESTS_E2E_RUN_CLI_H_
