// The host's own life and death, end to end: a zygote or a pooled worker
// killed while workers restart, a host killed without a word, where the
// host's diagnostics go, and which worker each supervised callback is about.
#include <gtest/gtest.h>
#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/sinks/ostream_sink.h>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"
#include "tests/e2e/supervisor_test_peer.h"

namespace isohost::testing {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// How long `isohost run` gives workers after SIGTERM (host/cli/run_command.cc).
constexpr milliseconds kShutdownGrace{3000};

// What /proc says about a process; state 0 once it is gone.
struct ProcInfo {
  char state = 0;  // 'R', 'S', 'Z', ...
  int ppid = 0;
  int pgrp = 0;
  std::string cmdline;
};

ProcInfo ReadProc(int pid) {
  ProcInfo info;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return info;
  std::size_t paren = text.rfind(')');
  if (paren == std::string::npos) return info;
  std::istringstream rest(text.substr(paren + 1));
  rest >> info.state >> info.ppid >> info.pgrp;
  std::ifstream cmdline("/proc/" + std::to_string(pid) + "/cmdline");
  std::getline(cmdline, info.cmdline, '\0');
  std::string arg;
  while (std::getline(cmdline, arg, '\0')) info.cmdline += " " + arg;
  return info;
}

bool Gone(int pid) {
  char state = ReadProc(pid).state;
  return state == 0 || state == 'Z' || state == 'X';
}

std::vector<int> ChildrenOf(int pid) {
  std::vector<int> result;
  std::ifstream children("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
  int child;
  while (children >> child) result.push_back(child);
  return result;
}

std::vector<int> DescendantsOf(int pid) {
  std::vector<int> result;
  std::vector<int> pending = ChildrenOf(pid);
  while (!pending.empty()) {
    int next = pending.back();
    pending.pop_back();
    result.push_back(next);
    for (int child : ChildrenOf(next)) pending.push_back(child);
  }
  return result;
}

std::vector<int> ProcessesInGroup(int pgrp) {
  std::vector<int> result;
  DIR* dir = opendir("/proc");
  if (dir == nullptr) return result;
  while (dirent* entry = readdir(dir)) {
    int pid = std::atoi(entry->d_name);
    if (pid > 0 && ReadProc(pid).pgrp == pgrp) result.push_back(pid);
  }
  closedir(dir);
  return result;
}

std::string Describe(const std::vector<int>& pids) {
  std::string text;
  for (int pid : pids) {
    ProcInfo info = ReadProc(pid);
    text += "\n  " + std::to_string(pid) + " state " + (info.state ? std::string(1, info.state) : "gone") +
            " parent " + std::to_string(info.ppid) + ": " + info.cmdline;
  }
  return text.empty() ? " none" : text;
}

// The host's zygote (a live one: a zombie has no command line), or 0.
int ZygoteOf(int host) {
  for (int child : ChildrenOf(host)) {
    ProcInfo info = ReadProc(child);
    if (info.state != 'Z' && info.cmdline.find("--zygote") != std::string::npos) return child;
  }
  return 0;
}

// Dead processes that the host or its zygote has not reaped, ignoring the
// instant between a child's death and its reaping.
std::vector<int> LingeringZombies(int host) {
  std::vector<int> zombies;
  for (int attempt = 0; attempt < 10; ++attempt) {
    zombies.clear();
    for (int process : DescendantsOf(host)) {
      if (ReadProc(process).state == 'Z') zombies.push_back(process);
    }
    if (zombies.empty()) break;
    usleep(50'000);
  }
  return zombies;
}

int Count(const std::string& text, const std::string& needle) {
  int count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++count;
  return count;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  std::string line;
  while (std::getline(stream, line)) lines.push_back(line);
  return lines;
}

// `isohost ARGS...` in a process group of its own, its stdout and stderr read
// as it goes (a host that cannot write its output would stop).
class RunningCli {
 public:
  explicit RunningCli(const std::vector<std::string>& args) {
    pid_ = StartCli(args, &fds_[0], /*own_group=*/true, &fds_[1]);
  }
  ~RunningCli() {
    // Whatever the test found, nothing of the group runs on after it.
    if (pid_ > 0) ::kill(-pid_, SIGKILL);
    if (pid_ > 0 && !reaped_) {
      int status;
      waitpid(pid_, &status, 0);
    }
    for (int fd : fds_) {
      if (fd >= 0) close(fd);
    }
  }
  RunningCli(const RunningCli&) = delete;
  RunningCli& operator=(const RunningCli&) = delete;

  pid_t pid() const { return pid_; }
  const std::string& out() const { return text_[0]; }
  const std::string& err() const { return text_[1]; }

  // Reads the host's output until `done()` or `limit` passes; returns done().
  bool PumpUntil(const std::function<bool()>& done, milliseconds limit) {
    auto deadline = Clock::now() + limit;
    while (!done()) {
      if (Clock::now() >= deadline) return false;
      Read(10);
    }
    return true;
  }
  void Pump(milliseconds duration) {
    PumpUntil([] { return false; }, duration);
  }
  // Waits, reading its output, for the host to exit; false if it is still
  // running after `limit`.
  bool WaitForExit(milliseconds limit, int* status) {
    bool exited = PumpUntil([&] { return waitpid(pid_, status, WNOHANG) == pid_; }, limit);
    if (!exited) return false;
    reaped_ = true;
    PumpUntil([&] { return fds_[0] < 0 && fds_[1] < 0; }, milliseconds(2000));
    return true;
  }
  // Kills the host at once and reaps it.
  void Kill() {
    ::kill(pid_, SIGKILL);
    int status;
    waitpid(pid_, &status, 0);
    reaped_ = true;
  }

 private:
  void Read(int timeout_ms) {
    pollfd polled[2] = {{fds_[0], POLLIN, 0}, {fds_[1], POLLIN, 0}};
    if (poll(polled, 2, timeout_ms) <= 0) return;
    char buffer[65536];
    for (int i = 0; i < 2; ++i) {
      if (fds_[i] < 0 || !(polled[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds_[i], buffer, sizeof buffer);
      if (n > 0) {
        text_[i].append(buffer, static_cast<std::size_t>(n));
      } else {
        close(fds_[i]);
        fds_[i] = -1;
      }
    }
  }

  pid_t pid_ = -1;
  bool reaped_ = false;
  int fds_[2] = {-1, -1};  // stdout, stderr
  std::string text_[2];
};

std::vector<std::string> RestartingArgs(std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"run", "-n", "2", "--restart", "always", "--max-restarts", "1000"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(ScriptPath("short_lived.js"));
  return args;
}

// The host and its zygote have reaped every child that ended; SIGTERM ends
// the host within its grace period, and no process of its group is left.
void ExpectSigtermEndsEverything(RunningCli& cli) {
  std::vector<int> zombies = LingeringZombies(cli.pid());
  EXPECT_TRUE(zombies.empty()) << "not reaped by the host or its zygote:" << Describe(zombies);
  ::kill(cli.pid(), SIGTERM);
  int status = 0;
  ASSERT_TRUE(cli.WaitForExit(kShutdownGrace + milliseconds(2000), &status))
      << "the host still runs " << (kShutdownGrace.count() + 2000) << " ms after SIGTERM; its processes:"
      << Describe(DescendantsOf(cli.pid())) << "\nstderr:\n"
      << cli.err();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM) << "status " << status;
  // Workers that died with the killed zygote were orphans, reaped by init
  // in its own time: only a live process counts as left behind.
  std::vector<int> left;
  for (int pid : ProcessesInGroup(cli.pid())) {
    if (!Gone(pid)) left.push_back(pid);
  }
  EXPECT_TRUE(left.empty()) << "left behind:" << Describe(left);
}

// The zygote is killed while workers it forked run; they die with it, and
// their restarts come from a new zygote. The replaced zygote must not take
// the new one's events with it: every later exit is still seen, and SIGTERM
// still ends the host.
TEST(ZygoteReplacementTest, SigtermEndsTheHostAfterTheZygoteIsKilled) {
  RunningCli cli(RestartingArgs());
  ASSERT_GT(cli.pid(), 0);
  ASSERT_TRUE(cli.PumpUntil([&] { return Count(cli.out(), "started") >= 2 && ZygoteOf(cli.pid()) > 0; },
                            milliseconds(20000)))
      << cli.out() << cli.err();
  int zygote = ZygoteOf(cli.pid());
  int started = Count(cli.out(), "started");
  ASSERT_EQ(::kill(zygote, SIGKILL), 0);
  // Two more incarnations of each worker: the second outlives the old zygote.
  ASSERT_TRUE(cli.PumpUntil([&] { return Count(cli.out(), "started") >= started + 4; }, milliseconds(20000)))
      << cli.out() << cli.err();
  int replacement = ZygoteOf(cli.pid());
  EXPECT_NE(replacement, zygote);
  EXPECT_GT(replacement, 0);
  cli.Pump(milliseconds(800));
  ExpectSigtermEndsEverything(cli);
}

// A pooled worker, waiting for Start, is killed: the pool does without it.
TEST(ZygoteReplacementTest, SigtermEndsTheHostAfterAPooledWorkerIsKilled) {
  RunningCli cli(RestartingArgs());
  ASSERT_GT(cli.pid(), 0);
  int pooled = 0;
  auto find_pooled = [&] {
    int zygote = ZygoteOf(cli.pid());
    if (zygote == 0) return false;
    for (int child : ChildrenOf(zygote)) {
      // A worker that has run a script has said so with its pid.
      if (cli.out().find("started " + std::to_string(child)) == std::string::npos) pooled = child;
    }
    return pooled != 0 && Count(cli.out(), "started") >= 2;
  };
  ASSERT_TRUE(cli.PumpUntil(find_pooled, milliseconds(20000))) << cli.out() << cli.err();
  ASSERT_EQ(::kill(pooled, SIGKILL), 0);
  int started = Count(cli.out(), "started");
  ASSERT_TRUE(cli.PumpUntil([&] { return Count(cli.out(), "started") >= started + 4; }, milliseconds(20000)))
      << cli.out() << cli.err();
  EXPECT_EQ(cli.out().find("started " + std::to_string(pooled) + "\n"), std::string::npos)
      << "the killed worker was given a script";
  ExpectSigtermEndsEverything(cli);
}

// Under --log-format json every line the host prints is a JSON record, its
// own diagnostics too: here the zygote dies and is replaced while workers
// keep restarting.
TEST(HostLogTest, JsonStaysJsonWhenTheZygoteDies) {
  RunningCli cli(RestartingArgs({"--log-format", "json"}));
  ASSERT_GT(cli.pid(), 0);
  ASSERT_TRUE(cli.PumpUntil([&] { return Count(cli.out(), "started") >= 2 && ZygoteOf(cli.pid()) > 0; },
                            milliseconds(20000)))
      << cli.out() << cli.err();
  int zygote = ZygoteOf(cli.pid());
  ASSERT_EQ(::kill(zygote, SIGKILL), 0);
  int started = Count(cli.out(), "started");
  ASSERT_TRUE(cli.PumpUntil([&] { return Count(cli.out(), "started") >= started + 4; }, milliseconds(20000)))
      << cli.out() << cli.err();
  ::kill(cli.pid(), SIGTERM);
  int status = 0;
  ASSERT_TRUE(cli.WaitForExit(kShutdownGrace + milliseconds(2000), &status)) << cli.err();

  int worker_records = 0;
  for (const std::string& line : Lines(cli.out())) {
    nlohmann::json record = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    ASSERT_FALSE(record.is_discarded()) << "not JSON on stdout: " << line;
    if (record.contains("worker")) ++worker_records;
  }
  EXPECT_GE(worker_records, started + 4);
  bool told = false;
  for (const std::string& line : Lines(cli.err())) {
    nlohmann::json record = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    ASSERT_FALSE(record.is_discarded()) << "not JSON on stderr: " << line;
    if (record.value("msg", "") == "the zygote died; starting a new one") {
      told = true;
      EXPECT_EQ(record["level"], "warning");
      EXPECT_EQ(record["logger"], "host");
    }
  }
  EXPECT_TRUE(told) << "no record of the zygote's death:\n" << cli.err();
}

// A host killed without a word (SIGKILL, the OOM killer) takes its workers
// with it at once, whatever they are doing: the workers here spin in
// `while (true) {}` and never read their channel.
class ParentDeathTest : public ::testing::TestWithParam<SpawnStrategy> {};

TEST_P(ParentDeathTest, WorkersDieWithTheHost) {
  SpawnStrategy strategy = GetParam();
  RunningCli cli(
      {"run", "--spawn", std::string(SpawnStrategyName(strategy)), ScriptPath("busy_after_output.js")});
  ASSERT_GT(cli.pid(), 0);
  // exec: the worker; zygote: the zygote and the worker; pool: those and two
  // pooled workers waiting for Start.
  std::size_t expected = strategy == SpawnStrategy::kExec ? 1 : strategy == SpawnStrategy::kZygote ? 2 : 4;
  ASSERT_TRUE(cli.PumpUntil(
      [&] {
        return cli.out().find("spinning forever") != std::string::npos &&
               DescendantsOf(cli.pid()).size() >= expected;
      },
      milliseconds(20000)))
      << cli.out() << cli.err() << Describe(DescendantsOf(cli.pid()));
  // The worker starts spinning 10 ms after its line; until then it would
  // notice the end of its channel by itself.
  cli.Pump(milliseconds(300));
  std::vector<int> processes = DescendantsOf(cli.pid());

  auto killed = Clock::now();
  cli.Kill();
  // Generous: the kernel does it in microseconds, a worker that only notices
  // at its next look at the channel takes forever here.
  constexpr milliseconds kBound{1000};
  std::set<int> alive(processes.begin(), processes.end());
  while (!alive.empty() && Clock::now() - killed < kBound) {
    for (auto it = alive.begin(); it != alive.end();) it = Gone(*it) ? alive.erase(it) : std::next(it);
    usleep(1000);
  }
  auto waited = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - killed).count();
  std::printf("%s: %zu processes gone %.1f ms after the host was killed\n",
              std::string(SpawnStrategyName(strategy)).c_str(), processes.size(), waited / 1000.0);
  RecordProperty("gone_after_us", static_cast<int>(waited));
  std::vector<int> left(alive.begin(), alive.end());
  EXPECT_TRUE(left.empty()) << "still running " << kBound.count() << " ms after the host was killed:"
                            << Describe(left);
  // RunningCli's destructor kills what is left of the group.
}

INSTANTIATE_TEST_SUITE_P(Strategies, ParentDeathTest,
                         ::testing::Values(SpawnStrategy::kExec, SpawnStrategy::kZygote, SpawnStrategy::kPool),
                         [](const ::testing::TestParamInfo<SpawnStrategy>& info) {
                           return std::string(SpawnStrategyName(info.param));
                         });

// One set of callbacks for two workers, one of them restarted: each call
// names the worker it is about, the id Spawn() returned.
TEST(SupervisorCallbackTest, EveryCallbackNamesItsWorker) {
  SupervisorOptions supervisor_options;
  supervisor_options.worker_binary = BinDir() + "/isohost-worker";
  Supervisor supervisor(supervisor_options);

  struct Seen {
    int spawns = 0, onlines = 0, exits = 0, restarts = 0, dones = 0;
    std::string output;
    std::vector<std::string> messages;
    std::string why;
  };
  std::map<std::uint64_t, Seen> seen;
  SupervisedCallbacks callbacks;
  callbacks.on_spawn = [&](std::uint64_t id, Worker&) { ++seen[id].spawns; };
  callbacks.on_online = [&](std::uint64_t id) { ++seen[id].onlines; };
  callbacks.on_output = [&](std::uint64_t id, StdioStream, std::string_view data, ConsoleLevel) {
    seen[id].output.append(data);
  };
  callbacks.on_message = [&](std::uint64_t id, std::string_view data) {
    auto value = clone::Decode({reinterpret_cast<const std::uint8_t*>(data.data()), data.size()});
    seen[id].messages.push_back(value ? clone::ToJsonText(*value) : value.error().message);
  };
  callbacks.on_exit = [&](std::uint64_t id, const ExitInfo&) { ++seen[id].exits; };
  callbacks.on_restart = [&](std::uint64_t id, std::uint64_t, int) { ++seen[id].restarts; };
  callbacks.on_done = [&](std::uint64_t id, const ExitInfo&, const std::string& why) {
    ++seen[id].dones;
    seen[id].why = why;
  };

  WorkerOptions failing;
  failing.worker_binary = supervisor_options.worker_binary;
  failing.script_source =
      "console.log('a'); require('worker_threads').parentPort.postMessage('a'); process.exitCode = 3;";
  RestartOptions once;
  once.policy = RestartPolicy::kOnFailure;
  once.max_restarts = 1;
  once.initial_backoff_ms = 10;
  std::uint64_t a = supervisor.Spawn(failing, callbacks, once);

  WorkerOptions succeeding = failing;
  succeeding.script_source = "console.log('b'); require('worker_threads').parentPort.postMessage('b');";
  std::uint64_t b = supervisor.Spawn(succeeding, callbacks);
  supervisor.Run();

  ASSERT_NE(a, b);
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[a].spawns, 2);
  EXPECT_EQ(seen[a].onlines, 2);
  EXPECT_EQ(seen[a].output, "a\na\n");
  EXPECT_EQ(seen[a].messages, (std::vector<std::string>{"\"a\"", "\"a\""}));
  EXPECT_EQ(seen[a].exits, 2);
  EXPECT_EQ(seen[a].restarts, 1);
  EXPECT_EQ(seen[a].dones, 1);
  EXPECT_NE(seen[a].why.find("gave up after 1 restarts"), std::string::npos) << seen[a].why;
  EXPECT_EQ(seen[b].spawns, 1);
  EXPECT_EQ(seen[b].onlines, 1);
  EXPECT_EQ(seen[b].output, "b\n");
  EXPECT_EQ(seen[b].messages, (std::vector<std::string>{"\"b\""}));
  EXPECT_EQ(seen[b].exits, 1);
  EXPECT_EQ(seen[b].restarts, 0);
  EXPECT_EQ(seen[b].dones, 1);
  EXPECT_EQ(seen[b].why, "");
}

// The supervisor's own diagnostics go to the logger its embedder gave it.
TEST(SupervisorLogTest, TheEmbeddersLoggerHearsOfAReplacedZygote) {
  std::ostringstream log;
  SupervisorOptions supervisor_options;
  supervisor_options.default_strategy = SpawnStrategy::kZygote;
  supervisor_options.worker_binary = BinDir() + "/isohost-worker";
  supervisor_options.logger =
      std::make_shared<spdlog::logger>("embedder", std::make_shared<spdlog::sinks::ostream_sink_st>(log));
  Supervisor supervisor(supervisor_options);
  WorkerOptions options;
  options.worker_binary = supervisor_options.worker_binary;
  options.script_source = "require('worker_threads').parentPort.postMessage(1)";
  auto run_one = [&] {
    ExitInfo last;
    SupervisedCallbacks callbacks;
    callbacks.on_done = [&last](std::uint64_t, const ExitInfo& info, const std::string&) { last = info; };
    supervisor.Spawn(options, std::move(callbacks));
    supervisor.Run();
    return last;
  };
  EXPECT_EQ(run_one().code, 0);
  int zygote = ZygoteOf(getpid());
  ASSERT_GT(zygote, 0);
  // Killed while the loop is idle: only the next spawn can find out.
  SupervisorTestPeer::launcher(supervisor).KillZygoteForTesting();
  for (int waited = 0; !Gone(zygote) && waited < 10000; ++waited) usleep(1000);
  ExitInfo second = run_one();
  EXPECT_EQ(second.code, 0) << second.message;
  EXPECT_NE(log.str().find("the zygote died; starting a new one"), std::string::npos) << log.str();
}

// A zygote that cannot start says why in the embedder's log, and the worker
// is exec'd instead (here it cannot start either, and says so as its output).
TEST(SupervisorLogTest, AZygoteThatCannotStartIsExplained) {
  std::ostringstream log;
  SupervisorOptions supervisor_options;
  supervisor_options.default_strategy = SpawnStrategy::kZygote;
  supervisor_options.worker_binary = ScriptPath("broken_worker.sh");
  supervisor_options.logger =
      std::make_shared<spdlog::logger>("embedder", std::make_shared<spdlog::sinks::ostream_sink_st>(log));
  Supervisor supervisor(supervisor_options);
  WorkerOptions options;
  options.worker_binary = supervisor_options.worker_binary;
  options.script_source = "";
  ExitInfo last;
  std::string output;
  SupervisedCallbacks callbacks;
  callbacks.on_output = [&output](std::uint64_t, StdioStream, std::string_view data, ConsoleLevel) {
    output.append(data);
  };
  callbacks.on_done = [&last](std::uint64_t, const ExitInfo& info, const std::string&) { last = info; };
  supervisor.Spawn(options, std::move(callbacks));
  supervisor.Run();
  EXPECT_NE(log.str().find("cannot start the zygote"), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("did not start: isohost-worker: cannot load libnode.so.108"), std::string::npos)
      << log.str();
  EXPECT_EQ(last.code, 127) << last.message;
  EXPECT_EQ(output, "isohost-worker: cannot load libnode.so.108\n");
}

}  // namespace
}  // namespace isohost::testing
