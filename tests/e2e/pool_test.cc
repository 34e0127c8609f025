// The task pool (isohost/pool.h) with real workers: results and errors as
// thrown, ES modules, a broken script, crashes and out-of-memory in the
// middle of a task, cancellation, time limits, recycling, a full queue,
// closing, many tasks, and threads.
#include "isohost/pool.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/null_sink.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <condition_variable>
#include <optional>
#include <sstream>
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
  auto value = clone::ParseJson(json);
  EXPECT_TRUE(value.ok()) << json;
  std::vector<std::uint8_t> bytes = clone::Encode(*value);
  return std::string(bytes.begin(), bytes.end());
}

// A result's bytes as JSON text.
std::string Json(const std::string& bytes) {
  auto value = clone::Decode(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                                        bytes.size()));
  EXPECT_TRUE(value.ok());
  return value.ok() ? clone::ToJsonText(*value) : std::string("<undecodable>");
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


// The pid of the worker that ran an {"op":"id"} task.
int PidOf(const TaskResult& result) {
  std::string json = Json(result.value);
  auto at = json.find("\"pid\":");
  return at == std::string::npos ? 0 : std::stoi(json.substr(at + 6));
}

TEST(PoolTest, AWorkerThatCrashesMidTaskFailsThatTaskAloneAndIsReplaced) {
  Pool pool(Options("tasks.js", 1));
  auto before = pool.Run(Task(R"({"op":"id"})"));
  auto crash = pool.Run(Task(R"({"op":"crash"})"));
  auto after = pool.Run(Task(R"({"op":"id"})"));
  TaskResult first = Wait(before);
  ASSERT_TRUE(first.ok()) << Describe(first);
  TaskResult crashed = Wait(crash);
  ASSERT_FALSE(crashed.ok());
  EXPECT_EQ(crashed.error->kind, TaskErrorKind::kCrashed) << Describe(crashed);
  ASSERT_TRUE(crashed.error->exit.has_value());
  EXPECT_EQ(crashed.error->exit->signal, 9);
  EXPECT_NE(crashed.error->message.find("killed by signal"), std::string::npos) << crashed.error->message;
  // The task queued behind it runs on the replacement.
  TaskResult last = Wait(after);
  ASSERT_TRUE(last.ok()) << Describe(last);
  EXPECT_NE(PidOf(last), PidOf(first));
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.crashes, 1u);
  EXPECT_EQ(stats.spawns, 2u);
  EXPECT_EQ(stats.completed, 2u);
  EXPECT_EQ(stats.failed, 1u);
}

TEST(PoolTest, AWorkerThatRunsOutOfMemoryMidTaskFailsThatTaskAlone) {
  PoolOptions options = Options("tasks.js", 2);
  options.limits.max_old_space_mb = 32;
  Pool pool(options);
  auto sleeper = pool.Run(Task(R"({"op":"sleep","ms":300})"));
  auto hog = pool.Run(Task(R"({"op":"oom"})"));
  TaskResult result = Wait(hog);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->kind, TaskErrorKind::kOutOfMemory) << Describe(result);
  ASSERT_TRUE(result.error->exit.has_value());
  EXPECT_EQ(result.error->exit->reason, ExitReason::kOutOfMemory);
  // The other worker's task is untouched, and the pool goes on.
  result = Wait(sleeper);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(Json(result.value), "\"slept\"");
  auto again = pool.Run(Task(R"({"op":"add","n":41})"));
  result = Wait(again);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(Json(result.value), "42");
  EXPECT_EQ(pool.stats().crashes, 1u);
}

TEST(PoolTest, AQueuedTaskThatIsCancelledNeverRuns) {
  Pool pool(Options("tasks.js", 1));
  auto running = pool.Run(Task(R"({"op":"sleep","ms":300})"));
  std::future<TaskResult> queued;
  TaskId queued_id = 0;
  {
    auto promise = std::make_shared<std::promise<TaskResult>>();
    queued = promise->get_future();
    queued_id = pool.Run(Task(R"({"op":"crash"})"), {}, [promise](TaskResult r) { promise->set_value(std::move(r)); });
  }
  pool.Cancel(queued_id);
  TaskResult result = Wait(queued);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->kind, TaskErrorKind::kCancelled);
  EXPECT_EQ(result.id, queued_id);
  // It never ran: the worker did not crash, and the running task finished.
  result = Wait(running);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(pool.stats().crashes, 0u);
  EXPECT_EQ(pool.stats().cancelled, 1u);
}

