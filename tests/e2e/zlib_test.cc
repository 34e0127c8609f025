// zlib in a real worker, held against what /usr/bin/node printed for the
// same scripts (tests/e2e/scripts/zlib/).
#include <gtest/gtest.h>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(ZlibTest, SyncFormsBehaveAsNodes) { ExpectSameOutputAsNode("zlib/sync_forms"); }

TEST(ZlibTest, SyncErrorsAreNodes) { ExpectSameOutputAsNode("zlib/sync_errors"); }

TEST(ZlibTest, CallbackFormsRunOnThePoolAndCallBackAsNodes) { ExpectSameOutputAsNode("zlib/callback_forms"); }

TEST(ZlibTest, StreamFormsSayTheyAreNotAvailable) {
  CliResult result = RunCli({"run", ScriptPath("zlib/streams_unavailable.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ERR_NOT_AVAILABLE_IN_WORKER zlib.createGzip is not available in an Isohost worker\n"
            "ERR_NOT_AVAILABLE_IN_WORKER zlib.createBrotliDecompress is not available in an Isohost worker\n"
            "ERR_NOT_AVAILABLE_IN_WORKER zlib.Inflate is not available in an Isohost worker\n");
}

}  // namespace
}  // namespace isohost::testing
