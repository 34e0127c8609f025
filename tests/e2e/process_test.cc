// `process` in a real worker, against what Node 20 prints for the same scripts
// in a worker_threads worker (the expected outputs below are Node's).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unicode/uvernum.h>
#include <unistd.h>
#include <uv.h>

#include <chrono>
#include <cstdlib>
#include <regex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(ProcessTest, EnvStoresStringsAndSeesTheHostsVariables) {
  ::setenv("ISOHOST_E2E_FROM_HOST", "the host", 1);
  CliResult result = RunCli({"run", ScriptPath("process/env.js")});
  ::unsetenv("ISOHOST_E2E_FROM_HOST");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "from host: the host\n"
            "missing: undefined false\n"
            "E2E_NUMBER string 1\n"
            "E2E_TRUE string true\n"
            "E2E_UNDEFINED string undefined\n"
            "E2E_NULL string null\n"
            "E2E_OBJECT string from toString\n"
            "7 string seven\n"
            "+= concatenates: 11\n"
            "symbol value: TypeError Cannot convert a Symbol value to a string\n"
            "symbol key: undefined false true\n"
            "in: true enumerated: true\n"
            "descriptor: {\"value\":\"true\",\"writable\":true,\"enumerable\":true,\"configurable\":true}\n"
            "delete: true false undefined false\n"
            "prototype still answers: function true\n"
            "defineProperty: ERR_INVALID_OBJECT_DEFINE_PROPERTY 'process.env' does not accept an "
            "accessor(getter/setter) descriptor\n"
            "defineProperty: ERR_INVALID_OBJECT_DEFINE_PROPERTY 'process.env' only accepts a configurable, "
            "writable, and enumerable data descriptor\n"
            "defined: string 42\n"
            "JSON copy: from toString the host\n"
            "replaced by a plain object: number\n");
}

// A process that waits for a signal; reaped by the caller.
pid_t StartSleeper() {
  pid_t pid = fork();
  if (pid == 0) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    signal(SIGUSR1, SIG_DFL);
    for (;;) pause();
  }
  return pid;
}

// How `pid` ended, waiting a generous while; -1 if it is still running.
int TermSignalOf(pid_t pid) {
  for (int i = 0; i < 500; ++i) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  return -1;
}

TEST(ProcessTest, KillChecksItsArgumentsAndSendsRealSignals) {
  pid_t sleeper = StartSleeper();
  ASSERT_GT(sleeper, 0);
  CliResult result = RunCli({"run", ScriptPath("process/kill.js"), "--", std::to_string(sleeper)});
  EXPECT_EQ(TermSignalOf(sleeper), SIGUSR1) << "the worker's kill() did not reach the other process";
  // The worker signalled itself last: it ended by that signal.
  EXPECT_EQ(result.exit_code, 128 + SIGTERM) << result.err;
  EXPECT_EQ(result.out,
            "no pid: TypeError ERR_INVALID_ARG_TYPE undefined undefined The \"pid\" argument must be of type "
            "number. Received undefined\n"
            "fractional pid: TypeError ERR_INVALID_ARG_TYPE undefined undefined The \"pid\" argument must be of "
            "type number. Received type number (1.5)\n"
            "unknown signal: TypeError ERR_UNKNOWN_SIGNAL undefined undefined Unknown signal: SIGNOPE\n"
            "signal 0: true\n"
            "no such process: Error ESRCH -3 kill kill ESRCH\n"
            "bad signal number: Error EINVAL -22 kill kill EINVAL\n"
            "SIGUSR1 to the test: true\n");
}

TEST(ProcessTest, UmaskIsTheProcessesAndCannotBeSet) {
  mode_t previous = ::umask(027);
  CliResult result = RunCli({"run", ScriptPath("process/umask.js")});
  ::umask(previous);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "27\n"
            "TypeError ERR_WORKER_UNSUPPORTED_OPERATION Setting process.umask() is not supported in workers\n"
            "27\n");
}

// Node's names for the machine architectures this can build on.
std::string NodeArch(const std::string& machine) {
  if (machine == "x86_64") return "x64";
  if (machine == "aarch64") return "arm64";
  if (machine == "i686" || machine == "i386") return "ia32";
  return machine;
}

