#include "tests/e2e/node_output.h"

#include <gtest/gtest.h>

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

}  // namespace isohost::testing
