// --max-memory (ResourceLimits::max_memory_mb): a worker's ArrayBuffers are
// refused past the cap with a RangeError it may catch; a worker that leaves
// it uncaught, or whose heap or native memory passes the kernel's limit
// (RLIMIT_DATA), ends with reason "out of memory"; the host and every other
// worker go on. Under every spawn strategy: a pooled worker's cap comes with
// its Start.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

// Under ASan, its allocator stands between a worker and its memory limit
// twice: its quarantine keeps what was freed mapped (up to 256 MB), which
// RLIMIT_DATA counts, so memory a script let go is not its own again; and it
// aborts when the kernel refuses it memory, where malloc returns null (which
// the worker reports as out of memory). These tests run their hosts and
// workers without either. (ASan's shadow memory is no obstacle: it is mapped
// before the worker reads its data segment's size, on which the limit goes.)
class WorkerMemoryTest : public ::testing::Test {
 protected:
  void SetUp() override {
#if defined(__SANITIZE_ADDRESS__)
    const char* options = std::getenv("ASAN_OPTIONS");
    saved_ = options != nullptr ? options : "";
    std::string like_malloc = saved_ + (saved_.empty() ? "" : ":") + "quarantine_size_mb=0:allocator_may_return_null=1";
    ::setenv("ASAN_OPTIONS", like_malloc.c_str(), 1);
#endif
  }
  void TearDown() override {
#if defined(__SANITIZE_ADDRESS__)
    ::setenv("ASAN_OPTIONS", saved_.c_str(), 1);
#endif
  }

 private:
  std::string saved_;
};

class MemoryLimitTest : public WorkerMemoryTest, public ::testing::WithParamInterface<std::string> {};
class MemoryLimitCliTest : public WorkerMemoryTest {};

TEST_P(MemoryLimitTest, ArrayBuffersPastTheCapAreRefusedWithARangeError) {
  CliResult result = RunCli({"run", "--spawn", GetParam(), "--max-memory", "64",
                             ScriptPath("memory_limit/buffers_past_the_cap.js")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json r = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_TRUE(r.is_object()) << result.out << result.err;
  EXPECT_GE(r["heldMiB"].get<int>(), 48) << r;
  EXPECT_LE(r["heldMiB"].get<int>(), 64) << r;
  EXPECT_EQ(r["caught"]["arrayBuffer"], "RangeError: Array buffer allocation failed") << r;
  EXPECT_EQ(r["caught"]["alloc"], "RangeError") << r;
  EXPECT_EQ(r["caught"]["allocUnsafe"], "RangeError") << r;
  EXPECT_EQ(r["again"], 16 << 20) << r;
}

TEST_P(MemoryLimitTest, AnUncaughtRefusalEndsTheWorkerOutOfMemory) {
  CliResult result =
      RunCli({"run", "--spawn", GetParam(), "--max-memory", "64", ScriptPath("memory_limit/hog.js"), "--", "buffers"});
  EXPECT_EQ(result.exit_code, 134) << result.err;
  EXPECT_EQ(result.out, "hogging\n") << "what it printed before arrives";
  EXPECT_NE(result.err.find("worker 1: out of memory: ArrayBuffer memory past the limit of 64 MB"), std::string::npos)
      << result.err;
}

INSTANTIATE_TEST_SUITE_P(Strategies, MemoryLimitTest, ::testing::Values("exec", "zygote", "pool"),
                         [](const auto& info) { return info.param; });

// The V8 heap and native memory are the kernel's to stop (RLIMIT_DATA): the
// heap limit of V8 itself is far above.
TEST_F(MemoryLimitCliTest, HeapAndNativeMemoryPastTheLimitEndTheWorkerOutOfMemory) {
  CliResult heap = RunCli({"run", "--max-memory", "64", ScriptPath("memory_limit/hog.js"), "--", "heap"});
  EXPECT_EQ(heap.exit_code, 134) << heap.err;
  EXPECT_EQ(heap.out, "hogging\n");
  EXPECT_NE(heap.err.find("worker 1: out of memory: "), std::string::npos) << heap.err;
  EXPECT_NE(heap.err.find("memory limit 64 MB"), std::string::npos) << heap.err;

  // A sparse file of 512 MiB, read whole.
  std::string big = ::testing::TempDir() + "/memory_limit_big.bin";
  int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::ftruncate(fd, 512 << 20), 0);
  ::close(fd);
  CliResult native = RunCli({"run", "--max-memory", "64", ScriptPath("memory_limit/hog.js"), "--", "native", big});
  ::unlink(big.c_str());
  EXPECT_EQ(native.exit_code, 134) << native.err;
  EXPECT_EQ(native.out, "hogging\n");
  EXPECT_NE(native.err.find("worker 1: out of memory"), std::string::npos) << native.err;
}

// Without the limit the same script holds what it asks for: the limit, not
// the machine, stopped it above.
TEST_F(MemoryLimitCliTest, WithoutTheLimitTheBuffersAreHeld) {
  CliResult result = RunCli({"run", ScriptPath("memory_limit/hog.js"), "--", "buffers"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "hogging\nheld 32\n");
}

// A pool's task that passes the limit fails alone: its worker is replaced,
// the other tasks run.
TEST_F(MemoryLimitCliTest, APoolTaskPastTheLimitFailsAloneAsOutOfMemory) {
  std::string input = "{\"op\":\"add\",\"n\":1}\n{\"op\":\"oom\"}\n{\"op\":\"add\",\"n\":2}\n";
  CliResult result = RunCli({"pool", ScriptPath("pool/tasks.js"), "-n", "1", "-q", "--max-memory", "64"}, input);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  std::istringstream lines(result.out);
  std::vector<nlohmann::json> parsed;
  for (std::string line; std::getline(lines, line);) parsed.push_back(nlohmann::json::parse(line, nullptr, false));
  ASSERT_EQ(parsed.size(), 3u) << result.out;
  EXPECT_EQ(parsed[0]["result"], 2);
  EXPECT_EQ(parsed[1]["error"]["reason"], "out of memory") << parsed[1];
  EXPECT_EQ(parsed[2]["result"], 3);
}

}  // namespace
}  // namespace isohost::testing
