// Bad input at the host's doors: JSON that no double can hold, JSON arrays
// that a command-line parser would split, empty and oversized values. Each
// gets a clear error for that input alone; nothing aborts the host, and no
// result already computed is lost.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::vector<nlohmann::json> JsonLines(const std::string& out) {
  std::vector<nlohmann::json> lines;
  std::istringstream stream(out);
  std::string line;
  while (std::getline(stream, line)) {
    nlohmann::json value = nlohmann::json::parse(line, nullptr, false);
    EXPECT_FALSE(value.is_discarded()) << "not JSON: " << line;
    lines.push_back(value);
  }
  return lines;
}

std::string TempFile(const std::string& name, const std::string& text) {
  std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

bool Contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(HostileInputTest, PoolLinesOutOfDoubleRangeAreInvalidAndTheRestGoOn) {
  CliResult result =
      RunCli({"pool", ScriptPath("pool/add_one.js"), "-n", "2", "-q"}, "1\n1e400\n-1e400\n1E+309\n[2e999]\n2\n");
  EXPECT_EQ(result.exit_code, 1) << "tasks failed, and the host said so: " << result.err;
  std::vector<nlohmann::json> lines = JsonLines(result.out);
  ASSERT_EQ(lines.size(), 6u) << result.out << result.err;
  EXPECT_EQ(lines[0]["result"], 2);
  for (int i = 1; i <= 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(lines[i]["index"], i);
    EXPECT_EQ(lines[i]["error"]["reason"], "invalid");
    EXPECT_TRUE(Contains(lines[i]["error"]["message"].get<std::string>(), "out of range")) << lines[i];
  }
  EXPECT_EQ(lines[5]["result"], 3);
}

TEST(HostileInputTest, JsonOptionsOutOfRangeOrEmptyExitTwoNamingTheOption) {
  struct Case {
    std::vector<std::string> args;
    std::string option;
  };
  const std::vector<Case> cases = {
      {{"--worker-data", "1e400"}, "--worker-data"},
      {{"--worker-data", "-1e400"}, "--worker-data"},
      {{"--worker-data", ""}, "--worker-data"},
      {{"--send=1e400"}, "--send"},
      {{"--send", "1E+309"}, "--send"},
      {{"--send", ""}, "--send"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"run"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.push_back(ScriptPath("hello.js"));
    SCOPED_TRACE(c.args.front());
    CliResult result = RunCli(args);
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_TRUE(Contains(result.err, c.option + " is not valid JSON")) << result.err;
    EXPECT_EQ(result.out, "") << "the worker never ran";
  }
}

TEST(HostileInputTest, AJsonArrayGivenToSendIsOneMessage) {
  CliResult result = RunCli({"run", "--print-messages", "--send", "[1,2]", "--send", "[{\"a\":1}]", "--send=[[[]]]",
                             "--send", "[]", ScriptPath("echo_back.js"), "--", "4"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "[1,2]\n[{\"a\":1}]\n[[[]]]\n[]\n");
}

TEST(HostileInputTest, BracketedScriptArgumentsStayWhole) {
  std::string script = TempFile("print_argv.js", "console.log(JSON.stringify(process.argv.slice(2)));\n");
  CliResult result = RunCli({"run", script, "--", "[1,2]", "[a,b,c]", "x"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "[\"[1,2]\",\"[a,b,c]\",\"x\"]\n");
}

// Runs the CLI on a file and returns the largest resident set it (and the
// workers it reaped) had, in KiB.
long MaxRssKibOfCli(const std::vector<std::string>& args, int* exit_code, std::string* out_path) {
  *out_path = ::testing::TempDir() + "/hostile_input_out.jsonl";
  pid_t pid = ::fork();
  if (pid == 0) {
    int out = ::open(out_path->c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(out, STDOUT_FILENO);
    std::vector<std::string> storage = args;
    std::string cli = BinDir() + "/isohost";
    std::vector<char*> argv{cli.data()};
    for (std::string& arg : storage) argv.push_back(arg.data());
    argv.push_back(nullptr);
    ::execv(cli.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  *exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return usage.ru_maxrss;
}

TEST(HostileInputTest, AHugePoolLineIsRefusedWithoutBeingHeldInMemory) {
  // 100 MB on one line, past the default message limit of 64 MiB, between
  // two good tasks.
  std::string path = ::testing::TempDir() + "/huge_line.jsonl";
  {
    std::ofstream file(path);
    file << "1\n\"";
    std::string block(1 << 20, 'x');
    for (int i = 0; i < 100; ++i) file << block;
    file << "\"\n2\n";
  }
  int exit_code = -1;
  std::string out_path;
  long limit_kib = 200 * 1024;
#if defined(__SANITIZE_ADDRESS__)
  // Under ASan, its quarantine keeps what the host freed resident (up to
  // 256 MB: the line's buffer, each time it grew towards the message limit),
  // and its runtime adds some 60 MB to every process. There the host runs
  // without the quarantine, and the bound is over the same run with a short
  // line, as the normal build's is over its 25 MB.
  const char* asan_options = std::getenv("ASAN_OPTIONS");
  const std::string saved_options = asan_options != nullptr ? asan_options : "";
  ::setenv("ASAN_OPTIONS", (saved_options + ":quarantine_size_mb=0").c_str(), 1);
  std::string short_path = ::testing::TempDir() + "/short_line.jsonl";
  std::ofstream(short_path) << "1\n\"x\"\n2\n";
  int short_exit_code = -1;
  limit_kib = MaxRssKibOfCli({"pool", ScriptPath("pool/add_one.js"), "-n", "1", "-q", "--input", short_path},
                             &short_exit_code, &out_path) +
              175 * 1024;
  EXPECT_EQ(short_exit_code, 0);
  std::remove(short_path.c_str());
#endif
  long max_rss_kib = MaxRssKibOfCli({"pool", ScriptPath("pool/add_one.js"), "-n", "1", "-q", "--input", path},
                                    &exit_code, &out_path);
#if defined(__SANITIZE_ADDRESS__)
  ::setenv("ASAN_OPTIONS", saved_options.c_str(), 1);
#endif
  EXPECT_EQ(exit_code, 1);
  std::ifstream out(out_path);
  std::stringstream text;
  text << out.rdbuf();
  std::vector<nlohmann::json> lines = JsonLines(text.str());
  ASSERT_EQ(lines.size(), 3u) << text.str();
  EXPECT_EQ(lines[0]["result"], 2);
  EXPECT_EQ(lines[1]["error"]["reason"], "invalid");
  EXPECT_TRUE(Contains(lines[1]["error"]["message"].get<std::string>(),
                       "is a line of 104857602 bytes, longer than the message limit of 67108864 bytes"))
      << lines[1];
  EXPECT_EQ(lines[2]["result"], 3);
  // Read whole and parsed, the line took over 400 MB of the host; the
  // largest resident set now is a worker's (or the host's), far below.
  EXPECT_LT(max_rss_kib, limit_kib) << "the host held the huge line";
  std::remove(path.c_str());
}

TEST(HostileInputTest, ThePoolsLineBoundFollowsItsMessageLimit) {
  std::string input = "1\n" + std::string(3000, ' ') + "2\n3\n";
  CliResult result =
      RunCli({"pool", ScriptPath("pool/add_one.js"), "-n", "1", "-q", "--max-message-bytes", "1000"}, input);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  std::vector<nlohmann::json> lines = JsonLines(result.out);
  ASSERT_EQ(lines.size(), 3u) << result.out;
  EXPECT_EQ(lines[0]["result"], 2);
  EXPECT_TRUE(Contains(lines[1]["error"]["message"].get<std::string>(), "longer than the message limit of 1000 bytes"))
      << lines[1];
  EXPECT_EQ(lines[2]["result"], 4);
}

}  // namespace
}  // namespace isohost::testing
