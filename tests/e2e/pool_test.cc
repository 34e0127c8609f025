// The task pool (isohost/pool.h) with real workers: results and errors as
// thrown, ES modules, a broken script, crashes and out-of-memory in the
// middle of a task, cancellation, time limits, recycling, a full queue,
// closing, many tasks, and threads.
#include "isohost/pool.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/null_sink.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"
#include "isohost/supervisor.h"
#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

using namespace std::chrono_literals;

// A task as structured-clone bytes, from JSON.
std::string Task(const std::string& json) {
  auto value = ipc::ParseJson(json);
  EXPECT_TRUE(value.ok()) << json;
  std::vector<std::uint8_t> bytes = ipc::Encode(*value);
  return std::string(bytes.begin(), bytes.end());
}

// A result's bytes as JSON text.
std::string Json(const std::string& bytes) {
  auto value = ipc::Decode(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                                        bytes.size()));
  EXPECT_TRUE(value.ok());
  return value.ok() ? ipc::ToJsonText(*value) : std::string("<undecodable>");
}

std::shared_ptr<spdlog::logger> QuietLogger() {
  return std::make_shared<spdlog::logger>("pool-test", std::make_shared<spdlog::sinks::null_sink_mt>());
}

PoolOptions Options(const std::string& script, std::size_t workers) {
  PoolOptions options;
  options.script = ScriptPath("pool/" + script);
  options.worker_binary = BinDir() + "/isohost-worker";
  options.min_workers = workers;
  options.max_workers = workers;
  options.logger = QuietLogger();
  return options;
}

TaskResult Wait(std::future<TaskResult>& future) {
  if (future.wait_for(60s) != std::future_status::ready) {
    ADD_FAILURE() << "no result within 60 s";
    return {};
  }
  return future.get();
}

std::string Describe(const TaskResult& result) {
  if (result.ok()) return "ok: " + Json(result.value);
  return std::string(TaskErrorKindName(result.error->kind)) + ": " + result.error->name + ": " +
         result.error->message;
}

TEST(PoolTest, RunsTasksAndReturnsTheirResults) {
  Pool pool(Options("add_one.js", 2));
  std::vector<std::future<TaskResult>> results;
  for (int i = 0; i < 200; ++i) results.push_back(pool.Run(Task(std::to_string(i))));
  for (int i = 0; i < 200; ++i) {
    TaskResult result = Wait(results[i]);
    ASSERT_TRUE(result.ok()) << Describe(result);
    EXPECT_EQ(Json(result.value), std::to_string(i + 1));
  }
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.completed, 200u);
  EXPECT_EQ(stats.failed, 0u);
  EXPECT_EQ(stats.run.count, 200u);
  EXPECT_EQ(stats.spawns, 2u) << "two workers ran every task";
}

TEST(PoolTest, AnEsModulesDefaultExportRunsTheTasks) {
  Pool pool(Options("esm_task.mjs", 1));
  auto future = pool.Run(Task("21"));
  TaskResult result = Wait(future);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(Json(result.value), "{\"doubled\":42,\"taskId\":" + std::to_string(result.id) + ",\"module\":\"string\"}");
}

TEST(PoolTest, AThrownErrorCrossesWithNameMessageStackAndCode) {
  Pool pool(Options("tasks.js", 1));
  auto thrown = pool.Run(Task(R"({"op":"throw","message":"out of range"})"));
  auto value = pool.Run(Task(R"({"op":"throw-value","value":42})"));
  auto later = pool.Run(Task(R"({"op":"reject-later"})"));
  auto after = pool.Run(Task(R"({"op":"add","n":1})"));
  TaskResult result = Wait(thrown);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->kind, TaskErrorKind::kThrown);
  EXPECT_EQ(result.error->name, "RangeError");
  EXPECT_EQ(result.error->message, "out of range");
  EXPECT_EQ(result.error->code, "ERR_TEST_THROWN");
  EXPECT_NE(result.error->stack.find("RangeError: out of range"), std::string::npos) << result.error->stack;
  EXPECT_NE(result.error->stack.find("tasks.js:"), std::string::npos) << result.error->stack;
  result = Wait(value);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->name, "");
  EXPECT_EQ(result.error->message, "42");
  result = Wait(later);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->name, "TypeError");
  EXPECT_EQ(result.error->message, "rejected later");
  // The worker goes on after what its tasks threw.
  result = Wait(after);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(Json(result.value), "2");
  EXPECT_EQ(pool.stats().thrown, 3u);
  EXPECT_EQ(pool.stats().spawns, 1u);
}

TEST(PoolTest, AResultThatCannotBeClonedFailsWithDataCloneError) {
  Pool pool(Options("tasks.js", 1));
  auto future = pool.Run(Task(R"({"op":"not-cloneable"})"));
  TaskResult result = Wait(future);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->kind, TaskErrorKind::kThrown);
  EXPECT_EQ(result.error->name, "DataCloneError");
  EXPECT_NE(result.error->message.find("could not be cloned"), std::string::npos) << result.error->message;
}

TEST(PoolTest, AScriptWithoutAFunctionFailsItsTasksWithStartupFailed) {
  Pool pool(Options("not_a_function.js", 2));
  auto first = pool.Run(Task("1"));
  auto second = pool.Run(Task("2"));
  for (auto* future : {&first, &second}) {
    TaskResult result = Wait(*future);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->kind, TaskErrorKind::kStartupFailed) << Describe(result);
    EXPECT_NE(result.error->message.find("must export a function"), std::string::npos) << result.error->message;
    EXPECT_NE(result.error->message.find("an object without a default function"), std::string::npos)
        << result.error->message;
    ASSERT_TRUE(result.error->exit.has_value());
    EXPECT_EQ(result.error->exit->reason, ExitReason::kStartupFailed);
  }
}

TEST(PoolTest, AScriptThatThrowsWhileLoadingFailsItsTasksWithStartupFailed) {
  PoolOptions options = Options("throws_at_load.js", 1);
  std::string printed;  // on the pool's thread, read after the pool is gone
  options.on_output = [&printed](std::uint64_t, StdioStream, std::string_view data, ConsoleLevel) {
    printed.append(data);
  };
  {
    Pool pool(options);
    auto future = pool.Run(Task("1"));
    TaskResult result = Wait(future);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->kind, TaskErrorKind::kStartupFailed) << Describe(result);
    ASSERT_TRUE(result.error->exit.has_value());
    EXPECT_EQ(result.error->exit->reason, ExitReason::kUncaughtException);
    // Why, as the worker printed it, is in the message.
    EXPECT_NE(result.error->message.find("Error: broken at load"), std::string::npos) << result.error->message;
    EXPECT_EQ(pool.stats().startup_failures, 1u);
    // No worker is started again for a broken script until the next Run().
    EXPECT_EQ(pool.stats().spawns, 1u);
  }
  EXPECT_NE(printed.find("broken at load"), std::string::npos) << printed;
}

}  // namespace
}  // namespace isohost::testing
