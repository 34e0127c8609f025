// child_process in real workers through the CLI: every form against what
// /usr/bin/node prints for the same script (scripts/child_process/forms.js,
// spawn.js, exec_path.js), output of inherited stdio reaching the host, the
// host's stdin read as the worker's own fd 0, no descriptor and no zombie
// left behind, and a child that dies with its worker when the worker is
// killed with SIGKILL in the middle of a spawn, an execFile or a spawnSync.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::string Script(const std::string& name) { return ScriptPath("child_process/" + name); }

TEST(ChildProcessTest, EveryFormPrintsWhatNodePrints) {
  CliResult isohost = RunCli({"run", Script("forms.js")});
  ASSERT_EQ(isohost.exit_code, 0) << isohost.err;
  // What holds whether or not node is here to compare with.
  const std::string& out = isohost.out;
  EXPECT_NE(out.find(R"x(spawnSync exit returned {"status":3,"signal":null,"output":[null,"Buffer(out\n)","Buffer(err\n)"])x"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(R"x(spawnSync signal returned {"status":null,"signal":"SIGKILL")x"), std::string::npos) << out;
  EXPECT_NE(out.find(R"x(spawnSync enoent returned {"error":{"errno":-2,"code":"ENOENT","syscall":"spawnSync /nonexistent/program","path":"/nonexistent/program","spawnargs":["a","b"]},"status":null,"signal":null,"output":null,"pid":0)x"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(R"x(spawnSync timeout returned {"error":{"errno":-110,"code":"ETIMEDOUT")x"), std::string::npos) << out;
  EXPECT_NE(out.find(R"x(spawnSync input string returned {"status":0,"signal":null,"output":[null,"Buffer(hello)")x"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(R"x(spawnSync cwd returned "/tmp\n")x"), std::string::npos) << out;
  EXPECT_NE(out.find(R"x(spawnSync env returned "1,two,path\n")x"), std::string::npos) << out;
  EXPECT_NE(out.find(R"x(execFile exit {"name":"Error","message":"Command failed: sh -c echo out; echo err >&2; exit 3\nerr\n","keys":["code","killed","signal","cmd"],"code":3,"signal":null,"killed":false)x"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(R"x(execFile timeout {"name":"Error","message":"Command failed: sleep 30\n","keys":["code","killed","signal","cmd"],"code":null,"signal":"SIGTERM","killed":true)x"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(R"x("code":"ERR_CHILD_PROCESS_STDIO_MAXBUFFER")x"), std::string::npos) << out;
  EXPECT_NE(out.find(R"x(timeout threw {"name":"RangeError","message":"The value of \"timeout\" is out of range. It must be an unsigned integer. Received -1")x"),
            std::string::npos)
      << out;

  if (!OnPath("node")) {
    GTEST_SKIP() << "node is not installed: checked the output alone";
  }
  ShellResult node = RunShell("node '" + Script("forms.js") + "' 2>&1");
  ASSERT_EQ(node.exit_code, 0) << node.out;
  EXPECT_EQ(isohost.out + isohost.err, node.out);
}

// A worker that never requires child_process compiles none of it.
TEST(ChildProcessTest, IsCompiledOnFirstUseOnly) {
  int idle = BuiltinsLoaded({ScriptPath("empty.js")});
  int used = BuiltinsLoaded({Script("require_only.js")});
  ASSERT_GT(idle, 0);
  // node/child_process, internal/child_process and what they use.
  EXPECT_GE(used, idle + 2);
}

TEST(ChildProcessTest, InheritedStdioReachesTheHost) {
  CliResult result = RunCli({"run", Script("inherit.js")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(CountOccurrences(result.out, "worker before\n"), 1) << result.out;
  EXPECT_EQ(CountOccurrences(result.out, "child stdout via execSync\n"), 1) << result.out;
  EXPECT_EQ(CountOccurrences(result.out, "child stdout by fd number\n"), 1) << result.out;
  EXPECT_EQ(CountOccurrences(result.out, "worker after\n"), 1) << result.out;
  EXPECT_EQ(CountOccurrences(result.err, "child stderr via spawnSync\n"), 1) << result.err;
  EXPECT_EQ(CountOccurrences(result.err, "collected stderr\n"), 1) << result.err;
  // The order of the worker's lines and the child's is not asserted: they
  // reach the host on two descriptors, which it may find readable at once.
}

TEST(ChildProcessTest, ChildrenGetOnlyTheirStdioAndAreAllReaped) {
  CliResult result = RunCli({"run", Script("hygiene.js")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "fds sync: 0 1 2\nfds async: 0 1 2\nchildren besides cat: 0\n"
            "spawn fds left open: 0\nspawn children left: 0\n")
      << result.err;
}

TEST(ChildProcessTest, ForkAndIpcSayTheyAreNotAvailable) {
  CliResult result = RunCli({"run", Script("unavailable.js")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "fork ERR_NOT_AVAILABLE_IN_WORKER child_process.fork is not available in an Isohost worker\n"
            "_forkChild ERR_NOT_AVAILABLE_IN_WORKER child_process._forkChild is not available in an Isohost worker\n"
            "stdio ipc ERR_NOT_AVAILABLE_IN_WORKER child_process stdio 'ipc' is not available in an Isohost worker\n");
}

// Events and their order, stdio streams with back-pressure both ways, every
// option and error of spawn, as Node 20 printed them (spawn.out). Its last
// child sleeps 30 s, unref'd: the worker does not wait for it.
TEST(ChildProcessTest, SpawnBehavesAsNodes) {
  auto start = std::chrono::steady_clock::now();
  ExpectSameOutputAsNode("child_process/spawn");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20)) << "waited for the unref'd child";
}

// The same from workers forked by the zygote, and taken from the pool.
TEST(ChildProcessTest, SpawnWorksFromForkedWorkers) {
  const std::string expected = ReadFile(ScriptPath("child_process/spawn.out"));
  for (const char* strategy : {"zygote", "pool"}) {
    CliResult result = RunCli({"run", "--spawn", strategy, Script("spawn.js")});
    EXPECT_EQ(result.exit_code, 0) << strategy << ": " << result.err;
    EXPECT_TRUE(result.out == expected) << strategy << ": " << FirstDifference(expected, result.out);
  }
}

// process.execPath is the CLI, run as node: the script spawns itself and
// talks to the child over real stdio (its stdin read as a stream and as
// fd 0, its exit code, its death by SIGTERM, argv0), as under Node.
TEST(ChildProcessTest, ExecPathRunsJavaScriptOverRealStdio) { ExpectSameOutputAsNode("child_process/exec_path"); }

// What read_stdin.js prints for `input`.
std::string StdinReport(const std::string& how, const std::string& input) {
  std::uint64_t sum = 0;
  for (unsigned char byte : input) sum = (sum * 31 + byte) % 1000000007;
  return how + ": " + std::to_string(input.size()) + " bytes, sum " + std::to_string(sum) + "\n";
}

// Bytes of every value, more than a pipe holds.
std::string StdinInput() {
  std::string input;
  for (std::uint32_t i = 0; i < 1500000; ++i) input.push_back(static_cast<char>((i * 7919) % 256));
  return input;
}

// The CLI hands its stdin to its one worker as the worker's fd 0, however
// the worker was spawned: fs.readFileSync(0) and /dev/stdin read it (Node's
// test-fs-readfile-pipe*.js), process.stdin reads it, and a child given
// 'inherit' reads it too.
TEST(ChildProcessTest, WorkerReadsTheHostsStdinAsItsFdZero) {
  const std::string input = StdinInput();
  for (const char* how : {"readFileSync(0)", "readFileSync(/dev/stdin)", "readFile(/dev/stdin)",
                          "promises.readFile(/dev/stdin)", "process.stdin", "child inherits fd 0"}) {
    CliResult result = RunCli({Script("read_stdin.js"), how}, input);
    EXPECT_EQ(result.exit_code, 0) << how << ": " << result.err;
    EXPECT_EQ(result.out, StdinReport(how, input)) << result.err;
  }
  for (const char* strategy : {"exec", "zygote", "pool"}) {
    for (const char* how : {"readFileSync(0)", "process.stdin"}) {
      CliResult result = RunCli({"run", "--spawn", strategy, Script("read_stdin.js"), "--", how}, input);
      EXPECT_EQ(result.exit_code, 0) << strategy << " " << how << ": " << result.err;
      EXPECT_EQ(result.out, StdinReport(how, input)) << strategy << ": " << result.err;
    }
  }
}

// Stdin that is a file (`isohost FILE < DATA`, process.stdin is then an
// fs.ReadStream) or the end of a shell pipeline.
TEST(ChildProcessTest, WorkerReadsAFileOrAPipelineOnItsStdin) {
  const std::string input = StdinInput();
  char path[] = "/tmp/isohost-stdin-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  std::ofstream(path, std::ios::binary) << input;
  const std::string cli = BinDir() + "/isohost '" + Script("read_stdin.js") + "' ";
  for (const char* how : {"readFileSync(0)", "readFile(/dev/stdin)", "process.stdin"}) {
    ShellResult from_file = RunShell(cli + "'" + how + "' < " + path);
    EXPECT_EQ(from_file.exit_code, 0) << how;
    EXPECT_EQ(from_file.out, StdinReport(how, input));
    ShellResult from_pipeline = RunShell(std::string("cat ") + path + " | " + cli + "'" + how + "'");
    EXPECT_EQ(from_pipeline.exit_code, 0) << how;
    EXPECT_EQ(from_pipeline.out, StdinReport(how, input));
  }
  unlink(path);
}

// Reads `fd` until both "worker N" and "child M" lines have come (or 20 s).
bool ReadPids(int fd, pid_t* worker, pid_t* child, std::string* seen) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    int w = 0, c = 0;
    std::size_t at = seen->find("worker ");
    if (at != std::string::npos) std::sscanf(seen->c_str() + at, "worker %d", &w);
    at = seen->find("child ");
    if (at != std::string::npos) std::sscanf(seen->c_str() + at, "child %d", &c);
    if (w > 0 && c > 0 && seen->back() == '\n') {
      *worker = w;
      *child = c;
      return true;
    }
    pollfd pfd{fd, POLLIN, 0};
    if (poll(&pfd, 1, 100) <= 0) continue;
    char buffer[256];
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n <= 0) return false;
    seen->append(buffer, static_cast<std::size_t>(n));
  }
  return false;
}

// The worker is killed with SIGKILL while its child runs `sleep 100`. The
// child must be killed too (the kernel's parent-death signal, asked for by
// isohost-child-exec). Orphans go to the nearest subreaper: this test makes
// itself one, so that it can wait for the child and see how it ended.
void ExpectChildDiesWithWorker(const std::string& form) {
  ASSERT_EQ(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
  int out = -1;
  pid_t cli = StartCli({"run", Script("die_with_worker.js"), "--", form}, &out);
  pid_t worker = 0, child = 0;
  std::string seen;
  bool got = ReadPids(out, &worker, &child, &seen);
  if (got) {
    ASSERT_EQ(kill(worker, SIGKILL), 0);
    int status = 0;
    pid_t reaped = 0;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    // ECHILD until the worker is gone and the child has been handed to us.
    while (reaped != child && std::chrono::steady_clock::now() < deadline) {
      reaped = waitpid(child, &status, WNOHANG);
      if (reaped != child) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_EQ(reaped, child) << "the child outlived its worker (" << form << ")";
    if (reaped == child) {
      EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "status " << status;
    } else {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
    }
  } else {
    ADD_FAILURE() << "no pids from the worker: " << seen;
    kill(cli, SIGKILL);
  }
  int status;
  waitpid(cli, &status, 0);
  close(out);
  prctl(PR_SET_CHILD_SUBREAPER, 0);
}

TEST(ChildProcessTest, ChildDiesWithAWorkerKilledInTheMiddleOfSpawn) { ExpectChildDiesWithWorker("spawn"); }

TEST(ChildProcessTest, ChildDiesWithAWorkerKilledInTheMiddleOfExecFile) { ExpectChildDiesWithWorker("execFile"); }

TEST(ChildProcessTest, ChildDiesWithAWorkerKilledInTheMiddleOfSpawnSync) { ExpectChildDiesWithWorker("spawnSync"); }

}  // namespace
}  // namespace isohost::testing
