// What a sandboxed worker may not do to anything outside itself: renice,
// re-limit or re-schedule another process (the host among them), make a
// device node in its write root, touch SysV shared memory, queues or
// semaphores, or clear the signal that ends it with its parent. Each call is
// made natively (tests/e2e/scripts/sandbox/reach_out.js), past the JS
// checks, under every spawn strategy; the same script without a sandbox
// shows that each refusal is the sandbox's doing.
#include <gtest/gtest.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

nlohmann::json LastJsonLine(const std::string& out) {
  std::size_t end = out.find_last_not_of('\n');
  if (end == std::string::npos) return nullptr;
  std::size_t start = out.rfind('\n', end);
  start = start == std::string::npos ? 0 : start + 1;
  return nlohmann::json::parse(out.substr(start, end - start + 1), nullptr, false);
}

// A process that only waits, whose scheduling and limits the worker reaches for.
class Victim {
 public:
  Victim() {
    pid_ = ::fork();
    if (pid_ == 0) {
      ::pause();
      ::_exit(0);
    }
    nice_ = nice();
    rlimit64 limit{};
    ::prlimit64(pid_, RLIMIT_NOFILE, nullptr, &limit);
    files_ = limit.rlim_cur;
    CPU_ZERO(&cpus_);
    ::sched_getaffinity(pid_, sizeof cpus_, &cpus_);
  }
  ~Victim() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  pid_t pid() const { return pid_; }
  int nice() const {
    errno = 0;
    return ::getpriority(PRIO_PROCESS, static_cast<id_t>(pid_));
  }
  rlim64_t files() const {
    rlimit64 limit{};
    ::prlimit64(pid_, RLIMIT_NOFILE, nullptr, &limit);
    return limit.rlim_cur;
  }
  bool SameCpus() const {
    cpu_set_t now;
    CPU_ZERO(&now);
    ::sched_getaffinity(pid_, sizeof now, &now);
    return CPU_EQUAL(&now, &cpus_);
  }
  rlim64_t files_at_start() const { return files_; }
  int nice_at_start() const { return nice_; }

 private:
  pid_t pid_ = -1;
  int nice_ = 0;
  rlim64_t files_ = 0;
  cpu_set_t cpus_;
};

// Another program's SysV segment, holding a secret.
class SharedSegment {
 public:
  SharedSegment() {
    id_ = ::shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
    void* at = ::shmat(id_, nullptr, 0);
    std::memcpy(at, "SECRET", 6);
    ::shmdt(at);
  }
  ~SharedSegment() { ::shmctl(id_, IPC_RMID, nullptr); }
  int id() const { return id_; }

 private:
  int id_ = -1;
};

class WriteRoot {
 public:
  WriteRoot() {
    char dir_template[] = "/tmp/isohost-reach-XXXXXX";
    EXPECT_NE(::mkdtemp(dir_template), nullptr);
    path_ = dir_template;
  }
  ~WriteRoot() { std::filesystem::remove_all(path_); }
  const std::string& path() const { return path_; }
  bool Has(const char* name) const { return std::filesystem::exists(std::filesystem::symlink_status(path_ + "/" + name)); }

 private:
  std::string path_;
};

nlohmann::json ReachOut(const std::vector<std::string>& flags, const Victim& victim, const WriteRoot& root,
                        const SharedSegment& segment, CliResult* result) {
  std::vector<std::string> args = {"run"};
  args.insert(args.end(), flags.begin(), flags.end());
  args.insert(args.end(), {"--expose-internals", ScriptPath("sandbox/reach_out.js"), "--",
                           std::to_string(victim.pid()), root.path(), std::to_string(segment.id())});
  *result = RunCli(args);
  return LastJsonLine(result->out);
}

class SandboxEscapeTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SandboxEscapeTest, OtherProcessesDevicesAndSysVIpcAreOutOfReach) {
  Victim victim;
  WriteRoot root;
  SharedSegment segment;
  CliResult result;
  nlohmann::json r = ReachOut({"--spawn", GetParam(), "--sandbox", "--allow-fs-write=" + root.path()}, victim,
                              root, segment, &result);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  ASSERT_TRUE(r.is_object()) << result.out << result.err;
  // Another process: never.
  EXPECT_EQ(r["reniceOther"], -EPERM) << r;
  EXPECT_EQ(r["reniceGroup"], -EPERM) << r;
  EXPECT_EQ(r["reniceUser"], -EPERM) << r;
  EXPECT_EQ(r["ioReniceOther"], -EPERM) << r;
  EXPECT_EQ(r["affinityOther"], -EPERM) << r;
  EXPECT_EQ(r["limitOther"], -EPERM) << r;
  EXPECT_EQ(victim.nice(), victim.nice_at_start());
  EXPECT_EQ(victim.files(), victim.files_at_start());
  EXPECT_TRUE(victim.SameCpus());
  // Itself: as before.
  EXPECT_EQ(r["reniceSelf"], 0) << r;
  EXPECT_EQ(r["reniceOwnPid"], 0) << r;
  EXPECT_EQ(r["ioReniceSelf"], 0) << r;
  EXPECT_EQ(r["affinitySelf"], 0) << r;
  // Its limits are the sandbox's: read, never set (a root worker could raise them).
  EXPECT_EQ(r["limitSelf"], -EPERM) << r;
  EXPECT_EQ(r["setrlimit"], -EPERM) << r;
  EXPECT_EQ(r["readLimitSelf"], -EFAULT) << r;
  // Device nodes never, in its own write root or anywhere; a FIFO is a file.
  EXPECT_EQ(r["mknodChar"], -EPERM) << r;
  EXPECT_EQ(r["mknodBlock"], -EPERM) << r;
  EXPECT_EQ(r["mknodFifo"], 0) << r;
  EXPECT_FALSE(root.Has("kmsg"));
  EXPECT_FALSE(root.Has("disk"));
  EXPECT_TRUE(root.Has("fifo"));
  // SysV IPC: neither another program's segment nor new objects.
  EXPECT_EQ(r["shmReadOther"], -EPERM) << r;
  EXPECT_EQ(r["shmget"], -EPERM) << r;
  EXPECT_EQ(r["msgget"], -EPERM) << r;
  EXPECT_EQ(r["semget"], -EPERM) << r;
  // The parent-death signal stays SIGKILL.
  EXPECT_EQ(r["clearParentDeath"], -EPERM) << r;
  EXPECT_EQ(r["softenParentDeath"], -EPERM) << r;
  EXPECT_EQ(r["keepParentDeath"], 0) << r;
}

INSTANTIATE_TEST_SUITE_P(Strategies, SandboxEscapeTest, ::testing::Values("exec", "zygote", "pool"),
                         [](const auto& info) { return info.param; });

// The same calls without a sandbox succeed: each refusal above is the
// sandbox's, not something of the machine's.
TEST(SandboxEscapeCliTest, WithoutASandboxTheSameCallsSucceed) {
  if (::geteuid() != 0) GTEST_SKIP() << "renicing and re-limiting another process needs root";
  Victim victim;
  WriteRoot root;
  SharedSegment segment;
  CliResult result;
  nlohmann::json r = ReachOut({"--spawn", "exec"}, victim, root, segment, &result);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  ASSERT_TRUE(r.is_object()) << result.out << result.err;
  EXPECT_EQ(r["reniceOther"], 0) << r;
  EXPECT_EQ(r["reniceGroup"], -ESRCH) << r;
  EXPECT_EQ(r["reniceUser"], -ESRCH) << r;
  EXPECT_EQ(r["ioReniceOther"], 0) << r;
  EXPECT_EQ(r["affinityOther"], 0) << r;
  EXPECT_EQ(r["limitOther"], 0) << r;
  EXPECT_EQ(r["limitSelf"], 0) << r;
  EXPECT_EQ(r["setrlimit"], -EFAULT) << r;
  EXPECT_EQ(victim.nice(), 19);
  EXPECT_EQ(victim.files(), 10u);
  EXPECT_EQ(r["mknodChar"], 0) << r;
  EXPECT_EQ(r["shmReadOther"], "SECRET") << r;
  EXPECT_GE(r["shmget"].get<long>(), 0) << r;
  EXPECT_EQ(r["clearParentDeath"], 0) << r;
  if (r["shmget"].get<long>() >= 0) ::shmctl(r["shmget"].get<int>(), IPC_RMID, nullptr);
  if (r["msgget"].get<long>() >= 0) ::msgctl(r["msgget"].get<int>(), IPC_RMID, nullptr);
  if (r["semget"].get<long>() >= 0) ::semctl(r["semget"].get<int>(), 0, IPC_RMID);
}

