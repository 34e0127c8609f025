// Runs the real isohost CLI as a child process and captures what it prints.
#ifndef ISOHOST_TESTS_E2E_RUN_CLI_H_
#define ISOHOST_TESTS_E2E_RUN_CLI_H_

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

// Open descriptors and child processes of this process right now.
int CountOpenFds();
int CountChildren();
// Children, their children, and so on (workers forked by a zygote included).
int CountDescendants();

}  // namespace isohost::testing

#endif  // ISOHOST_TESTS_E2E_RUN_CLI_H_