TEST(PoolTest, ARunningTaskThatIsCancelledSeesItsSignalAndItsWorkerStays) {
  PoolOptions options = Options("tasks.js", 1);
  options.cancel_grace_ms = 10'000;
  Pool pool(options);
  auto before = pool.Run(Task(R"({"op":"id"})"));
  TaskResult first = Wait(before);
  ASSERT_TRUE(first.ok());
  CancelSource source;
  RunOptions run;
  run.cancel = source.token();
  auto start = std::chrono::steady_clock::now();
  auto sleeping = pool.Run(Task(R"({"op":"sleep","ms":60000})"), run);
  auto queued = pool.Run(Task(R"({"op":"id"})"));
  std::this_thread::sleep_for(100ms);
  source.Cancel();
  TaskResult result = Wait(sleeping);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->kind, TaskErrorKind::kCancelled);
  // The task settled on its signal (cooperatively): the same worker runs the
  // next task at once, long before the grace period would have killed it.
  result = Wait(queued);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(PidOf(result), PidOf(first));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
  EXPECT_EQ(pool.stats().kills, 0u);
  EXPECT_EQ(pool.stats().spawns, 1u);
}

TEST(PoolTest, ARunningTaskThatIgnoresItsCancellationHasItsWorkerKilledAndNothingElseIsLost) {
  PoolOptions options = Options("tasks.js", 1);
  options.cancel_grace_ms = 200;
  Pool pool(options);
  for (const char* op : {R"({"op":"ignore-cancel"})", R"({"op":"spin","ms":60000})"}) {
    auto stuck_promise = std::make_shared<std::promise<TaskResult>>();
    auto stuck = stuck_promise->get_future();
    TaskId id = pool.Run(Task(op), {}, [stuck_promise](TaskResult r) { stuck_promise->set_value(std::move(r)); });
    auto queued = pool.Run(Task(R"({"op":"add","n":1})"));
    std::this_thread::sleep_for(100ms);
    pool.Cancel(id);
    TaskResult result = Wait(stuck);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->kind, TaskErrorKind::kCancelled);
    // The queued task waits for the worker's slot, then runs on the replacement.
    result = Wait(queued);
    ASSERT_TRUE(result.ok()) << Describe(result);
    EXPECT_EQ(Json(result.value), "2");
  }
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.kills, 2u);
  EXPECT_EQ(stats.crashes, 0u) << "a worker killed on purpose is no crash";
  EXPECT_EQ(stats.spawns, 3u);
  EXPECT_EQ(stats.cancelled, 2u);
}

TEST(PoolTest, ATaskPastItsTimeLimitFailsWithTimeout) {
  PoolOptions options = Options("tasks.js", 1);
  options.cancel_grace_ms = 200;
  options.task_timeout_ms = 150;
  Pool pool(options);
  auto start = std::chrono::steady_clock::now();
  // A cooperative task settles on its signal: its worker stays.
  auto sleeping = pool.Run(Task(R"({"op":"sleep","ms":60000})"));
  // A busy one is killed after the grace.
  auto spinning = pool.Run(Task(R"({"op":"spin","ms":60000})"));
  // Its own limit, longer than the pool's.
  RunOptions longer;
  longer.timeout_ms = 20'000;
  auto slow = pool.Run(Task(R"({"op":"sleep","ms":300})"), longer);
  for (auto* future : {&sleeping, &spinning}) {
    TaskResult result = Wait(*future);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->kind, TaskErrorKind::kTimeout) << Describe(result);
    EXPECT_NE(result.error->message.find("time limit of 150 ms"), std::string::npos) << result.error->message;
  }
  TaskResult result = Wait(slow);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.timed_out, 2u);
  EXPECT_EQ(stats.kills, 1u);
}

TEST(PoolTest, WorkersAreRecycledAfterMaxTasks) {
  PoolOptions options = Options("tasks.js", 1);
  options.recycle.max_tasks = 3;
  Pool pool(options);
  std::vector<int> pids;
  for (int i = 0; i < 7; ++i) {
    auto future = pool.Run(Task(R"({"op":"id"})"));
    TaskResult result = Wait(future);
    ASSERT_TRUE(result.ok()) << Describe(result);
    pids.push_back(PidOf(result));
  }
  EXPECT_EQ(pids[0], pids[2]);
  EXPECT_NE(pids[2], pids[3]);
  EXPECT_EQ(pids[3], pids[5]);
  EXPECT_NE(pids[5], pids[6]);
  EXPECT_EQ(pool.stats().recycles.max_tasks, 2u);
  EXPECT_EQ(pool.stats().crashes, 0u);
}

