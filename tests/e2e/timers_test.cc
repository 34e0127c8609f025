// Timers and timers/promises in real workers, against what Node 20 printed
// for the same script (scripts/timers/timers_cases.out, recorded with
// /usr/bin/node): disposal, ids, the overflow warning, the order of
// non-integer delays, intervals stopped from their callback, an immediate
// that throws, the ticks of a throwing timer or immediate running after the
// next callback of its queue, and the promise API with its argument errors.
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(TimersTest, BehaveAsNodes) { ExpectSameOutputAsNode("timers/timers_cases"); }

// A delay over 2^31-1 ms is Node's TimeoutOverflowWarning on stderr.
TEST(TimersTest, OverflowingDelayWarns) {
  CliResult result = RunCli({"run", ScriptPath("timers/timers_cases.js")});
  EXPECT_NE(result.err.find("TimeoutOverflowWarning: 2147483648 does not fit into a 32-bit signed integer.\n"
                            "Timeout duration was set to 1."),
            std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace isohost::testing
