#include "bench/common/node_harness.h"

#include <unistd.h>

#include <cstdlib>

#include "bench/common/subprocess.h"

namespace isohost::bench {
namespace {

// $ISOHOST_BENCH_NODE_DIR lets an installed or copied binary find the
// harnesses; by default they are read from the source tree.
std::string HarnessDir() {
  if (const char* dir = std::getenv("ISOHOST_BENCH_NODE_DIR"); dir != nullptr && *dir != '\0') {
    return dir;
  }
  return ISOHOST_BENCH_NODE_DIR;
}

std::string LastNonEmptyLine(const std::string& text) {
  std::size_t end = text.find_last_not_of("\r\n \t");
  if (end == std::string::npos) return {};
  std::size_t newline = text.rfind('\n', end);
  std::size_t start = newline == std::string::npos ? 0 : newline + 1;
  return text.substr(start, end + 1 - start);
}

}  // namespace

NodeHarness::NodeHarness(const std::string& node_flag, std::string script_name)
    : script_(HarnessDir() + "/" + script_name) {
  if (!node_flag.empty()) {
    node_ = node_flag.find('/') == std::string::npos ? FindOnPath(node_flag) : node_flag;
    if (!node_.empty() && ::access(node_.c_str(), X_OK) != 0) node_.clear();
  } else {
    node_ = FindOnPath("node");
  }
}

std::string NodeHarness::Version() const {
  ProcessResult result;
  std::string error;
  if (!available() || !RunProcess({node_, "--version"}, &result, &error)) return {};
  return LastNonEmptyLine(result.stdout_text);
}

bool NodeHarness::Run(const std::vector<std::string>& args, nlohmann::json* out,
                      std::string* error) const {
  std::vector<std::string> argv{node_, script_};
  argv.insert(argv.end(), args.begin(), args.end());
  ProcessResult result;
  if (!RunProcess(argv, &result, error)) return false;
  if (result.exit_code != 0) {
    *error = "node " + script_ + " exited with code " + std::to_string(result.exit_code);
    return false;
  }
  *out = nlohmann::json::parse(LastNonEmptyLine(result.stdout_text), nullptr, false);
  if (out->is_discarded() || !out->is_object()) {
    *error = "node " + script_ + " printed no JSON object";
    return false;
  }
  return true;
}

}  // namespace isohost::bench