TEST(PoolTest, AWorkerWhoseHeapGrowsPastTheLimitIsRecycledAfterThatTask) {
  PoolOptions options = Options("tasks.js", 1);
  options.recycle.max_heap_used_mb = 24;
  Pool pool(options);
  auto small = pool.Run(Task(R"({"op":"retain","mb":1})"));
  auto big = pool.Run(Task(R"({"op":"retain","mb":32})"));
  auto after = pool.Run(Task(R"({"op":"retain","mb":1})"));
  for (auto* future : {&small, &big}) {
    TaskResult result = Wait(*future);
    ASSERT_TRUE(result.ok()) << Describe(result);
  }
  // The task itself succeeded; the worker that holds the memory is replaced,
  // so the next task starts from an empty heap.
  TaskResult result = Wait(after);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(Json(result.value), "1");
  EXPECT_EQ(pool.stats().recycles.heap, 1u);
  EXPECT_EQ(pool.stats().spawns, 2u);
}

TEST(PoolTest, ATaskSentAheadToAWorkerThatPassesItsHeapLimitRunsOnAFreshHeap) {
  PoolOptions options = Options("tasks.js", 1);
  options.recycle.max_heap_used_mb = 24;
  // `after` is sent to the worker while `big` runs, and waits there.
  options.pipelining = Pipelining::kOn;
  Pool pool(options);
  auto big = pool.Run(Task(R"({"op":"retain","mb":32})"));
  auto after = pool.Run(Task(R"({"op":"retain","mb":1})"));
  TaskResult result = Wait(big);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(Json(result.value), "32");
  // The worker starts nothing more once over its limit; the host takes
  // `after` back and runs it on the replacement.
  result = Wait(after);
  ASSERT_TRUE(result.ok()) << Describe(result);
  EXPECT_EQ(Json(result.value), "1");
  EXPECT_EQ(pool.stats().recycles.heap, 1u);
  EXPECT_EQ(pool.stats().spawns, 2u);
}

TEST(PoolTest, AWorkerOlderThanMaxAgeIsRecycledBetweenTasks) {
  PoolOptions options = Options("tasks.js", 1);
  options.recycle.max_age_ms = 300;
  Pool pool(options);
  auto first = pool.Run(Task(R"({"op":"id"})"));
  TaskResult before = Wait(first);
  ASSERT_TRUE(before.ok());
  std::this_thread::sleep_for(700ms);
  auto second = pool.Run(Task(R"({"op":"id"})"));
  TaskResult after = Wait(second);
  ASSERT_TRUE(after.ok());
  EXPECT_NE(PidOf(before), PidOf(after));
  EXPECT_GE(pool.stats().recycles.max_age, 1u);
  EXPECT_EQ(pool.stats().crashes, 0u);
}

TEST(PoolTest, AFullQueueRefusesWithAClearErrorAndLosesNothing) {
  PoolOptions options = Options("tasks.js", 1);
  options.max_queue = 2;
  std::promise<void> drained;
  options.on_drain = [&drained] { drained.set_value(); };
  Pool pool(options);
  auto running = pool.Run(Task(R"({"op":"sleep","ms":300})"));
  // Let the first task reach the worker, so that two wait in the queue.
  while (pool.stats().running_tasks == 0) std::this_thread::sleep_for(1ms);
  auto second = pool.Run(Task(R"({"op":"add","n":2})"));
  auto third = pool.Run(Task(R"({"op":"add","n":3})"));
  EXPECT_TRUE(pool.needs_drain());
  auto refused = pool.Run(Task(R"({"op":"add","n":4})"));
  TaskResult result = Wait(refused);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->kind, TaskErrorKind::kQueueFull);
  EXPECT_NE(result.error->message.find("max_queue 2"), std::string::npos) << result.error->message;
  // Everything accepted runs.
  EXPECT_TRUE(Wait(running).ok());
  result = Wait(second);
  EXPECT_EQ(Json(result.value), "3");
  result = Wait(third);
  EXPECT_EQ(Json(result.value), "4");
  EXPECT_EQ(drained.get_future().wait_for(10s), std::future_status::ready);
  EXPECT_FALSE(pool.needs_drain());
  EXPECT_EQ(pool.stats().refused, 1u);
}