// Landlock alone (the filter off, a test build's hook) refuses device nodes
// in a write root too.
TEST(SandboxEscapeCliTest, LandlockAloneRefusesDeviceNodesInAWriteRoot) {
#ifndef ISOHOST_SANDBOX_TEST_HOOKS
  GTEST_SKIP() << "built without ISOHOST_SANDBOX_TEST_HOOKS";
#endif
  Victim victim;
  WriteRoot root;
  SharedSegment segment;
  CliResult result;
  ::setenv("ISOHOST_TEST_SANDBOX_NO_SECCOMP", "1", 1);
  nlohmann::json r = ReachOut({"--spawn", "exec", "--sandbox", "--allow-fs-write=" + root.path()}, victim, root,
                              segment, &result);
  ::unsetenv("ISOHOST_TEST_SANDBOX_NO_SECCOMP");
  ASSERT_TRUE(r.is_object()) << result.out << result.err;
  EXPECT_NE(result.err.find("sandbox degraded: the seccomp filter is off"), std::string::npos) << result.err;
  EXPECT_EQ(r["mknodChar"], -EACCES) << r;
  EXPECT_EQ(r["mknodBlock"], -EACCES) << r;
  EXPECT_EQ(r["mknodFifo"], 0) << r;
  EXPECT_FALSE(root.Has("kmsg"));
}

// The network: without --allow-net, net and dns refuse with Node's
// ERR_ACCESS_DENIED (permission 'Net') and the kernel makes no socket; with
// it, names resolve (the resolver's files are readable), TCP works, and the
// kernel still makes no Unix, netlink, packet, raw or vsock socket, nor a
// datagram socket pair.
TEST(SandboxEscapeCliTest, TheNetworkIsRefusedByNameAndGrantedAsTcpAndUdpOnly) {
  for (bool granted : {false, true}) {
    SCOPED_TRACE(granted ? "--allow-net" : "no network");
    std::vector<std::string> args = {"run", "--sandbox", "--expose-internals"};
    if (granted) args.push_back("--allow-net");
    args.push_back(ScriptPath("sandbox/network.js"));
    CliResult result = RunCli(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    nlohmann::json r = LastJsonLine(result.out);
    ASSERT_TRUE(r.is_object()) << result.out << result.err;
    if (granted) {
      EXPECT_TRUE(r["lookup"].contains("address")) << r;
      EXPECT_EQ(r["listen"]["listening"], true) << r;
      EXPECT_EQ(r["connect"]["data"], "hello") << r;
      EXPECT_EQ(r["nativeTcp"], true) << r;
      EXPECT_EQ(r["nativeUdp6"], true) << r;
    } else {
      for (const char* call : {"lookup", "listen", "connect"}) {
        EXPECT_EQ(r[call]["code"], "ERR_ACCESS_DENIED") << call << r;
        EXPECT_EQ(r[call]["permission"], "Net") << call << r;
      }
      EXPECT_EQ(r["nativeTcp"], false) << r;
      EXPECT_EQ(r["nativeUdp6"], false) << r;
    }
    for (const char* call : {"nativeUnix", "nativeUnixDgram", "nativeRaw", "nativeNetlink", "nativePacket",
                             "nativeVsock", "pairDgram"}) {
      EXPECT_EQ(r[call], -EPERM) << call << r;
    }
    EXPECT_EQ(r["pairStream"], -EFAULT) << r;
  }
}

// Restarts that cannot start a worker end in the host giving up, and its
// exit status says so: never 0, whatever the workers' processes left.
TEST(SandboxEscapeCliTest, AHostWhoseRestartsFailExitsNonZero) {
  for (const char* strategy : {"exec", "pool"}) {
    SCOPED_TRACE(strategy);
    CliResult result = RunCli({"run", "--spawn", strategy, "--restart", "always", "--max-restarts", "2",
                               "--expose-internals", ScriptPath("sandbox/starve_parent.js")});
    // Exec'd, the worker starves its host itself, which may then lose the
    // worker's line (it cannot take the descriptor its frames come with).
    if (std::string(strategy) == "pool") EXPECT_NE(result.out.find("lowered: 0"), std::string::npos) << result.out;
    EXPECT_NE(result.exit_code, 0) << result.err;
    EXPECT_NE(result.err.find("worker 1: "), std::string::npos) << result.err;
  }
}

}  // namespace
}  // namespace isohost::testing
