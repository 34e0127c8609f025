// Permissions per worker (docs/sandbox.md): hostile scripts try to leave
// their sandbox through fs and natively (past the JS checks, through the
// test-only binding 'sandbox_probe'), under every spawn strategy; each
// attempt gets its expected error and the host carries on.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/pool.h"
#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

constexpr const char* kSecretEnv = "ISOHOST_SANDBOX_TEST_SECRET";

void WriteFile(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

// BASE/app/{hostile.js,data.txt,link -> ../secret/secret.txt}, BASE/secret/secret.txt.
class SandboxFiles {
 public:
  SandboxFiles() {
    char dir_template[] = "/tmp/isohost-sandbox-XXXXXX";
    EXPECT_NE(::mkdtemp(dir_template), nullptr);
    base_ = dir_template;
    std::filesystem::create_directories(base_ / "app");
    std::filesystem::create_directories(base_ / "secret");
    std::filesystem::copy_file(ScriptPath("sandbox/hostile.js"), script());
    WriteFile(base_ / "app" / "data.txt", "granted");
    WriteFile(secret(), "TOPSECRET");
    std::filesystem::create_symlink("../secret/secret.txt", base_ / "app" / "link");
  }
  ~SandboxFiles() { std::filesystem::remove_all(base_); }

  std::string script() const { return (base_ / "app" / "hostile.js").string(); }
  std::string secret() const { return (base_ / "secret" / "secret.txt").string(); }
  std::string app() const { return (base_ / "app").string(); }
  std::string base() const { return base_.string(); }

 private:
  std::filesystem::path base_;
};

nlohmann::json LastJsonLine(const std::string& out) {
  std::size_t end = out.find_last_not_of('\n');
  if (end == std::string::npos) return nullptr;
  std::size_t start = out.rfind('\n', end);
  start = start == std::string::npos ? 0 : start + 1;
  return nlohmann::json::parse(out.substr(start, end - start + 1), nullptr, false);
}

void ExpectDenied(const nlohmann::json& result, const char* permission, const std::string& resource) {
  EXPECT_EQ(result.value("ok", true), false) << result;
  EXPECT_EQ(result.value("code", ""), "ERR_ACCESS_DENIED") << result;
  EXPECT_EQ(result.value("permission", ""), permission) << result;
  if (!resource.empty()) {
    EXPECT_EQ(result.value("resource", ""), resource) << result;
  }
}

void ExpectNative(const nlohmann::json& result, int errno_value) {
  EXPECT_EQ(result.value("ok", false), true) << result;
  EXPECT_EQ(result.value("value", ""), std::to_string(-errno_value)) << result;
}

void ExpectHostileRefused(const nlohmann::json& r, const SandboxFiles& files) {
  ASSERT_TRUE(r.is_object()) << r;
  // Through fs: Node's error, with what was refused.
  ExpectDenied(r["read"], "FileSystemRead", files.secret());
  ExpectDenied(r["readDotDot"], "FileSystemRead", files.secret());
  ExpectDenied(r["readProcRoot"], "FileSystemRead", "/proc/self/root" + files.secret());
  ExpectDenied(r["readdir"], "FileSystemRead", files.base() + "/secret");
  ExpectDenied(r["write"], "FileSystemWrite", files.app() + "/written.txt");
  ExpectDenied(r["writeOutside"], "FileSystemWrite", files.base() + "/secret/written.txt");
  ExpectDenied(r["childProcess"], "ChildProcess", "");
  // The link is inside the root, so JS lets it pass; the kernel refuses
  // what it leads to.
  EXPECT_EQ(r["readSymlink"].value("code", ""), "EACCES") << r["readSymlink"];
  EXPECT_EQ(r["readGranted"].value("value", ""), "granted");
  EXPECT_TRUE(r["env"]["value"].is_null()) << r["env"];
  EXPECT_EQ(r["cwd"].value("value", ""), files.app());
  EXPECT_EQ(r["hasReadHere"].value("value", ""), "true");
  EXPECT_EQ(r["hasReadSecret"].value("value", ""), "false");
  EXPECT_EQ(r["hasWrite"].value("value", ""), "false");
  EXPECT_EQ(r["readAsync"].value("code", ""), "ERR_ACCESS_DENIED");
  EXPECT_EQ(r["readPromise"].value("code", ""), "ERR_ACCESS_DENIED");
  // Natively, past the JS checks: the kernel alone.
  ExpectNative(r["nativeRead"], EACCES);
  ExpectNative(r["nativeReadSymlink"], EACCES);
  ExpectNative(r["nativeReadDotDot"], EACCES);
  ExpectNative(r["nativeReadProcRoot"], EACCES);
  ExpectNative(r["nativeWrite"], EACCES);
  ExpectNative(r["nativeWriteOutside"], EACCES);
  EXPECT_EQ(r["nativeReadGranted"].value("value", ""), "granted");
  EXPECT_TRUE(r["nativeGetenv"]["value"].is_null()) << r["nativeGetenv"];
  EXPECT_EQ(r["nativeEnvironHasSecret"].value("value", ""), "false");
  ExpectNative(r["nativeExec"], EPERM);
  ExpectNative(r["nativeFork"], EPERM);
  ExpectNative(r["nativeSocket"], EPERM);
  ExpectNative(r["nativeSignalHost"], EPERM);
  ExpectNative(r["nativePtraceHost"], EPERM);
}

class SandboxTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { ::setenv(kSecretEnv, "hunter2", 1); }
  void TearDown() override { ::unsetenv(kSecretEnv); }
};

