// Nothing a host starts outlives it, nor what a worker starts its worker:
// every worker runs in a cgroup of its own below the host's
// (host/launch/cgroup_tree.h), the host kills what a worker left once the worker
// has ended, and the keeper kills what a host left however the host ended.
// Tested with what escapes a parent-death signal: a backgrounded grandchild
// (orphaned at once) and a worker that cleared its own.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

constexpr auto kGrace = std::chrono::milliseconds(200);

// Whether `pid` still runs: a zombie has ended (its reaper, init, may be slow).
bool Running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::size_t paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] != 'Z';
}

// The cgroup v2 directory this process is in, when the test may make
// cgroups below it (as the host will): else empty, and the tests skip.
std::string WritableCgroupDir() {
  std::string own;
  std::ifstream cgroup("/proc/self/cgroup");
  for (std::string line; std::getline(cgroup, line);) {
    if (line.rfind("0::", 0) == 0) own = line.substr(3);
  }
  std::ifstream mounts("/proc/self/mountinfo");
  for (std::string line; std::getline(mounts, line);) {
    std::size_t dash = line.find(" - cgroup2 ");
    if (dash == std::string::npos || own.empty()) continue;
    std::istringstream fields(line.substr(0, dash));
    std::string id, parent, device, root, mount_point;
    fields >> id >> parent >> device >> root >> mount_point;
    if (root != "/") continue;
    std::string dir = own == "/" ? mount_point : mount_point + own;
    std::string probe = dir + "/isohost-test-probe-" + std::to_string(::getpid());
    if (::mkdir(probe.c_str(), 0755) != 0) return {};
    ::rmdir(probe.c_str());
    return dir;
  }
  return {};
}

#define REQUIRE_CGROUPS()                                                             \
  if (WritableCgroupDir().empty()) {                                                  \
    GTEST_SKIP() << "no cgroup v2 hierarchy this test may write (needs root or a delegated subtree)"; \
  }

// Reads the first line the CLI prints, "PID OTHER_PID".
bool ReadPids(int fd, pid_t* first, pid_t* second) {
  std::string line;
  char c;
  while (::read(fd, &c, 1) == 1 && c != '\n') line += c;
  return std::sscanf(line.c_str(), "%d %d", first, second) == 2;
}

// Whether a running process has `argument` among its arguments.
bool RunningWithArgument(const std::string& argument) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream file(entry.path() / "cmdline");
    std::string cmdline((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::istringstream args(cmdline);
    for (std::string arg; std::getline(args, arg, '\0');) {
      if (arg == argument && Running(std::stoi(name))) return true;
    }
  }
  return false;
}

struct TreeCase {
  std::string strategy;
  bool sandboxed;
};

void PrintTo(const TreeCase& tree_case, std::ostream* os) {
  *os << tree_case.strategy << (tree_case.sandboxed ? " sandboxed" : "");
}

class ProcessTreeTest : public ::testing::TestWithParam<TreeCase> {};

TEST_P(ProcessTreeTest, NothingOfAHostsTreeOutlivesItsSigkill) {
  REQUIRE_CGROUPS();
  std::vector<std::string> args = {"run", "--spawn", GetParam().strategy};
  if (GetParam().sandboxed) args.insert(args.end(), {"--sandbox", "--allow-child-process"});
  args.push_back(ScriptPath("process_tree/background_grandchild.js"));
  int out = -1;
  pid_t host = StartCli(args, &out);
  pid_t worker = 0;
  pid_t grandchild = 0;
  ASSERT_TRUE(ReadPids(out, &worker, &grandchild));
  ::close(out);
  ASSERT_TRUE(Running(worker));
  ASSERT_TRUE(Running(grandchild));
  ::kill(host, SIGKILL);
  ::waitpid(host, nullptr, 0);
  std::this_thread::sleep_for(kGrace);
  EXPECT_FALSE(Running(worker));
  EXPECT_FALSE(Running(grandchild)) << "the orphaned grandchild outlived its host";
  // The keeper did its work and went, and took the host's cgroups with it.
  std::string tree = WritableCgroupDir() + "/isohost-" + std::to_string(host);
  EXPECT_FALSE(RunningWithArgument(tree)) << "the keeper of " << tree << " is still there";
  struct stat st {};
  EXPECT_NE(::stat(tree.c_str(), &st), 0) << tree << " is left behind";
}

INSTANTIATE_TEST_SUITE_P(Strategies, ProcessTreeTest,
                         ::testing::Values(TreeCase{"exec", false}, TreeCase{"zygote", false},
                                           TreeCase{"pool", false}, TreeCase{"exec", true},
                                           TreeCase{"zygote", true}, TreeCase{"pool", true}),
                         [](const auto& info) {
                           return info.param.strategy + (info.param.sandboxed ? "_sandboxed" : "");
                         });

