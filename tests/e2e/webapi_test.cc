// events and the Web APIs (EventTarget, AbortController, DOMException,
// performance, navigator, structuredClone) inside real workers. Most scripts
// print what Node prints for them; their stdout is compared with that of
// /usr/bin/node running the same script in a worker_threads Worker
// (scripts/lib/node_worker.js). Those tests skip when Node is absent.
#include <sched.h>
#include <sys/wait.h>
#include <stdio.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/e2e/node_output.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

TEST(WebApiTest, EventEmitterMatchesNode) { ExpectSameAsNodeWorker("webapi/events_emitter.js"); }

TEST(WebApiTest, EventsModuleFunctionsMatchNode) { ExpectSameAsNodeWorker("webapi/events_module.js"); }

TEST(WebApiTest, EventTargetMatchesNode) { ExpectSameAsNodeWorker("webapi/event_target.js"); }

TEST(WebApiTest, AbortControllerMatchesNode) { ExpectSameAsNodeWorker("webapi/abort.js"); }

TEST(WebApiTest, DOMExceptionMatchesNode) { ExpectSameAsNodeWorker("webapi/dom_exception.js"); }

TEST(WebApiTest, StructuredCloneMatchesNode) { ExpectSameAsNodeWorker("webapi/structured_clone.js"); }

TEST(WebApiTest, PerformanceMatchesNode) { ExpectSameAsNodeWorker("webapi/performance.js"); }

TEST(WebApiTest, WarningsReachListenersAsInNode) { ExpectSameAsNodeWorker("webapi/warnings.js"); }

// Node reports a throwing listener on the next tick: the dispatch goes on,
// then the worker dies of it.
TEST(WebApiTest, ThrowingListenerIsAnUncaughtExceptionAfterTheDispatch) {
  ExpectSameAsNodeWorker("webapi/listener_throws.js");
  CliResult result = RunCli({"run", ScriptPath("webapi/listener_throws.js")});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("Error: boom from listener"), std::string::npos) << result.err;
}

TEST(WebApiTest, MaxListenersWarningIsWrittenWithNodesText) {
  CliResult result = RunCli({"run", ScriptPath("webapi/warnings.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find(") MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 x "
                            "listeners added to [EventEmitter]. MaxListeners is 10. Use "
                            "emitter.setMaxListeners() to increase limit\n"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find(") MaxListenersExceededWarning: Possible EventTarget memory leak detected. 11 y "
                            "listeners added to EventTarget. MaxListeners is 10. Use "
                            "events.setMaxListeners() to increase limit\n"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find(") [C] T: with detail\nmore\n"), std::string::npos) << result.err;
}

// Node 20 has no navigator; the values are those Node 21 defines, checked
// against this machine.
TEST(WebApiTest, NavigatorDescribesThisMachine) {
  CliResult result = RunCli({"run", ScriptPath("webapi/navigator.js")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json info = nlohmann::json::parse(result.out.substr(0, result.out.find('\n')));
  cpu_set_t cpus;
  ASSERT_EQ(sched_getaffinity(0, sizeof cpus, &cpus), 0);
  EXPECT_EQ(info["hardwareConcurrency"], CPU_COUNT(&cpus));
  EXPECT_EQ(info["userAgent"], "Node.js/20");
#if defined(__x86_64__)
  EXPECT_EQ(info["platform"], "Linux x86_64");
#endif
  EXPECT_TRUE(info["language"].is_string() && !info["language"].get<std::string>().empty());
  EXPECT_EQ(info["languages"], nlohmann::json::array({info["language"]}));
  EXPECT_EQ(info["tag"], "[object Navigator]");
  EXPECT_EQ(info["isNavigator"], true);
  EXPECT_NE(result.out.find("TypeError ERR_ILLEGAL_CONSTRUCTOR Illegal constructor"), std::string::npos);
}

// Each Web global is an accessor until read: listing them compiles nothing
// more than a script that prints, reading one compiles its builtins and
// leaves a data property.
TEST(WebApiTest, WebGlobalsAreBuiltOnFirstReadOnly) {
  int idle = BuiltinsLoaded({ScriptPath("webapi/lazy_globals.js"), "--", "baseline"});
  ASSERT_GT(idle, 0);
  CliResult look = RunCli({"run", ScriptPath("webapi/lazy_globals.js"), "--", "look"});
  EXPECT_NE(look.out.find("Event=present"), std::string::npos) << look.out;
  EXPECT_EQ(look.out.find("=missing"), std::string::npos) << look.out;
  EXPECT_EQ(BuiltinsLoaded({ScriptPath("webapi/lazy_globals.js"), "--", "look"}), idle);
  for (const char* name : {"Event", "AbortSignal", "DOMException", "performance", "navigator", "structuredClone"}) {
    CliResult read = RunCli({"run", ScriptPath("webapi/lazy_globals.js"), "--", "read", name});
    EXPECT_NE(read.out.find(" data:true true "), std::string::npos) << name << ": " << read.out;
    EXPECT_GT(BuiltinsLoaded({ScriptPath("webapi/lazy_globals.js"), "--", "read", name}), idle) << name;
  }
  CliResult assign = RunCli({"run", ScriptPath("webapi/lazy_globals.js"), "--", "assign", "Event"});
  EXPECT_EQ(assign.out, "replaced data:true\n");
  EXPECT_EQ(BuiltinsLoaded({ScriptPath("webapi/lazy_globals.js"), "--", "assign", "Event"}), idle);
}

// The timer of AbortSignal.timeout() is unref'd: a worker with nothing else
// to do exits at once instead of waiting 100 s.
TEST(WebApiTest, PendingAbortSignalTimeoutDoesNotKeepTheWorkerAlive) {
  auto start = std::chrono::steady_clock::now();
  CliResult result = RunCli({"run", ScriptPath("webapi/timeout_unref.js")});
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "waiting on nothing else\n");
  EXPECT_LT(elapsed, std::chrono::seconds(30));
}

// Idle time counts from the first eventLoopUtilization() call: a worker then
// waiting 300 ms on a timer reports most of it as idle.
TEST(WebApiTest, EventLoopUtilizationCountsIdleTime) {
  CliResult result = RunCli({"run", ScriptPath("webapi/loop_idle.js")});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json elu = nlohmann::json::parse(result.out);
  EXPECT_GE(elu["idle"].get<double>(), 100.0) << result.out;
  EXPECT_GE(elu["active"].get<double>(), 0.0) << result.out;
  EXPECT_LT(elu["utilization"].get<double>(), 1.0) << result.out;
}

}  // namespace
}  // namespace isohost::testing