TEST(PoolTest, HigherPriorityTasksRunFirst) {
  Pool pool(Options("tasks.js", 1));
  std::mutex mutex;
  std::vector<std::string> order;
  auto record = [&](const char* name) {
    return [&, name](TaskResult) {
      std::lock_guard<std::mutex> lock(mutex);
      order.push_back(name);
    };
  };
  pool.Run(Task(R"({"op":"sleep","ms":200})"), {}, record("first"));
  while (pool.stats().running_tasks == 0) std::this_thread::sleep_for(1ms);
  RunOptions low, high;
  low.priority = -1;
  high.priority = 5;
  pool.Run(Task(R"({"op":"add","n":1})"), low, record("low"));
  pool.Run(Task(R"({"op":"add","n":1})"), {}, record("normal 1"));
  pool.Run(Task(R"({"op":"add","n":1})"), high, record("high"));
  auto last = pool.Run(Task(R"({"op":"add","n":1})"));
  Wait(last);
  pool.Close().wait();
  std::lock_guard<std::mutex> lock(mutex);
  EXPECT_EQ(order, (std::vector<std::string>{"first", "high", "normal 1", "low"}));
}

TEST(PoolTest, CloseWithDrainFinishesEveryTaskFirst) {
  int before = CountDescendants();
  Pool pool(Options("tasks.js", 2));
  std::vector<std::future<TaskResult>> results;
  for (int i = 0; i < 10; ++i) results.push_back(pool.Run(Task(R"({"op":"sleep","ms":30})")));
  auto closed = pool.Close({.drain = true, .timeout_ms = 30'000});
  ASSERT_EQ(closed.wait_for(30s), std::future_status::ready);
  for (auto& result : results) {
    TaskResult value = Wait(result);
    EXPECT_TRUE(value.ok()) << Describe(value);
  }
  auto late = pool.Run(Task(R"({"op":"add","n":1})"));
  TaskResult refused = Wait(late);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error->kind, TaskErrorKind::kClosed);
  // Every worker is gone (the zygote stays until the pool is destroyed).
  EXPECT_EQ(pool.stats().workers, 0u);
  pool.Destroy();
  EXPECT_EQ(CountDescendants(), before);
}

TEST(PoolTest, CloseWithoutDrainDropsTheQueueAndStopsWhatRuns) {
  int before = CountDescendants();
  PoolOptions options = Options("tasks.js", 2);
  options.cancel_grace_ms = 200;
  Pool pool(options);
  auto cooperative = pool.Run(Task(R"({"op":"sleep","ms":60000})"));
  auto stubborn = pool.Run(Task(R"({"op":"spin","ms":60000})"));
  auto queued = pool.Run(Task(R"({"op":"add","n":1})"));
  while (pool.stats().running_tasks < 2) std::this_thread::sleep_for(1ms);
  auto start = std::chrono::steady_clock::now();
  auto closed = pool.Close({.drain = false, .timeout_ms = 500});
  for (auto* future : {&cooperative, &stubborn, &queued}) {
    TaskResult result = Wait(*future);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->kind, TaskErrorKind::kClosed) << Describe(result);
  }
  ASSERT_EQ(closed.wait_for(30s), std::future_status::ready);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  EXPECT_EQ(pool.stats().workers, 0u);
  pool.Destroy();
  EXPECT_EQ(CountDescendants(), before);
}

TEST(PoolTest, DestroyFailsWhatIsLeftAndKillsEveryWorker) {
  int before = CountDescendants();
  auto pool = std::make_unique<Pool>(Options("tasks.js", 2));
  auto running = pool->Run(Task(R"({"op":"spin","ms":60000})"));
  auto queued = pool->Run(Task(R"({"op":"add","n":1})"));
  auto queued2 = pool->Run(Task(R"({"op":"add","n":1})"));
  while (pool->stats().running_tasks == 0) std::this_thread::sleep_for(1ms);
  pool.reset();
  for (auto* future : {&running, &queued, &queued2}) {
    ASSERT_EQ(future->wait_for(0s), std::future_status::ready) << "its callback ran before Destroy() returned";
    TaskResult result = future->get();
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->kind, TaskErrorKind::kClosed);
  }
  EXPECT_EQ(CountDescendants(), before);
}

