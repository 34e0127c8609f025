// The isohost CLI under backpressure: a reader slower than the worker writes
// keeps the host's and the worker's memory bounded.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

long ReadRssKb(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  long value = -1;
  while (status >> key) {
    if (key == "VmRSS:") {
      status >> value;
      break;
    }
  }
  return value;
}

// The worker process of a host running one worker by exec: the host's child.
pid_t WorkerOf(pid_t host) {
  std::ifstream children("/proc/" + std::to_string(host) + "/task/" + std::to_string(host) + "/children");
  pid_t pid = 0;
  children >> pid;
  return pid;
}

// The worker prints ~40 MB as fast as it can while this test reads the
// host's stdout slowly: the host must not buffer what it cannot write, and
// the worker, whose console.log ignores backpressure, must wait for the host
// instead of buffering it all itself.
TEST(CliBackpressureTest, MemoryStaysBoundedWithASlowReader) {
  int out = -1;
  pid_t host = StartCli({"run", ScriptPath("many_lines.js"), "--", "4000000"}, &out);
  ASSERT_GT(host, 0);
  std::string tail;
  std::size_t total = 0;
  long max_rss = 0;
  long worker_first_rss = 0, worker_max_rss = 0;
  char buffer[16384];
  int reads = 0;
  ssize_t n;
  while ((n = read(out, buffer, sizeof buffer)) > 0) {
    total += static_cast<std::size_t>(n);
    // The end of the stream, which the last read may hold only part of.
    tail.append(buffer, static_cast<std::size_t>(n));
    if (tail.size() > 64) tail.erase(0, tail.size() - 64);
    if (++reads % 64 == 0) {
      max_rss = std::max(max_rss, ReadRssKb(host));
      if (pid_t worker = WorkerOf(host); worker > 0) {
        long rss = ReadRssKb(worker);
        if (worker_first_rss == 0) worker_first_rss = rss;
        worker_max_rss = std::max(worker_max_rss, rss);
      }
      if (reads < 64 * 40) usleep(20000);  // slow at first, then drain
    }
  }
  close(out);
  int status = 0;
  waitpid(host, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_GT(total, 40u << 20);
  EXPECT_NE(tail.find("line 3999999\n"), std::string::npos);
  std::printf("host max RSS %ld kB, worker RSS %ld kB at first and %ld kB at most, while %zu bytes went through\n",
              max_rss, worker_first_rss, worker_max_rss, total);
  RecordProperty("host_max_rss_kb", static_cast<int>(max_rss));
  RecordProperty("worker_max_rss_kb", static_cast<int>(worker_max_rss));
  EXPECT_GT(max_rss, 0);
  EXPECT_GT(worker_first_rss, 0);
#if defined(__SANITIZE_ADDRESS__)
  // ASan keeps up to 256 MB of freed memory in quarantine, so RSS says
  // nothing about buffering there; the normal build checks the bound.
#else
  EXPECT_LT(max_rss, 32 * 1024) << "the host buffered worker output it could not write";
  // The worker's own heap grows to about 75 MB in this loop however fast the
  // host reads; buffering all the output it could not send would add 40 MB.
  EXPECT_LT(worker_max_rss, 100 * 1024) << "the worker buffered output the host could not take";
#endif
}

}  // namespace
}  // namespace isohost::testing
