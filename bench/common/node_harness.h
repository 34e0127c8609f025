// Runs the Node.js side of a benchmark: a script in bench/node/ that
// measures the same thing with worker_threads and prints one JSON object as
// its last line of stdout.
#ifndef ISOHOST_BENCH_COMMON_NODE_HARNESS_H_
#define ISOHOST_BENCH_COMMON_NODE_HARNESS_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace isohost::bench {

class NodeHarness {
 public:
  // `node_flag` is --node's value: a path, or empty to look for `node` on
  // PATH. available() is false when there is no node to run.
  NodeHarness(const std::string& node_flag, std::string script_name);

  bool available() const { return !node_.empty(); }
  const std::string& node() const { return node_; }
  const std::string& script() const { return script_; }
  // `node --version`, or empty.
  std::string Version() const;

  // Runs the harness with `args`; false, with `error` set, if it failed or
  // printed no JSON.
  bool Run(const std::vector<std::string>& args, nlohmann::json* out, std::string* error) const;

 private:
  std::string node_;
  std::string script_;
};

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_NODE_HARNESS_H_