// Runs `count` tasks n => n + 1 through `pool`, at most `window` at a time,
// and checks every result.
void RunMany(Pool& pool, int count, int window) {
  std::mutex mutex;
  std::condition_variable settled;
  int outstanding = 0;
  int done = 0;
  int wrong = 0;
  for (int i = 0; i < count; ++i) {
    {
      std::unique_lock<std::mutex> lock(mutex);
      settled.wait(lock, [&] { return outstanding < window; });
      ++outstanding;
    }
    pool.Run(Task(std::to_string(i)), {}, [&, i](TaskResult result) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!result.ok() || Json(result.value) != std::to_string(i + 1)) ++wrong;
      --outstanding;
      ++done;
      settled.notify_all();
    });
  }
  std::unique_lock<std::mutex> lock(mutex);
  settled.wait(lock, [&] { return done == count; });
  EXPECT_EQ(wrong, 0);
}

TEST(PoolTest, AHundredThousandTasksLeaveNoDescriptorProcessOrMemoryBehind) {
  Pool pool(Options("add_one.js", 2));
  RunMany(pool, 10'000, 64);  // warm-up: allocator pools, the rings' pages, the histograms
  int fds = CountOpenFds();
  int processes = CountDescendants();
  long memory = HeldMemoryKb();
  RunMany(pool, 100'000, 64);
  EXPECT_EQ(CountOpenFds(), fds);
  EXPECT_EQ(CountDescendants(), processes);
  // No memory per task stays behind: 100,000 tasks of a few hundred bytes of
  // bookkeeping each would be tens of MiB.
  EXPECT_LT(HeldMemoryKb() - memory, 4096) << "host memory grew from " << memory << " KiB";
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.completed, 110'000u);
  EXPECT_EQ(stats.spawns, 2u);
  EXPECT_EQ(stats.queue_size, 0u);
}

TEST(PoolTest, APoolOfItsOwnThreadIsSafeFromManyThreads) {
  Pool pool(Options("add_one.js", 2));
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&pool, &wrong, t] {
      std::vector<std::future<TaskResult>> results;
      for (int i = 0; i < 500; ++i) results.push_back(pool.Run(Task(std::to_string(t * 1000 + i))));
      for (int i = 0; i < 500; ++i) {
        TaskResult result = Wait(results[i]);
        if (!result.ok() || Json(result.value) != std::to_string(t * 1000 + i + 1)) ++wrong;
      }
      PoolStats stats = pool.stats();  // readable while others run tasks
      if (stats.submitted == 0) ++wrong;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(pool.stats().completed, 2000u);
}

TEST(PoolTest, APoolOnACallersLoopRefusesCallsFromAnotherThread) {
  uv_loop_t loop;
  ASSERT_EQ(uv_loop_init(&loop), 0);
  {
    Pool pool(&loop, Options("add_one.js", 1));
    std::optional<TaskResult> own;
    pool.Run(Task("1"), {}, [&own](TaskResult result) { own = std::move(result); });
    std::optional<TaskResult> foreign;
    std::thread([&] {
      pool.Run(Task("2"), {}, [&foreign](TaskResult result) { foreign = std::move(result); });
    }).join();
    // Refused at once, on the calling thread.
    ASSERT_TRUE(foreign.has_value());
    ASSERT_FALSE(foreign->ok());
    EXPECT_EQ(foreign->error->kind, TaskErrorKind::kInvalid);
    EXPECT_NE(foreign->error->message.find("another thread"), std::string::npos) << foreign->error->message;
    while (!own) uv_run(&loop, UV_RUN_ONCE);
    ASSERT_TRUE(own->ok()) << Describe(*own);
    EXPECT_EQ(Json(own->value), "2");
    bool closed = false;
    pool.Close({}, [&closed] { closed = true; });
    while (!closed) uv_run(&loop, UV_RUN_ONCE);
  }
  uv_run(&loop, UV_RUN_DEFAULT);
  EXPECT_EQ(uv_loop_close(&loop), 0) << "a handle was left open";
}

TEST(PoolTest, APoolOnASupervisorsLoopRunsBesideItsWorkers) {
  SupervisorOptions supervisor_options;
  supervisor_options.worker_binary = BinDir() + "/isohost-worker";
  Supervisor supervisor(supervisor_options);
  Pool pool(supervisor, Options("add_one.js", 2));
  int results = 0;
  for (int i = 0; i < 50; ++i) {
    pool.Run(Task(std::to_string(i)), {}, [&, i](TaskResult result) {
      EXPECT_TRUE(result.ok()) << Describe(result);
      EXPECT_EQ(Json(result.value), std::to_string(i + 1));
      if (++results == 50) pool.Close({}, [] {});
    });
  }
  supervisor.Run();  // returns once the pool has closed and nothing else runs
  EXPECT_EQ(results, 50);
  EXPECT_EQ(pool.stats().workers, 0u);
}


// Polls `condition` for up to 10 s.
bool Eventually(const std::function<bool()>& condition) {
  for (auto end = std::chrono::steady_clock::now() + 10s; std::chrono::steady_clock::now() < end;) {
    if (condition()) return true;
    std::this_thread::sleep_for(2ms);
  }
  return condition();
}

TEST(PoolTest, AWorkerRunsSeveralTasksAtOnceWhenAllowed) {
  PoolOptions options = Options("tasks.js", 1);
  options.concurrent_tasks_per_worker = 4;
  Pool pool(options);
  std::vector<std::future<TaskResult>> results;
  for (int i = 0; i < 4; ++i) results.push_back(pool.Run(Task(R"({"op":"sleep","ms":500})")));
  EXPECT_TRUE(Eventually([&] { return pool.stats().running_tasks == 4; })) << "four tasks on one worker at once";
  for (auto& result : results) EXPECT_TRUE(Wait(result).ok());
  EXPECT_EQ(pool.stats().spawns, 1u);
}

TEST(PoolTest, WorkersAboveTheMinimumEndWhenIdle) {
  PoolOptions options = Options("tasks.js", 2);
  options.min_workers = 0;
  options.idle_timeout_ms = 100;
  Pool pool(options);
  EXPECT_EQ(pool.stats().workers, 0u) << "no worker before the first task";
  auto first = pool.Run(Task(R"({"op":"sleep","ms":50})"));
  auto second = pool.Run(Task(R"({"op":"sleep","ms":50})"));
  EXPECT_TRUE(Wait(first).ok());
  EXPECT_TRUE(Wait(second).ok());
  EXPECT_EQ(pool.stats().spawns, 2u);
  EXPECT_TRUE(Eventually([&] { return pool.stats().workers == 0; }));
  EXPECT_EQ(pool.stats().idle_exits, 2u);
  // The next task starts a worker again.
  auto again = pool.Run(Task(R"({"op":"add","n":1})"));
  EXPECT_TRUE(Wait(again).ok());
  EXPECT_EQ(pool.stats().spawns, 3u);
}

TEST(PoolTest, StatisticsAreLoggedThroughSpdlog) {
  auto lines = std::make_shared<std::ostringstream>();
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(*lines);
  PoolOptions options = Options("add_one.js", 1);
  options.logger = std::make_shared<spdlog::logger>("pool-stats-test", sink);
  options.stats_log_interval_ms = 50;
  {
    Pool pool(options);
    auto result = pool.Run(Task("1"));
    EXPECT_TRUE(Wait(result).ok());
    // A few intervals; the stream is read once the pool's thread is gone.
    std::this_thread::sleep_for(300ms);
  }
  std::string text = lines->str();
  EXPECT_NE(text.find("1 completed, 0 failed"), std::string::npos) << text;
  EXPECT_NE(text.find("run p50"), std::string::npos) << text;
}


// Short tasks are sent to a busy worker ahead of time, to wait there; one of
// them that never started runs elsewhere when that worker dies, and one
// that is cancelled never runs at all.
TEST(PoolTest, ATaskSentAheadToAWorkerThatDiesRunsOnItsReplacement) {
  PoolOptions options = Options("tasks.js", 1);
  options.pipelining = Pipelining::kOn;
  Pool pool(options);
  for (int i = 0; i < 20; ++i) {
    auto warm = pool.Run(Task(R"({"op":"add","n":1})"));
    ASSERT_TRUE(Wait(warm).ok());
  }
  auto crash = pool.Run(Task(R"({"op":"crash"})"));
  std::vector<std::future<TaskResult>> after;
  for (int i = 0; i < 5; ++i) after.push_back(pool.Run(Task(R"({"op":"add","n":)" + std::to_string(i) + "}")));
  TaskResult crashed = Wait(crash);
  ASSERT_FALSE(crashed.ok());
  EXPECT_EQ(crashed.error->kind, TaskErrorKind::kCrashed);
  for (int i = 0; i < 5; ++i) {
    TaskResult result = Wait(after[i]);
    ASSERT_TRUE(result.ok()) << Describe(result);
    EXPECT_EQ(Json(result.value), std::to_string(i + 1));
  }
  EXPECT_EQ(pool.stats().crashes, 1u);
  EXPECT_EQ(pool.stats().failed, 1u);
}

TEST(PoolTest, ATaskCancelledWhileItWaitsInItsWorkerNeverRuns) {
  PoolOptions options = Options("tasks.js", 1);
  options.pipelining = Pipelining::kOn;
  Pool pool(options);
  for (int i = 0; i < 20; ++i) {
    auto warm = pool.Run(Task(R"({"op":"add","n":1})"));
    ASSERT_TRUE(Wait(warm).ok());
  }
  auto first = pool.Run(Task(R"({"op":"tally"})"));
  ASSERT_EQ(Json(Wait(first).value), "1");
  auto sleeping = pool.Run(Task(R"({"op":"sleep","ms":300})"));
  auto waiting_promise = std::make_shared<std::promise<TaskResult>>();
  auto waiting = waiting_promise->get_future();
  TaskId id = pool.Run(Task(R"({"op":"tally"})"), {}, [waiting_promise](TaskResult r) { waiting_promise->set_value(std::move(r)); });
  // Sent ahead to the worker, which is busy sleeping.
  EXPECT_TRUE(Eventually([&] { return pool.stats().running_tasks == 2; }));
  pool.Cancel(id);
  TaskResult result = Wait(waiting);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error->kind, TaskErrorKind::kCancelled);
  EXPECT_TRUE(Wait(sleeping).ok());
  auto last = pool.Run(Task(R"({"op":"tally"})"));
  EXPECT_EQ(Json(Wait(last).value), "2") << "the cancelled task never ran";
  EXPECT_EQ(pool.stats().kills, 0u);
  EXPECT_EQ(pool.stats().spawns, 1u);
}


TEST(PoolTest, ATaskSentAheadBehindALongOneIsTakenBackForAFreeWorker) {
  PoolOptions options = Options("tasks.js", 2);
  options.pipelining = Pipelining::kOn;
  Pool pool(options);
  std::vector<std::future<TaskResult>> warm;
  for (int i = 0; i < 40; ++i) warm.push_back(pool.Run(Task(R"({"op":"add","n":1})")));
  for (auto& result : warm) ASSERT_TRUE(Wait(result).ok());
  auto start = std::chrono::steady_clock::now();
  auto slow = pool.Run(Task(R"({"op":"sleep","ms":3000})"));
  std::vector<std::future<TaskResult>> quick;
  for (int i = 0; i < 20; ++i) quick.push_back(pool.Run(Task(R"({"op":"add","n":)" + std::to_string(i) + "}")));
  for (int i = 0; i < 20; ++i) {
    TaskResult result = Wait(quick[i]);
    ASSERT_TRUE(result.ok()) << Describe(result);
    EXPECT_EQ(Json(result.value), std::to_string(i + 1));
  }
  // None waited for the slow one: those sent ahead to its worker were taken back.
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
  EXPECT_TRUE(Wait(slow).ok());
  EXPECT_EQ(pool.stats().failed, 0u);
}


TEST(PoolTest, WithoutPipeliningATaskWaitsInTheQueueForAFreeWorker) {
  PoolOptions options = Options("tasks.js", 1);
  options.pipelining = Pipelining::kOff;
  Pool pool(options);
  auto sleeping = pool.Run(Task(R"({"op":"sleep","ms":300})"));
  auto next = pool.Run(Task(R"({"op":"add","n":1})"));
  EXPECT_TRUE(Eventually([&] { return pool.stats().queue_size == 1; }));
  EXPECT_EQ(pool.stats().running_tasks, 1u);
  EXPECT_TRUE(Wait(sleeping).ok());
  EXPECT_TRUE(Wait(next).ok());
}

}  // namespace
}  // namespace isohost::testing
