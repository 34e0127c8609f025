// Scripts whose output must be byte for byte what Node 20 printed for them:
// tests/e2e/scripts/NAME.js beside NAME.out, recorded with /usr/bin/node.
#ifndef ISOHOST_TESTS_E2E_NODE_OUTPUT_H_
#define ISOHOST_TESTS_E2E_NODE_OUTPUT_H_

#include <string>
#include <vector>

namespace isohost::testing {

// The whole file, or "" when it cannot be read.
std::string ReadFile(const std::string& path);

// The first line where Node's output and Isohost's part, for a readable
// failure message.
std::string FirstDifference(const std::string& node, const std::string& isohost);

// Runs `isohost run RUN_OPTIONS... scripts/NAME.js` and expects exit code 0
// and, on stdout, exactly scripts/NAME.out (recorded by Node run with the same
// options).
void ExpectSameOutputAsNode(const std::string& name, const std::vector<std::string>& run_options = {});

// Runs scripts/SCRIPT in Isohost and, live, in a worker_threads Worker of
// /usr/bin/node (scripts/lib/node_worker.js); both must print the same and
// exit with the same code. Skipped when that node is absent.
void ExpectSameAsNodeWorker(const std::string& script);

}  // namespace isohost::testing

#endif  // ISOHOST_TESTS_E2E_NODE_OUTPUT_H_
