// util and util/types in real workers: each script under scripts/util/ prints
// edge cases of one part of the module, and its output must be byte for byte
// what Node 20 printed for it (NAME.out, recorded with /usr/bin/node, the
// same in Node's main thread and in a worker_threads Worker: in_worker.js).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

class UtilScriptTest : public ::testing::TestWithParam<const char*> {};

TEST_P(UtilScriptTest, PrintsWhatNodePrints) {
  const std::string name = GetParam();
  ExpectSameOutputAsNode("util/" + name);
}

INSTANTIATE_TEST_SUITE_P(Scripts, UtilScriptTest, ::testing::Values("types", "promisify", "parse_args", "misc"),
                         [](const ::testing::TestParamInfo<const char*>& param) { return std::string(param.param); });

// NODE_DEBUG, inherited from the host's environment, picks the sections
// whose messages reach stderr.
TEST(UtilTest, DebuglogWritesTheSectionsNodeDebugNames) {
  ASSERT_EQ(setenv("NODE_DEBUG", "util_e2e*,other", 1), 0);
  CliResult result = RunCli({"run", ScriptPath("util/debuglog.js")});
  unsetenv("NODE_DEBUG");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, ReadFile(ScriptPath("util/debuglog.out")));
  EXPECT_NE(result.err.find("UTIL_E2E_ONE "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find(": hello 1 {\"a\":2}\n"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("OTHER "), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("never"), std::string::npos) << result.err;
}

// util costs nothing until required, and parseArgs nothing until used.
TEST(UtilTest, UtilIsCompiledOnFirstUseOnly) {
  int idle = BuiltinsLoaded({ScriptPath("empty.js")});
  int util = BuiltinsLoaded({ScriptPath("util/uses_util.js")});
  int parse_args = BuiltinsLoaded({ScriptPath("util/uses_parse_args.js")});
  ASSERT_GT(idle, 0);
  EXPECT_GT(util, idle);
  EXPECT_GT(parse_args, util);
}

}  // namespace
}  // namespace isohost::testing