TEST_P(SandboxTest, HostileScriptIsRefusedInJavaScriptAndByTheKernel) {
  SandboxFiles files;
  CliResult result = RunCli({"run", "--spawn", GetParam(), "--sandbox", "--expose-internals", "--stats",
                             files.script(), "--", files.secret(), kSecretEnv});
  // The worker ran to its end, and so did the host.
  EXPECT_EQ(result.exit_code, 0) << result.err;
  ExpectHostileRefused(LastJsonLine(result.out), files);
  EXPECT_FALSE(std::filesystem::exists(files.base() + "/secret/written.txt"));
  EXPECT_FALSE(std::filesystem::exists(files.app() + "/written.txt"));
  EXPECT_NE(result.err.find("\"seccomp_filter\":true"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("\"landlock_abi\":0"), std::string::npos) << result.err;
}

TEST_P(SandboxTest, GrantedRootsAreReadAndWritten) {
  SandboxFiles files;
  std::string out_dir = files.base() + "/out";
  std::filesystem::create_directories(out_dir);
  std::string source =
      "const fs = require('fs');"
      "fs.writeFileSync(process.argv[3] + '/made.txt', fs.readFileSync(process.argv[2], 'utf8'));"
      "fs.mkdirSync(process.argv[3] + '/sub'); fs.renameSync(process.argv[3] + '/made.txt', process.argv[3] + '/sub/m');"
      "console.log(fs.readdirSync(process.argv[3] + '/sub').join(), process.permission.has('fs.write', process.argv[3]));";
  std::string script = files.app() + "/granted.js";
  WriteFile(script, source);
  // Both spellings: a value after the flag, and after '=' with a list.
  CliResult result = RunCli({"run", "--spawn", GetParam(), "--sandbox", "--allow-fs-read", files.secret(),
                             "--allow-fs-write", out_dir, "--allow-fs-read=" + out_dir + "," + files.app(), script,
                             "--", files.secret(), out_dir});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "m true\n");
  std::ifstream made(out_dir + "/sub/m");
  std::string text((std::istreambuf_iterator<char>(made)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "TOPSECRET");
}

TEST_P(SandboxTest, CpuTimeLimitStopsASpinningWorker) {
  SandboxFiles files;
  std::string script = files.app() + "/spin.js";
  WriteFile(script, "console.log('spinning'); for (;;) {}");
  CliResult result = RunCli({"run", "--spawn", GetParam(), "--cpu-time", "0.2", "--stats", script});
  EXPECT_EQ(result.exit_code, 128 + SIGXCPU) << result.err;
  EXPECT_EQ(result.out, "spinning\n");
  EXPECT_NE(result.err.find("cpu_time"), std::string::npos) << result.err;
}

// On a kernel without Landlock the worker says it is degraded: a warning on
// stderr (the worker's, and the host's from the exit), landlock_abi 0 in the
// stats; the JS check and the seccomp filter still hold, the file-system
// grant natively does not. The kernel is simulated (a test-only switch of
// the worker, ISOHOST_SANDBOX_TEST_HOOKS).
TEST_P(SandboxTest, WithoutLandlockTheWorkerSaysItIsDegraded) {
#ifndef ISOHOST_SANDBOX_TEST_HOOKS
  GTEST_SKIP() << "built without ISOHOST_SANDBOX_TEST_HOOKS";
#else
  SandboxFiles files;
  std::string script = files.app() + "/degraded.js";
  WriteFile(script,
            "const probe = require('internal/test/binding').internalBinding('sandbox_probe');"
            "let js; try { require('fs').readFileSync(process.argv[2]); js = 'read'; } catch (err) { js = err.code; }"
            "console.log(js, probe.readFile(process.argv[2]), probe.exec('/bin/true') === -1);");
  ::setenv("ISOHOST_TEST_SANDBOX_NO_LANDLOCK", "1", 1);
  CliResult result =
      RunCli({"run", "--spawn", GetParam(), "--sandbox", "--expose-internals", "--stats", script, "--", files.secret()});
  ::unsetenv("ISOHOST_TEST_SANDBOX_NO_LANDLOCK");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "ERR_ACCESS_DENIED TOPSECRET true\n") << result.err;
  EXPECT_NE(result.err.find("isohost-worker: warning: sandbox degraded: the kernel has no Landlock"), std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("worker 1: sandbox degraded: the kernel has no Landlock"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("\"landlock_abi\":0,\"seccomp_filter\":true"), std::string::npos) << result.err;
#endif
}

// Landlock is per thread: the channel's writer thread, made before the
// sandbox, holds itself to nothing from its birth (it only writes to the
// descriptors it has), so a native open on it is refused, even of what the
// grant lets the script's thread read, and whether or not there is a sandbox.
TEST_P(SandboxTest, TheWriterThreadIsHeldToTheGrantToo) {
  SandboxFiles files;
  std::string script = files.app() + "/writer_thread.js";
  WriteFile(script,
            "const probe = require('internal/test/binding').internalBinding('sandbox_probe');"
            "console.log(probe.openOnWriterThread(process.argv[2]), probe.openOnWriterThread(__filename));");
  CliResult result =
      RunCli({"run", "--spawn", GetParam(), "--sandbox", "--expose-internals", script, "--", files.secret()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, std::to_string(-EACCES) + " " + std::to_string(-EACCES) + "\n") << result.err;
  EXPECT_EQ(result.err.find("degraded"), std::string::npos) << result.err;
  // Without a sandbox too: the script's own thread is not restricted.
  result = RunCli({"run", "--spawn", GetParam(), "--expose-internals", script, "--", files.secret()});
  EXPECT_EQ(result.out, std::to_string(-EACCES) + " " + std::to_string(-EACCES) + "\n") << result.err;
  result = RunCli({"run", "--spawn", GetParam(), "--expose-internals", ScriptPath("sandbox/native_read.js"), "--",
                   files.secret()});
  EXPECT_EQ(result.out, "TOPSECRET\n") << result.err;
}

INSTANTIATE_TEST_SUITE_P(Strategies, SandboxTest, ::testing::Values("exec", "zygote", "pool"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(SandboxCliTest, IdleWorkerIsNotStoppedByItsCpuTimeLimit) {
  // The limit counts CPU time, not the wall clock: a worker that waits
  // longer than it finishes normally.
  CliResult result = RunCli({"run", "--cpu-time", "0.05", ScriptPath("sandbox/idle.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "done\n");
}

TEST(SandboxCliTest, NodeCommandLineTakesNodesPermissionFlags) {
  SandboxFiles files;
  ::setenv(kSecretEnv, "hunter2", 1);
  // Node's model: the environment stays; only the fs roots granted are read.
  CliResult result = RunCli({"--experimental-permission", "--allow-fs-read=" + files.app(), "--expose-internals",
                             files.script(), files.secret(), kSecretEnv});
  ::unsetenv(kSecretEnv);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json r = LastJsonLine(result.out);
  ASSERT_TRUE(r.is_object()) << result.out << result.err;
  ExpectDenied(r["read"], "FileSystemRead", files.secret());
  ExpectNative(r["nativeRead"], EACCES);
  EXPECT_EQ(r["env"].value("value", ""), "hunter2");
  ExpectNative(r["nativeExec"], EPERM);
}

TEST(SandboxCliTest, GrantedChildProcessesRunInsideTheSandbox) {
  SandboxFiles files;
  std::string script = files.app() + "/child.js";
  WriteFile(script,
            "const cp = require('child_process');"
            "console.log(cp.execFileSync('/bin/echo', ['child']).toString().trim());"
            "const cat = cp.spawnSync('/bin/cat', [process.argv[2]]);"
            "console.log(cat.status, cat.stdout.length);"
            "console.log(cp.execFileSync(process.execPath, ['-p', '6 * 7']).toString().trim());");
  CliResult result = RunCli({"run", "--sandbox", "--allow-child-process", script, "--", files.secret()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // The child runs, and inherits the sandbox: the secret stays out of reach.
  EXPECT_EQ(result.out, "child\n1 0\n42\n") << result.err;
}

// A worker may start workers only when granted, and they are no freer than it.
TEST(SandboxCliTest, NestedWorkersNeedTheGrantAndInheritTheSandbox) {
  SandboxFiles files;
  std::string script = files.app() + "/nested.js";
  WriteFile(script,
            "const { Worker } = require('worker_threads');"
            "try {"
            "  const w = new Worker(`const fs = require('fs');"
            "    try { fs.readFileSync(${JSON.stringify(process.argv[2])}); console.log('nested read it'); }"
            "    catch (err) { console.log('nested', err.code, err.permission); }`, { eval: true });"
            "  w.on('exit', (code) => console.log('exit', code));"
            "} catch (err) { console.log('parent', err.code, err.permission); }");
  CliResult refused = RunCli({"run", "--sandbox", script, "--", files.secret()});
  EXPECT_EQ(refused.exit_code, 0) << refused.err;
  EXPECT_EQ(refused.out, "parent ERR_ACCESS_DENIED WorkerThreads\n") << refused.err;
  CliResult granted = RunCli({"run", "--sandbox", "--allow-worker", script, "--", files.secret()});
  EXPECT_EQ(granted.exit_code, 0) << granted.err;
  EXPECT_EQ(granted.out, "nested ERR_ACCESS_DENIED FileSystemRead\nexit 0\n") << granted.err;
}

// An ES module outside the read roots is refused as require() refuses a
// CommonJS one: Node's ERR_ACCESS_DENIED from the JS check, naming the file,
// for a static import, a dynamic import() and a symbolic link in the root
// that leads out (resolved to its target, as ES modules are).
TEST(SandboxCliTest, EsModulesOutsideTheReadRootsAreRefusedWithNodesError) {
  SandboxFiles files;
  std::string secret_module = files.base() + "/secret/secret.mjs";
  WriteFile(secret_module, "export default 'TOPSECRET';\n");
  std::filesystem::create_symlink("../secret/secret.mjs", files.app() + "/link.mjs");
  WriteFile(files.app() + "/granted.mjs", "export default 'granted';\n");
  WriteFile(files.app() + "/dynamic.mjs",
            "import granted from './granted.mjs';\n"
            "const results = { granted };\n"
            "for (const [name, specifier] of [['dynamic', '../secret/secret.mjs'], ['symlink', './link.mjs']]) {\n"
            "  try { results[name] = (await import(specifier)).default; }\n"
            "  catch (err) { results[name] = { ok: false, code: err.code, permission: err.permission, resource: err.resource }; }\n"
            "}\n"
            "console.log(JSON.stringify(results));\n");
  CliResult dynamic = RunCli({"run", "--sandbox", files.app() + "/dynamic.mjs"});
  EXPECT_EQ(dynamic.exit_code, 0) << dynamic.err;
  nlohmann::json r = LastJsonLine(dynamic.out);
  ASSERT_TRUE(r.is_object()) << dynamic.out << dynamic.err;
  EXPECT_EQ(r.value("granted", ""), "granted");
  ExpectDenied(r["dynamic"], "FileSystemRead", secret_module);
  ExpectDenied(r["symlink"], "FileSystemRead", secret_module);

  WriteFile(files.app() + "/static.mjs", "import secret from '../secret/secret.mjs';\nconsole.log(secret);\n");
  CliResult static_import = RunCli({"run", "--sandbox", files.app() + "/static.mjs"});
  EXPECT_EQ(static_import.exit_code, 1) << static_import.err;
  EXPECT_EQ(static_import.out, "");
  EXPECT_NE(static_import.err.find("ERR_ACCESS_DENIED"), std::string::npos) << static_import.err;
  EXPECT_NE(static_import.err.find("permission: 'FileSystemRead'"), std::string::npos) << static_import.err;
  EXPECT_NE(static_import.err.find("resource: '" + secret_module + "'"), std::string::npos) << static_import.err;
  // The same module, granted, loads.
  CliResult granted = RunCli({"run", "--sandbox", "--allow-fs-read", secret_module, files.app() + "/static.mjs"});
  EXPECT_EQ(granted.exit_code, 0) << granted.err;
  EXPECT_EQ(granted.out, "TOPSECRET\n");
}

// `isohost pool` takes run's permission flags: a task reading outside the
// grant gets Node's error from the JS check, a symbolic link in the granted
// directory that leads out gets the kernel's EACCES (the JS check lets it
// pass), and the pool goes on with the next task.
TEST(SandboxCliTest, PoolCommandTakesThePermissionFlags) {
  SandboxFiles files;
  std::string script = files.app() + "/read_task.js";
  std::filesystem::copy_file(ScriptPath("sandbox/read_task.js"), script);
  nlohmann::json paths = {files.secret(), files.app() + "/link", files.app() + "/data.txt"};
  std::string input;
  for (const auto& path : paths) input += path.dump() + "\n";
  auto lines = [](const std::string& out) {
    std::vector<nlohmann::json> parsed;
    std::size_t at = 0;
    while (at < out.size()) {
      std::size_t end = out.find('\n', at);
      if (end == std::string::npos) end = out.size();
      parsed.push_back(nlohmann::json::parse(out.substr(at, end - at), nullptr, false));
      at = end + 1;
    }
    return parsed;
  };
  CliResult sandboxed = RunCli({"pool", "--sandbox", "-n", "1", "-q", script}, input);
  EXPECT_EQ(sandboxed.exit_code, 1) << sandboxed.err;
  std::vector<nlohmann::json> results = lines(sandboxed.out);
  ASSERT_EQ(results.size(), 3u) << sandboxed.out << sandboxed.err;
  EXPECT_EQ(results[0]["error"].value("code", ""), "ERR_ACCESS_DENIED") << results[0];
  EXPECT_EQ(results[1]["error"].value("code", ""), "EACCES") << results[1];
  EXPECT_EQ(results[2].value("result", ""), "granted") << results[2];

  // A root granted on pool's command line is readable, and only it.
  CliResult granted =
      RunCli({"pool", "--permission", "--allow-fs-read=" + files.app() + "," + files.secret(), "-n", "1", "-q", script},
             input);
  EXPECT_EQ(granted.exit_code, 0) << granted.err;
  results = lines(granted.out);
  ASSERT_EQ(results.size(), 3u) << granted.out << granted.err;
  EXPECT_EQ(results[0].value("result", ""), "TOPSECRET") << results[0];
  EXPECT_EQ(results[1].value("result", ""), "TOPSECRET") << results[1];
  EXPECT_EQ(results[2].value("result", ""), "granted") << results[2];
}

TEST(SandboxCliTest, WithoutPermissionsNothingIsRestricted) {
  SandboxFiles files;
  std::string script = files.app() + "/free.js";
  WriteFile(script,
            "console.log(require('fs').readFileSync(process.argv[2], 'utf8'), process.permission === undefined,"
            " require('child_process').execFileSync('/bin/echo', ['child']).toString().trim());");
  CliResult result = RunCli({"run", "--stats", script, "--", files.secret()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "TOPSECRET true child\n");
  EXPECT_NE(result.err.find("\"landlock_abi\":0,\"seccomp_filter\":false"), std::string::npos) << result.err;
}

// The seccomp filter's verdict on call numbers around the runs of refused
// ones (the filter searches intervals of numbers): each refused call fails
// with EPERM, its allowed neighbours run, clone3 gets ENOSYS, the x32 ABI
// is refused whole, and a number the kernel does not know gets its ENOSYS.
TEST(SandboxCliTest, SeccompFilterRefusesItsCallsAndNoOthers) {
  SandboxFiles files;
  struct Case {
    const char* name;
    long nr;
    std::vector<long> args;
    long expected;  // -errno; 0 or more: that result; kPositive: any result above 0
  };
  constexpr long kPositive = 1L << 40;
  const long pid_marker = -(1L << 41);  // replaced by the worker's pid
  const std::vector<Case> cases = {
      {"getpid", SYS_getpid, {}, kPositive},
      {"sync", SYS_sync, {}, 0},
      {"chroot", SYS_chroot, {0}, -EPERM},
      {"acct", SYS_acct, {0}, -EPERM},
      {"pivot_root", SYS_pivot_root, {0, 0}, -EPERM},
      {"prctl", SYS_prctl, {PR_GET_NO_NEW_PRIVS}, 1},
      {"mount", SYS_mount, {0, 0, 0}, -EPERM},
      {"unshare", SYS_unshare, {0}, -EPERM},
      {"personality", SYS_personality, {0xffffffffL}, -EPERM},
      {"pidfd_send_signal", SYS_pidfd_send_signal, {-1, 0, 0}, -EPERM},
      {"io_uring_setup", SYS_io_uring_setup, {1, 0}, -EPERM},
      {"pidfd_open", SYS_pidfd_open, {pid_marker, 0}, -EPERM},
      {"clone3", SYS_clone3, {0, 0}, -ENOSYS},
      {"close_range", SYS_close_range, {100000, 100000, 0}, 0},
      {"x32 getpid", 0x40000000L | SYS_getpid, {}, -EPERM},
      {"socket", SYS_socket, {AF_INET, SOCK_STREAM, 0}, -EPERM},
      {"ioctl TIOCSTI", SYS_ioctl, {0, TIOCSTI, 0}, -EPERM},
      {"ioctl TCGETS", SYS_ioctl, {-1, TCGETS, 0}, -EBADF},
      {"kill self", SYS_kill, {pid_marker, 0}, 0},
      {"kill init", SYS_kill, {1, 0}, -EPERM},
      {"tgkill self", SYS_tgkill, {pid_marker, pid_marker, 0}, 0},
      {"unknown", 1000, {}, -ENOSYS},
  };
  std::string source =
      "const probe = require('internal/test/binding').internalBinding('sandbox_probe');\n"
      "const out = [];\n";
  for (const Case& c : cases) {
    std::string args = std::to_string(c.nr);
    for (long arg : c.args) args += arg == pid_marker ? ", process.pid" : ", " + std::to_string(arg);
    source += "out.push(probe.syscall(" + args + "));\n";
  }
  source += "console.log(JSON.stringify(out));\n";
  std::string script = files.app() + "/syscalls.js";
  WriteFile(script, source);
  // A pooled worker attaches the program it made while it waited for Start.
  for (const char* strategy : {"exec", "pool"}) {
    SCOPED_TRACE(strategy);
    CliResult result = RunCli({"run", "--spawn", strategy, "--sandbox", "--expose-internals", script});
    EXPECT_EQ(result.exit_code, 0) << result.err;
    nlohmann::json out = LastJsonLine(result.out);
    ASSERT_TRUE(out.is_array()) << result.out << result.err;
    ASSERT_EQ(out.size(), cases.size()) << out;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      long got = out[i].get<long>();
      if (cases[i].expected == kPositive) {
        EXPECT_GT(got, 0) << cases[i].name;
      } else {
        EXPECT_EQ(got, cases[i].expected) << cases[i].name;
      }
    }
  }
}

// The C++ library: a sandboxed worker's refusals end nothing but its own
// attempts, and the next worker of the same supervisor runs as usual.
TEST(SandboxLibraryTest, HostCarriesOnAfterAHostileWorker) {
  SandboxFiles files;
  ::setenv(kSecretEnv, "hunter2", 1);
  SupervisorOptions supervisor_options;
  supervisor_options.default_strategy = SpawnStrategy::kPool;
  supervisor_options.worker_binary = BinDir() + "/isohost-worker";
  Supervisor supervisor(supervisor_options);
  WorkerOptions hostile;
  hostile.script_path = files.script();
  hostile.argv = {files.secret(), kSecretEnv};
  hostile.exec_argv = {"--expose-internals"};
  hostile.permissions = Permissions::Sandbox();
  hostile.worker_binary = supervisor_options.worker_binary;
  std::string out;
  ExitInfo hostile_exit;
  int done = 0;
  SupervisedCallbacks callbacks;
  callbacks.on_output = [&](std::uint64_t, StdioStream stream, std::string_view data, ConsoleLevel) {
    if (stream == StdioStream::kStdout) out.append(data);
  };
  callbacks.on_done = [&](std::uint64_t, const ExitInfo& info, const std::string&) {
    hostile_exit = info;
    ++done;
  };
  supervisor.Spawn(hostile, callbacks);
  while (done < 1) uv_run(supervisor.loop(), UV_RUN_ONCE);
  ::unsetenv(kSecretEnv);
  EXPECT_EQ(hostile_exit.code, 0) << hostile_exit.message;
  EXPECT_TRUE(hostile_exit.stats.seccomp_filter);
  EXPECT_GT(hostile_exit.stats.landlock_abi, 0u);
  EXPECT_GT(hostile_exit.stats.sandbox_us, 0u);  // the worker timed its sandbox
  EXPECT_EQ(hostile_exit.sandbox_degraded, "");
  ExpectHostileRefused(LastJsonLine(out), files);

  WorkerOptions next;
  next.script_source = "require('worker_threads').parentPort.postMessage(process.permission === undefined)";
  next.worker_binary = supervisor_options.worker_binary;
  ExitInfo next_exit;
  SupervisedCallbacks next_callbacks;
  next_callbacks.on_done = [&](std::uint64_t, const ExitInfo& info, const std::string&) {
    next_exit = info;
    ++done;
  };
  supervisor.Spawn(next, next_callbacks);
  while (done < 2) uv_run(supervisor.loop(), UV_RUN_ONCE);
  EXPECT_EQ(next_exit.code, 0) << next_exit.message;
  EXPECT_EQ(next_exit.reason, ExitReason::kNormal);
  EXPECT_EQ(next_exit.stats.sandbox_us, 0u);
}

// The same for a worker that waited in the pool (its writer thread has run
// since long before Start): spawned until one comes from the pool.
TEST(SandboxLibraryTest, APooledWorkersWriterThreadIsHeldToTheGrant) {
  SandboxFiles files;
  std::string script = files.app() + "/writer_thread.js";
  WriteFile(script,
            "const probe = require('internal/test/binding').internalBinding('sandbox_probe');"
            "console.log(probe.openOnWriterThread(process.argv[2]), probe.openOnWriterThread(__filename));");
  SupervisorOptions supervisor_options;
  supervisor_options.default_strategy = SpawnStrategy::kPool;
  supervisor_options.worker_binary = BinDir() + "/isohost-worker";
  Supervisor supervisor(supervisor_options);
  bool pooled = false;
  for (int attempt = 0; attempt < 50 && !pooled; ++attempt) {
    WorkerOptions options;
    options.script_path = script;
    options.argv = {files.secret()};
    options.exec_argv = {"--expose-internals"};
    options.permissions = Permissions::Sandbox();
    options.worker_binary = supervisor_options.worker_binary;
    std::string out;
    ExitInfo exit_info;
    bool done = false;
    SupervisedCallbacks callbacks;
    callbacks.on_spawn = [&](std::uint64_t, Worker& worker) { pooled = worker.strategy() == SpawnStrategy::kPool; };
    callbacks.on_output = [&](std::uint64_t, StdioStream stream, std::string_view data, ConsoleLevel) {
      if (stream == StdioStream::kStdout) out.append(data);
    };
    callbacks.on_done = [&](std::uint64_t, const ExitInfo& info, const std::string&) {
      exit_info = info;
      done = true;
    };
    supervisor.Spawn(options, callbacks);
    while (!done) uv_run(supervisor.loop(), UV_RUN_ONCE);
    EXPECT_EQ(exit_info.code, 0) << exit_info.message;
    EXPECT_EQ(out, std::to_string(-EACCES) + " " + std::to_string(-EACCES) + "\n");
    EXPECT_EQ(exit_info.sandbox_degraded, "");
    // The pool refills (on the supervisor's loop), and its worker waits a
    // while before it is taken.
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
    while (std::chrono::steady_clock::now() < until) {
      uv_run(supervisor.loop(), UV_RUN_NOWAIT);
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  EXPECT_TRUE(pooled) << "no worker came from the pool";
}

// A task pool's workers get the same grant: a task reading outside it
// fails with Node's error, and the pool goes on with the next task.
TEST(SandboxLibraryTest, PoolWorkersRunTheirTasksSandboxed) {
  SandboxFiles files;
  std::string script = files.app() + "/read_task.js";
  std::filesystem::copy_file(ScriptPath("sandbox/read_task.js"), script);
  PoolOptions options;
  options.script = script;
  options.worker_binary = BinDir() + "/isohost-worker";
  options.min_workers = options.max_workers = 1;
  options.permissions = Permissions::Sandbox();
  Pool pool(options);
  auto task = [](const std::string& path) {
    std::vector<std::uint8_t> bytes = clone::Encode(clone::CloneValue::String(path));
    return std::string(bytes.begin(), bytes.end());
  };
  auto secret = pool.Run(task(files.secret()));
  auto granted = pool.Run(task(files.app() + "/data.txt"));
  ASSERT_EQ(secret.wait_for(std::chrono::seconds(60)), std::future_status::ready);
  TaskResult refused = secret.get();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error->code, "ERR_ACCESS_DENIED") << refused.error->message;
  ASSERT_EQ(granted.wait_for(std::chrono::seconds(60)), std::future_status::ready);
  TaskResult read = granted.get();
  ASSERT_TRUE(read.ok());
  clone::Result<clone::CloneValue> value =
      clone::Decode({reinterpret_cast<const std::uint8_t*>(read.value.data()), read.value.size()});
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(clone::ToJsonText(*value), "\"granted\"");
}

}  // namespace
}  // namespace isohost::testing
