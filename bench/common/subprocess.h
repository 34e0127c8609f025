// Runs a helper program (the Node harnesses) to completion. The benchmark
// waits for it on purpose: its own loop must be idle while Node measures, so
// that the two never compete for the CPU.
#ifndef ISOHOST_BENCH_COMMON_SUBPROCESS_H_
#define ISOHOST_BENCH_COMMON_SUBPROCESS_H_

#include <string>
#include <vector>

namespace isohost::bench {

struct ProcessResult {
  int exit_code = -1;  // 128 + N when killed by signal N
  std::string stdout_text;
};

// Runs argv[0] (searched on PATH) with its stdout captured and its stderr
// passed through. Returns false, with `error` set, if it could not start.
bool RunProcess(const std::vector<std::string>& argv, ProcessResult* result,
                std::string* error);

// A program run with its output in files, for runs whose output is read
// after they end (or kept for a look at a failure). stdin is /dev/null.
struct FileRedirectedProcess {
  std::vector<std::string> argv;       // argv[0] is a path, not searched
  std::vector<std::string> extra_env;  // NAME=value, replacing ours of that NAME
  std::string stdout_path;
  std::string stderr_path;
};

// Runs `process` to completion and returns its exit code (128 + N when killed
// by signal N), or -1 with `error` set if it could not start. The files are
// opened in the child, so that concurrent runs never inherit each other's.
int RunProcessToFiles(const FileRedirectedProcess& process, std::string* error);

// The first executable `name` on $PATH; empty if there is none.
std::string FindOnPath(const std::string& name);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_SUBPROCESS_H_