TEST(ProcessTest, VersionsSayWhichNodeApiAndWhichLibraries) {
  CliResult result = RunCli({"run", ScriptPath("process/version.js")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json info = nlohmann::json::parse(result.out);
  const nlohmann::json& versions = info["versions"];
  // The Node API level: what `semver.satisfies(process.version, '>=20')` reads.
  std::smatch match;
  std::string version = info["version"];
  ASSERT_TRUE(std::regex_match(version, match, std::regex(R"(v(\d+)\.(\d+)\.(\d+))"))) << version;
  EXPECT_GE(std::stoi(match[1]), 20) << version;
  EXPECT_EQ(version, "v" + versions["node"].get<std::string>());
  EXPECT_EQ(info["release"]["name"], "node");
  // The libraries are the ones the worker runs on.
  EXPECT_EQ(RunCli({"--version"}).out, "isohost " + versions["isohost"].get<std::string>() + "\n");
  EXPECT_EQ(versions["uv"], uv_version_string());
  EXPECT_EQ(versions["icu"], U_ICU_VERSION);
  EXPECT_TRUE(std::regex_match(versions["v8"].get<std::string>(), std::regex(R"(\d+\.\d+\.\d+.*)"))) << versions;
  EXPECT_TRUE(versions.contains("unicode") && versions.contains("tz")) << versions;
  EXPECT_FALSE(versions.contains("modules")) << "no native addons: no ABI version to promise";
  utsname machine;
  ASSERT_EQ(uname(&machine), 0);
  EXPECT_EQ(info["arch"], NodeArch(machine.machine));
  EXPECT_EQ(info["config"]["target_arch"], info["arch"]);
  EXPECT_EQ(info["platform"], "linux");
}

TEST(ProcessTest, WarningsExitCodesResourcesAndTheCaptureCallback) {
  CliResult result = RunCli({"run", ScriptPath("process/misc.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "emitWarning(1): TypeError ERR_INVALID_ARG_TYPE The \"warning\" argument must be of type string or an "
            "instance of Error. Received type number (1)\n"
            "exitCode = 1.5: RangeError ERR_OUT_OF_RANGE The value of \"code\" is out of range. It must be an "
            "integer. Received 1.5\n"
            "exitCode = \"x\": TypeError ERR_INVALID_ARG_TYPE The \"code\" argument must be of type number. "
            "Received type string ('x')\n"
            "exitCode = \"3\": 3\n"
            "hrtime([1]): RangeError ERR_OUT_OF_RANGE The value of \"time\" is out of range. It must be 2. "
            "Received 1\n"
            "hrtime(\"x\"): TypeError ERR_INVALID_ARG_TYPE The \"time\" argument must be an instance of Array. "
            "Received type string ('x')\n"
            "hrtime of a moment ago: true\n"
            "hrtime.bigint: bigint\n"
            "cpuUsage: user,system\n"
            "cpuUsage(bad): RangeError ERR_INVALID_ARG_VALUE The property 'prevValue.user' is invalid. "
            "Received -1\n"
            "resourceUsage: 16\n"
            "memoryUsage.rss: true\n"
            "chdir: TypeError ERR_WORKER_UNSUPPORTED_OPERATION process.chdir() is not supported in workers\n"
            "setuid: TypeError ERR_WORKER_UNSUPPORTED_OPERATION process.setuid() is not supported in workers\n"
            "groups include egid: true\n"
            "ppid is another process: true\n"
            "capture: undefined\n"
            "capture again: Error ERR_UNCAUGHT_EXCEPTION_CAPTURE_ALREADY_SET "
            "`process.setupUncaughtExceptionCapture()` was called while a capture callback was already active\n"
            "has capture: true\n"
            "warning event: Warning undefined plain undefined\n"
            "warning event: CustomWarning ISO001 with type and code undefined\n"
            "warning event: OptionsWarning ISO002 with options some detail\n"
            "captured: thrown from a timer\n");
  // The listener every process starts with prints them on stderr.
  EXPECT_NE(result.err.find("[ISO001] CustomWarning: with type and code\n"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("[ISO002] OptionsWarning: with options\nsome detail\n"), std::string::npos)
      << result.err;
}

TEST(ProcessTest, AbortEndsTheWorkerBySigabrtAfterItsOutput) {
  CliResult result = RunCli({"run", ScriptPath("process/abort.js")});
  EXPECT_EQ(result.exit_code, 128 + SIGABRT) << result.err;
  EXPECT_EQ(result.out, "before abort\n");
}

TEST(ProcessTest, FatalExceptionSaysWhetherAHandlerTookTheError) {
  CliResult result = RunCli({"run", ScriptPath("process/fatal_exception.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "unhandled false\nlistener b\nhandled true\n") << result.err;
}

}  // namespace
}  // namespace isohost::testing
