// OutputForwarder: what a worker's output becomes on the host's stdout and
// stderr in each mode. The forwarder writes to the process's own streams,
// so each test points descriptors 1 and 2 at files while it writes.
#include "isohost/output_forwarder.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace isohost {
namespace {

// Sends stdout and stderr to files until Stop(), which puts them back and
// returns what was written. Assertions go after Stop(), so that GoogleTest's
// own output is not captured.
class CapturedOutput {
 public:
  CapturedOutput() {
    std::fflush(stdout);
    std::fflush(stderr);
    for (int fd : {1, 2}) {
      char path[] = "/tmp/output_forwarder_test.XXXXXX";
      int file = ::mkstemp(path);
      EXPECT_GE(file, 0);
      paths_.push_back(path);
      saved_.push_back(::dup(fd));
      ::dup2(file, fd);
      ::close(file);
    }
  }
  ~CapturedOutput() { Stop(); }

  void Stop() {
    if (stopped_) return;
    stopped_ = true;
    std::fflush(stdout);
    std::fflush(stderr);
    for (int i = 0; i < 2; ++i) {
      ::dup2(saved_[i], i + 1);
      ::close(saved_[i]);
      std::ifstream in(paths_[i], std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      (i == 0 ? out_ : err_) = text.str();
      ::unlink(paths_[i].c_str());
    }
  }

  const std::string& out() const { return out_; }
  const std::string& err() const { return err_; }

 private:
  std::vector<std::string> paths_;
  std::vector<int> saved_;
  bool stopped_ = false;
  std::string out_;
  std::string err_;
};

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(OutputForwarderTest, PassThroughWritesBytesAsTheyCome) {
  CapturedOutput capture;
  {
    OutputForwarder forwarder(OutputMode::kPassThrough, LogFormat::kText, 1);
    forwarder.Write(StdioStream::kStdout, "no newline yet", ConsoleLevel::kNone);
    forwarder.Write(StdioStream::kStderr, "to stderr\n", ConsoleLevel::kError);
    forwarder.Write(StdioStream::kStdout, ", then one\n", ConsoleLevel::kInfo);
  }
  capture.Stop();
  EXPECT_EQ(capture.out(), "no newline yet, then one\n");
  EXPECT_EQ(capture.err(), "to stderr\n");
}

TEST(OutputForwarderTest, PrefixedPutsTheWorkerIdBeforeEveryLine) {
  CapturedOutput capture;
  {
    OutputForwarder forwarder(OutputMode::kPrefixed, LogFormat::kText, 3);
    forwarder.Write(StdioStream::kStdout, "one\ntwo\n", ConsoleLevel::kNone);
    forwarder.Write(StdioStream::kStderr, "oops\n", ConsoleLevel::kNone);
  }
  capture.Stop();
  EXPECT_EQ(capture.out(), "[3] one\n[3] two\n");
  EXPECT_EQ(capture.err(), "[3] oops\n");
}

TEST(OutputForwarderTest, APartialLineWaitsForItsNewline) {
  CapturedOutput capture;
  std::string before_newline;
  {
    OutputForwarder forwarder(OutputMode::kPrefixed, LogFormat::kText, 2);
    forwarder.Write(StdioStream::kStdout, "hel", ConsoleLevel::kNone);
    forwarder.Write(StdioStream::kStdout, "lo", ConsoleLevel::kNone);
    std::fflush(stdout);
    std::ifstream in("/proc/self/fd/1", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    before_newline = text.str();
    forwarder.Write(StdioStream::kStdout, " world\nnext", ConsoleLevel::kNone);
  }
  capture.Stop();
  EXPECT_EQ(before_newline, "");
  // The unfinished "next" is emitted, as a line, when the forwarder goes.
  EXPECT_EQ(capture.out(), "[2] hello world\n[2] next\n");
}

TEST(OutputForwarderTest, FlushEmitsHeldPartialLinesOfBothStreams) {
  CapturedOutput capture;
  OutputForwarder forwarder(OutputMode::kPrefixed, LogFormat::kText, 4);
  forwarder.Write(StdioStream::kStdout, "last words", ConsoleLevel::kNone);
  forwarder.Write(StdioStream::kStderr, "last complaint", ConsoleLevel::kNone);
  forwarder.Flush();
  forwarder.Flush();  // nothing left to emit
  capture.Stop();
  EXPECT_EQ(capture.out(), "[4] last words\n");
  EXPECT_EQ(capture.err(), "[4] last complaint\n");
}

TEST(OutputForwarderTest, LogTextTagsWorkerPidStreamAndLevel) {
  CapturedOutput capture;
  {
    OutputForwarder forwarder(OutputMode::kLog, LogFormat::kText, 7);
    forwarder.set_pid(4711);
    forwarder.Write(StdioStream::kStdout, "ready\n", ConsoleLevel::kInfo);
    forwarder.Write(StdioStream::kStderr, "careful\n", ConsoleLevel::kWarn);
  }
  capture.Stop();
  // Records go to stdout whatever the worker's stream; the stream is a tag.
  EXPECT_EQ(capture.err(), "");
  std::vector<std::string> lines = Lines(capture.out());
  ASSERT_EQ(lines.size(), 2u) << capture.out();
  const std::regex stamp(R"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} )");
  EXPECT_TRUE(std::regex_search(lines[0], stamp)) << lines[0];
  EXPECT_NE(lines[0].find(" info [worker.7 pid=4711 stdout] ready"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find(" warning [worker.7 pid=4711 stderr] careful"), std::string::npos) << lines[1];
}

TEST(OutputForwarderTest, LogJsonIsOneObjectPerLineWithTheTags) {
  CapturedOutput capture;
  {
    OutputForwarder forwarder(OutputMode::kLog, LogFormat::kJson, 5);
    forwarder.set_pid(99);
    forwarder.Write(StdioStream::kStdout, "say \"hi\"\\\ttab\n", ConsoleLevel::kInfo);
    forwarder.Write(StdioStream::kStderr, std::string("ctl \x01 end\n"), ConsoleLevel::kError);
  }
  capture.Stop();
  std::vector<std::string> lines = Lines(capture.out());
  ASSERT_EQ(lines.size(), 2u) << capture.out();
  auto first = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(first["level"], "info");
  EXPECT_EQ(first["logger"], "worker.5");
  EXPECT_EQ(first["worker"], 5);
  EXPECT_EQ(first["pid"], 99);
  EXPECT_EQ(first["stream"], "stdout");
  EXPECT_EQ(first["msg"], "say \"hi\"\\\ttab");
  EXPECT_TRUE(std::regex_match(first["time"].get<std::string>(),
                               std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")))
      << first["time"];
  auto second = nlohmann::json::parse(lines[1]);
  EXPECT_EQ(second["level"], "error");
  EXPECT_EQ(second["stream"], "stderr");
  EXPECT_EQ(second["msg"], "ctl \x01 end");
  EXPECT_NE(lines[1].find("\\u0001"), std::string::npos) << lines[1];
}

// The spdlog level each console level becomes, as the JSON "level" shows it.
std::string LevelOf(StdioStream stream, ConsoleLevel level) {
  CapturedOutput capture;
  {
    OutputForwarder forwarder(OutputMode::kLog, LogFormat::kJson, 1);
    forwarder.Write(stream, "x\n", level);
  }
  capture.Stop();
  return nlohmann::json::parse(capture.out())["level"].get<std::string>();
}

TEST(OutputForwarderTest, ConsoleLevelsBecomeLogLevels) {
  EXPECT_EQ(LevelOf(StdioStream::kStdout, ConsoleLevel::kDebug), "debug");
  EXPECT_EQ(LevelOf(StdioStream::kStdout, ConsoleLevel::kInfo), "info");
  EXPECT_EQ(LevelOf(StdioStream::kStderr, ConsoleLevel::kWarn), "warning");
  EXPECT_EQ(LevelOf(StdioStream::kStderr, ConsoleLevel::kError), "error");
  EXPECT_EQ(LevelOf(StdioStream::kStderr, ConsoleLevel::kTrace), "trace");
  // Plain writes (process.stdout.write): info on stdout, error on stderr.
  EXPECT_EQ(LevelOf(StdioStream::kStdout, ConsoleLevel::kNone), "info");
  EXPECT_EQ(LevelOf(StdioStream::kStderr, ConsoleLevel::kNone), "error");
}

TEST(OutputForwarderTest, ALineKeepsTheLevelOfTheChunkThatBeganIt) {
  CapturedOutput capture;
  {
    OutputForwarder forwarder(OutputMode::kLog, LogFormat::kJson, 1);
    forwarder.Write(StdioStream::kStderr, "begun as a warning, ", ConsoleLevel::kWarn);
    forwarder.Write(StdioStream::kStderr, "ended by an error\nthen an error\n", ConsoleLevel::kError);
  }
  capture.Stop();
  std::vector<std::string> lines = Lines(capture.out());
  ASSERT_EQ(lines.size(), 2u) << capture.out();
  auto first = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(first["msg"], "begun as a warning, ended by an error");
  EXPECT_EQ(first["level"], "warning");
  auto second = nlohmann::json::parse(lines[1]);
  EXPECT_EQ(second["msg"], "then an error");
  EXPECT_EQ(second["level"], "error");
}

TEST(OutputForwarderTest, HostLoggerWritesToStderr) {
  CapturedOutput capture;
  MakeHostLogger("host", LogFormat::kJson)->warn("worker {} restarting", 3);
  capture.Stop();
  EXPECT_EQ(capture.out(), "");
  auto record = nlohmann::json::parse(capture.err());
  EXPECT_EQ(record["logger"], "host");
  EXPECT_EQ(record["level"], "warning");
  EXPECT_EQ(record["msg"], "worker 3 restarting");
}

}  // namespace
}  // namespace isohost
