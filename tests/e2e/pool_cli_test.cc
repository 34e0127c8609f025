// `isohost pool`: JSON lines in, one JSON line out per task, in order or
// not, errors with their reason, back-pressure on a large input, the
// summary and the progress line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/run_cli.h"

namespace isohost::testing {
namespace {

std::vector<nlohmann::json> Lines(const std::string& out) {
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

TEST(PoolCliTest, PrintsOneResultLinePerTaskInInputOrder) {
  std::string input;
  for (int i = 0; i < 500; ++i) input += std::to_string(i) + "\n";
  CliResult result = RunCli({"pool", ScriptPath("pool/add_one.js"), "-n", "3"}, input);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::vector<nlohmann::json> lines = Lines(result.out);
  ASSERT_EQ(lines.size(), 500u);
  for (int i = 0; i < 500; ++i) {
    EXPECT_EQ(lines[i]["index"], i);
    EXPECT_EQ(lines[i]["result"], i + 1);
  }
  EXPECT_NE(result.err.find("isohost pool: 500 tasks in"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("500 succeeded, 0 failed"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("wait  p50"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("workers: 3 spawned"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("\033[K"), std::string::npos) << "no progress line when stderr is no terminal";
}

TEST(PoolCliTest, UnorderedPrintsResultsAsTheyComeEachWithItsIndex) {
  // The first task is slow: in order, it would hold back all the others.
  std::string input = "{\"op\":\"sleep\",\"ms\":500}\n";
  for (int i = 0; i < 20; ++i) input += "{\"op\":\"add\",\"n\":" + std::to_string(i) + "}\n";
  CliResult result = RunCli({"pool", ScriptPath("pool/tasks.js"), "-n", "2", "--unordered", "-q"}, input);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "") << "--quiet prints no summary";
  std::vector<nlohmann::json> lines = Lines(result.out);
  ASSERT_EQ(lines.size(), 21u);
  EXPECT_EQ(lines.back()["index"], 0) << "the slow task came last";
  std::vector<bool> seen(21);
  for (const auto& line : lines) seen[line["index"].get<int>()] = true;
  EXPECT_EQ(std::count(seen.begin(), seen.end(), true), 21);
}

TEST(PoolCliTest, EachFailureIsALineWithItsReasonAndTheRestGoOn) {
  std::string input =
      "{\"op\":\"add\",\"n\":1}\n"
      "{\"op\":\"throw\",\"message\":\"bad input\"}\n"
      "not json\n"
      "\n"
      "{\"op\":\"crash\"}\n"
      "{\"op\":\"spin\",\"ms\":60000}\n"
      "{\"op\":\"add\",\"n\":2}\n";
  std::string path = TempFile("pool_failures.jsonl", input);
  CliResult result = RunCli({"pool", ScriptPath("pool/tasks.js"), "-n", "2", "--input", path, "--timeout", "0.2"});
  EXPECT_EQ(result.exit_code, 1) << "a task failed";
  std::vector<nlohmann::json> lines = Lines(result.out);
  ASSERT_EQ(lines.size(), 6u) << result.out;
  EXPECT_EQ(lines[0]["result"], 2);
  EXPECT_EQ(lines[1]["error"]["reason"], "thrown");
  EXPECT_EQ(lines[1]["error"]["name"], "RangeError");
  EXPECT_EQ(lines[1]["error"]["message"], "bad input");
  EXPECT_EQ(lines[1]["error"]["code"], "ERR_TEST_THROWN");
  EXPECT_EQ(lines[2]["error"]["reason"], "invalid");
  EXPECT_NE(lines[2]["error"]["message"].get<std::string>().find("task 2 is not valid JSON"), std::string::npos);
  EXPECT_EQ(lines[3]["error"]["reason"], "crashed");
  EXPECT_EQ(lines[3]["error"]["signal"], 9);
  EXPECT_EQ(lines[4]["error"]["reason"], "timeout");
  EXPECT_EQ(lines[5]["result"], 3);
  EXPECT_NE(result.err.find("2 succeeded, 4 failed"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("1 crashed, 1 killed"), std::string::npos) << result.err;
}

TEST(PoolCliTest, ALargeInputIsReadNoFasterThanTheWorkersTakeIt) {
  std::string input;
  for (int i = 0; i < 20000; ++i) input += std::to_string(i) + "\n";
  std::string path = TempFile("pool_large.jsonl", input);
  CliResult result = RunCli(
      {"pool", ScriptPath("pool/add_one.js"), "-n", "2", "--input", path, "--max-queue", "8", "--max-tasks-per-worker", "5000"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::vector<nlohmann::json> lines = Lines(result.out);
  ASSERT_EQ(lines.size(), 20000u);
  for (int i = 0; i < 20000; i += 997) EXPECT_EQ(lines[i]["result"], i + 1);
  EXPECT_EQ(lines.back()["result"], 20000);
  // Nothing was refused for a full queue: reading waited instead.
  EXPECT_NE(result.err.find("20000 succeeded, 0 failed"), std::string::npos) << result.err;
  // 20,000 tasks over workers replaced every 5,000: at least two were.
  std::smatch recycled;
  ASSERT_TRUE(std::regex_search(result.err, recycled, std::regex("recycled (\\d+) \\(max tasks (\\d+)")))
      << result.err;
  EXPECT_GE(std::stoi(recycled[1]), 2);
  EXPECT_EQ(recycled[1], recycled[2]);
}

TEST(PoolCliTest, WorkerOutputGoesToStderrAndResultsAloneToStdout) {
  std::string script = TempFile("pool_chatty.js", "module.exports = (n) => { console.log('working on', n); return n * 2; };\n");
  CliResult result = RunCli({"pool", script, "-n", "1", "-q"}, "1\n2\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::vector<nlohmann::json> lines = Lines(result.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1]["result"], 4);
  EXPECT_NE(result.err.find("working on 2"), std::string::npos) << result.err;
}

TEST(PoolCliTest, AtATerminalAProgressLineIsShownAndClearedBeforeTheSummary) {
  if (!OnPath("script")) GTEST_SKIP() << "`script` (util-linux) is needed for a terminal";
  std::string input;
  for (int i = 0; i < 8; ++i) input += "{\"op\":\"sleep\",\"ms\":150}\n";
  std::string path = TempFile("pool_progress.jsonl", input);
  ShellResult result = RunShell("script -qec '" + BinDir() + "/isohost pool " + ScriptPath("pool/tasks.js") +
                                " -n 1 --input " + path + "' /dev/null");
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find("done, 0 failed"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\033[K"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("8 succeeded"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace isohost::testing
