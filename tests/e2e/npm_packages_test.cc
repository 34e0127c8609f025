// Real packages from npm, installed at test time into the build tree, run
// in a worker: they must print what they print under Node. Skipped, saying
// why, when npm or node is missing or the registry cannot be reached.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

namespace fs = std::filesystem;

// Pure CommonJS, each needing nothing a worker lacks; qs pulls in a tree of
// small packages (side-channel, get-intrinsic, ...) that exercises the
// node_modules walk and "exports".
constexpr const char* kPackages[] = {"ms@2.1.3",          "lodash@4.17.21", "semver@7.6.3", "minimist@1.2.8",
                                     "escape-html@1.0.3", "qs@6.13.0"};

TEST(NpmPackagesTest, PureCommonJsPackagesBehaveAsUnderNode) {
  if (!OnPath("npm")) GTEST_SKIP() << "npm is not installed";
  if (!OnPath("node")) GTEST_SKIP() << "node is not installed: nothing to compare with";
  const fs::path dir = ISOHOST_NPM_DIR;
  fs::create_directories(dir);
  if (!fs::exists(dir / "package.json")) std::ofstream(dir / "package.json") << "{ \"private\": true }\n";
  bool installed = true;
  for (const char* spec : kPackages) {
    std::string name(spec, std::string(spec).rfind('@'));
    installed = installed && fs::exists(dir / "node_modules" / name / "package.json");
  }
  if (!installed) {
    std::string command = "cd '" + dir.string() + "' && timeout 300 npm install --no-audit --no-fund --loglevel=error";
    for (const char* spec : kPackages) command += std::string(" ") + spec;
    ShellResult install = RunShell(command + " 2>&1");
    if (install.exit_code != 0) GTEST_SKIP() << "npm could not install the packages (no registry?):\n" << install.out;
  }
  fs::copy_file(ScriptPath("modules/npm_snippet.js"), dir / "snippet.js", fs::copy_options::overwrite_existing);
  const std::string snippet = (dir / "snippet.js").string();

  ShellResult node = RunShell("node '" + snippet + "'");
  ASSERT_EQ(node.exit_code, 0) << node.out;
  ASSERT_NE(node.out.find("qs: "), std::string::npos) << node.out;
  CliResult isohost = RunCli({"run", snippet});
  EXPECT_EQ(isohost.exit_code, 0) << isohost.err;
  EXPECT_EQ(isohost.out, node.out) << isohost.err;
}

}  // namespace
}  // namespace isohost::testing