// A worker that ends leaves nothing behind, while its host goes on.
TEST(ProcessTreeLibraryTest, WhatAWorkerOrphanedEndsWithIt) {
  REQUIRE_CGROUPS();
  for (SpawnStrategy strategy : {SpawnStrategy::kExec, SpawnStrategy::kZygote, SpawnStrategy::kPool}) {
    SCOPED_TRACE(static_cast<int>(strategy));
    SupervisorOptions supervisor_options;
    supervisor_options.worker_binary = BinDir() + "/isohost-worker";
    Supervisor supervisor(supervisor_options);
    WorkerOptions options;
    options.script_path = ScriptPath("process_tree/background_grandchild.js");
    options.argv = {"0"};
    options.spawn = strategy;
    options.worker_binary = supervisor_options.worker_binary;
    std::string out;
    bool done = false;
    SupervisedCallbacks callbacks;
    callbacks.on_output = [&](std::uint64_t, StdioStream stream, std::string_view data, ConsoleLevel) {
      if (stream == StdioStream::kStdout) out.append(data);
    };
    callbacks.on_done = [&](std::uint64_t, const ExitInfo&, const std::string&) { done = true; };
    supervisor.Spawn(options, callbacks);
    while (!done) uv_run(supervisor.loop(), UV_RUN_ONCE);
    pid_t worker = 0;
    pid_t grandchild = 0;
    ASSERT_EQ(std::sscanf(out.c_str(), "%d %d", &worker, &grandchild), 2) << out;
    std::this_thread::sleep_for(kGrace);
    EXPECT_FALSE(Running(grandchild)) << "the orphaned grandchild outlived its worker";
  }
}

// A worker that cleared its parent-death signal (native code can, without a
// sandbox) still ends with its host: the keeper kills the cgroup it is in.
TEST(ProcessTreeCliTest, AWorkerThatClearedItsParentDeathSignalEndsWithItsHost) {
  REQUIRE_CGROUPS();
  for (const char* strategy : {"exec", "pool"}) {
    SCOPED_TRACE(strategy);
    int out = -1;
    pid_t host = StartCli({"run", "--spawn", strategy, "--expose-internals", ScriptPath("process_tree/unkillable.js")},
                          &out);
    pid_t worker = 0;
    pid_t cleared = -1;
    ASSERT_TRUE(ReadPids(out, &worker, &cleared));
    ::close(out);
    EXPECT_EQ(cleared, 0) << "prctl(PR_SET_PDEATHSIG, 0) without a sandbox";
    ::kill(host, SIGKILL);
    ::waitpid(host, nullptr, 0);
    std::this_thread::sleep_for(kGrace);
    EXPECT_FALSE(Running(worker)) << "a worker outlived its host";
    if (Running(worker)) ::kill(worker, SIGKILL);
  }
}

// A host that ends normally takes what its workers left with it too.
TEST(ProcessTreeCliTest, AHostThatExitsLeavesNothingBehind) {
  REQUIRE_CGROUPS();
  int out = -1;
  pid_t host = StartCli({"run", ScriptPath("process_tree/background_grandchild.js"), "--", "0"}, &out);
  pid_t worker = 0;
  pid_t grandchild = 0;
  ASSERT_TRUE(ReadPids(out, &worker, &grandchild));
  ::close(out);
  int status = 0;
  ::waitpid(host, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  std::this_thread::sleep_for(kGrace);
  EXPECT_FALSE(Running(grandchild));
  struct stat st {};
  EXPECT_NE(::stat((WritableCgroupDir() + "/isohost-" + std::to_string(host)).c_str(), &st), 0);
}

// Without a cgroup to use (a test build's hook stands for a machine that
// has none), workers run as before: their own children still end with them.
TEST(ProcessTreeCliTest, WithoutCgroupsWorkersRunAndTheirChildrenEndWithThem) {
#ifndef ISOHOST_SANDBOX_TEST_HOOKS
  GTEST_SKIP() << "built without ISOHOST_SANDBOX_TEST_HOOKS";
#endif
  ::setenv("ISOHOST_TEST_NO_CGROUP", "1", 1);
  CliResult result = RunCli({"run", "--spawn", "pool", ScriptPath("process_tree/background_grandchild.js"), "--", "0"});
  ::unsetenv("ISOHOST_TEST_NO_CGROUP");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  pid_t worker = 0;
  pid_t grandchild = 0;
  ASSERT_EQ(std::sscanf(result.out.c_str(), "%d %d", &worker, &grandchild), 2) << result.out;
  EXPECT_FALSE(Running(worker));
  // The orphan is what a machine without cgroups cannot reach.
  if (Running(grandchild)) ::kill(grandchild, SIGKILL);
}

}  // namespace
}  // namespace isohost::testing
