#include "host/launch/script_path.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <climits>
#include <string>

namespace isohost {
namespace {

std::string Absolute(const std::string& given) {
  std::string error;
  std::optional<std::string> path = AbsoluteScriptPath(given, &error);
  EXPECT_TRUE(path.has_value()) << error;
  return path.value_or("");
}

TEST(ScriptPathTest, ANormalAbsolutePathIsTakenAsItIs) {
  EXPECT_EQ(Absolute("/srv/app/main.js"), "/srv/app/main.js");
  EXPECT_EQ(Absolute("/srv/app/.hidden/..x/main.js"), "/srv/app/.hidden/..x/main.js");
  EXPECT_EQ(Absolute("/"), "/");
}

TEST(ScriptPathTest, DotsDoubleSlashesAndATrailingSlashAreNormalisedAway) {
  EXPECT_EQ(Absolute("/srv//app/./lib/../main.js"), "/srv/app/main.js");
  EXPECT_EQ(Absolute("/srv/app/"), "/srv/app");
  EXPECT_EQ(Absolute("/srv/app/."), "/srv/app");
  EXPECT_EQ(Absolute("/srv/app/lib/.."), "/srv/app");
}

TEST(ScriptPathTest, ARelativePathIsTakenFromTheWorkingDirectory) {
  char cwd[PATH_MAX];
  ASSERT_NE(::getcwd(cwd, sizeof cwd), nullptr);
  const std::string base = std::string(cwd) == "/" ? "" : std::string(cwd);
  EXPECT_EQ(Absolute("main.js"), base + "/main.js");
  EXPECT_EQ(Absolute("./lib/../main.js"), base + "/main.js");
}

}  // namespace
}  // namespace isohost
