// Shutting the host down: a signal stops every worker, and no line written
// before it is lost.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <regex>
#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

// SIGTERM to a host running 4 workers: every worker is stopped, the host
// exits, no process is left, and every line written before the signal is
// there.
TEST(ShutdownTest, SigtermStopsAllWorkersAndLosesNoLine) {
  int out = -1;
  pid_t host = StartCli({"run", "-n", "4", ScriptPath("print_forever.js")}, &out, /*own_group=*/true);
  ASSERT_GT(host, 0);
  std::string text;
  char buffer[65536];
  // Let them print for a while.
  while (text.size() < 200000) {
    ssize_t n = read(out, buffer, sizeof buffer);
    ASSERT_GT(n, 0);
    text.append(buffer, static_cast<std::size_t>(n));
  }
  kill(host, SIGTERM);
  ssize_t n;
  while ((n = read(out, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<std::size_t>(n));
  close(out);
  int status = 0;
  waitpid(host, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "host killed by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  // No process of the group is left (kill(-pgid, 0) fails with ESRCH).
  EXPECT_NE(kill(-host, 0), 0);
  // Every worker printed an unbroken sequence and said goodbye with its count.
  for (int id = 1; id <= 4; ++id) {
    std::regex last("\\[" + std::to_string(id) + "\\] w exiting after ([0-9]+) lines");
    std::smatch match;
    ASSERT_TRUE(std::regex_search(text, match, last)) << "worker " << id << " did not exit cleanly";
    int lines = std::stoi(match[1]);
    EXPECT_GT(lines, 0);
    for (int i = 0; i < lines; i += std::max(1, lines / 50)) {
      std::string line = "[" + std::to_string(id) + "] w line " + std::to_string(i) + "\n";
      ASSERT_NE(text.find(line), std::string::npos) << "lost: " << line;
    }
    std::string final_line = "[" + std::to_string(id) + "] w line " + std::to_string(lines - 1) + "\n";
    EXPECT_NE(text.find(final_line), std::string::npos) << "lost: " << final_line;
  }
}

}  // namespace
}  // namespace isohost::testing
