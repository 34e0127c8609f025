#include "tests/e2e/node_output.h"

#include <gtest/gtest.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string FirstDifference(const std::string& node, const std::string& isohost) {
  std::istringstream want(node);
  std::istringstream got(isohost);
  std::string a;
  std::string b;
  for (int line = 1;; ++line) {
    bool more_a = static_cast<bool>(std::getline(want, a));
    bool more_b = static_cast<bool>(std::getline(got, b));
    if (!more_a && !more_b) return "outputs differ only in their last newline";
    if (!more_a || !more_b || a != b) {
      return "line " + std::to_string(line) + ":\n  node:    " + (more_a ? a : "<end>") +
             "\n  isohost: " + (more_b ? b : "<end>");
    }
  }
}

void ExpectSameOutputAsNode(const std::string& name, const std::vector<std::string>& run_options) {
  const std::string expected = ReadFile(ScriptPath(name + ".out"));
  ASSERT_FALSE(expected.empty()) << "no recorded output " << ScriptPath(name + ".out");
  std::vector<std::string> args = {"run"};
  args.insert(args.end(), run_options.begin(), run_options.end());
  args.push_back(ScriptPath(name + ".js"));
  CliResult result = RunCli(args);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out == expected) << FirstDifference(expected, result.out) << "\nstderr: " << result.err;
}

namespace {

constexpr const char* kNode = "/usr/bin/node";

// Node's stdout and exit code for `script` run in a Worker.
CliResult RunInNodeWorker(const std::string& script) {
  std::string command = std::string(kNode) + " '" + ScriptPath("lib/node_worker.js") + "' '" +
                        ScriptPath(script) + "' 2>/dev/null";
  CliResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[65536];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
  int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace

void ExpectSameAsNodeWorker(const std::string& script) {
  if (access(kNode, X_OK) != 0) GTEST_SKIP() << "no " << kNode << " to compare with";
  CliResult node = RunInNodeWorker(script);
  ASSERT_FALSE(node.out.empty()) << "node printed nothing for " << script;
  CliResult isohost = RunCli({"run", ScriptPath(script)});
  EXPECT_EQ(isohost.exit_code, node.exit_code) << isohost.err;
  EXPECT_EQ(isohost.out, node.out) << isohost.err;
}

}  // namespace isohost::testing
