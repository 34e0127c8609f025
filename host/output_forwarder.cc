#include "isohost/output_forwarder.h"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>

namespace isohost {
namespace {

// One lock for every line the host writes to a stream, so lines of workers
// and of the host never interleave mid-line.
std::mutex& OutputMutex() {
  static std::mutex mutex;
  return mutex;
}

void WriteLocked(std::FILE* file, std::string_view text) {
  std::lock_guard<std::mutex> lock(OutputMutex());
  std::fwrite(text.data(), 1, text.size(), file);
  std::fflush(file);
}

void AppendJsonString(std::string* out, std::string_view text) {
  out->push_back('"');
  for (unsigned char c : text) {
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      default:
        if (c < 0x20) {
          char escape[8];
          std::snprintf(escape, sizeof escape, "\\u%04x", c);
          out->append(escape);
        } else {
          out->push_back(static_cast<char>(c));
        }
    }
  }
  out->push_back('"');
}

// A JSON object per record: time, level, logger, the fields given at
// construction (worker, pid, stream), msg. Invalid UTF-8 passes through as is.
class JsonLineSink final : public spdlog::sinks::base_sink<spdlog::details::null_mutex> {
 public:
  JsonLineSink(std::FILE* file, std::string extra_fields) : file_(file), extra_fields_(std::move(extra_fields)) {}

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    std::string line = "{\"time\":";
    auto time = std::chrono::system_clock::to_time_t(msg.time);
    auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(msg.time.time_since_epoch()).count() % 1000;
    std::tm utc;
    gmtime_r(&time, &utc);
    char stamp[64];
    std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(millis));
    AppendJsonString(&line, stamp);
    line += ",\"level\":";
    auto level = spdlog::level::to_string_view(msg.level);
    AppendJsonString(&line, std::string_view(level.data(), level.size()));
    line += ",\"logger\":";
    AppendJsonString(&line, std::string_view(msg.logger_name.data(), msg.logger_name.size()));
    line += extra_fields_;
    line += ",\"msg\":";
    AppendJsonString(&line, std::string_view(msg.payload.data(), msg.payload.size()));
    line += "}\n";
    WriteLocked(file_, line);
  }
  void flush_() override {}

 private:
  std::FILE* file_;
  std::string extra_fields_;
};

// Text lines: "2026-11-29 22:15:25.123 info [worker.3 pid=4711 stdout] text".
class TextLineSink final : public spdlog::sinks::base_sink<spdlog::details::null_mutex> {
 public:
  TextLineSink(std::FILE* file, std::string tag) : file_(file) {
    set_formatter_(std::make_unique<spdlog::pattern_formatter>("%Y-%m-%d %H:%M:%S.%e %l [%n" + tag + "] %v"));
  }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    spdlog::memory_buf_t formatted;
    formatter_->format(msg, formatted);
    WriteLocked(file_, std::string_view(formatted.data(), formatted.size()));
  }
  void flush_() override {}

 private:
  std::FILE* file_;
};

spdlog::level::level_enum LevelOf(StdioStream stream, ConsoleLevel level) {
  switch (level) {
    case ConsoleLevel::kDebug: return spdlog::level::debug;
    case ConsoleLevel::kInfo: return spdlog::level::info;
    case ConsoleLevel::kWarn: return spdlog::level::warn;
    case ConsoleLevel::kError: return spdlog::level::err;
    case ConsoleLevel::kTrace: return spdlog::level::trace;
    case ConsoleLevel::kNone: break;
  }
  // Plain writes: stderr is where programs put their complaints.
  return stream == StdioStream::kStderr ? spdlog::level::err : spdlog::level::info;
}

}  // namespace

std::shared_ptr<spdlog::logger> MakeHostLogger(const std::string& name, LogFormat format) {
  spdlog::sink_ptr sink;
  if (format == LogFormat::kJson) {
    sink = std::make_shared<JsonLineSink>(stderr, "");
  } else {
    sink = std::make_shared<TextLineSink>(stderr, "");
  }
  auto logger = std::make_shared<spdlog::logger>(name, sink);
  logger->set_level(spdlog::level::info);
  return logger;
}

OutputForwarder::OutputForwarder(OutputMode mode, LogFormat format, std::uint64_t worker_id)
    : mode_(mode), format_(format), worker_id_(worker_id), prefix_("[" + std::to_string(worker_id) + "] ") {
  if (mode_ == OutputMode::kLog) MakeLoggers();
}

OutputForwarder::~OutputForwarder() { Flush(); }

void OutputForwarder::set_pid(int pid) {
  pid_ = pid;
  if (mode_ == OutputMode::kLog) MakeLoggers();
}

void OutputForwarder::MakeLoggers() {
  std::string name = "worker." + std::to_string(worker_id_);
  for (StdioStream stream : {StdioStream::kStdout, StdioStream::kStderr}) {
    const char* stream_name = stream == StdioStream::kStdout ? "stdout" : "stderr";
    spdlog::sink_ptr sink;
    if (format_ == LogFormat::kJson) {
      sink = std::make_shared<JsonLineSink>(stdout, ",\"worker\":" + std::to_string(worker_id_) +
                                                        ",\"pid\":" + std::to_string(pid_) + ",\"stream\":\"" +
                                                        stream_name + "\"");
    } else {
      sink = std::make_shared<TextLineSink>(stdout, " pid=" + std::to_string(pid_) + " " + stream_name);
    }
    auto logger = std::make_shared<spdlog::logger>(name, sink);
    logger->set_level(spdlog::level::trace);
    (stream == StdioStream::kStdout ? out_ : err_).logger = std::move(logger);
  }
}

void OutputForwarder::Write(StdioStream stream, std::string_view data, ConsoleLevel level) {
  if (mode_ == OutputMode::kPassThrough) {
    WriteLocked(stream == StdioStream::kStderr ? stderr : stdout, data);
    return;
  }
  StreamState& state = stream == StdioStream::kStdout ? out_ : err_;
  // A chunk from console carries its level; a line keeps the level of the
  // chunk that began it.
  if (state.partial.empty()) state.level = level;
  while (!data.empty()) {
    std::size_t newline = data.find('\n');
    if (newline == std::string_view::npos) {
      state.partial.append(data);
      return;
    }
    if (state.partial.empty()) {
      EmitLine(stream, state, data.substr(0, newline));
    } else {
      state.partial.append(data.substr(0, newline));
      EmitLine(stream, state, state.partial);
      state.partial.clear();
    }
    data.remove_prefix(newline + 1);
    state.level = level;
  }
}

void OutputForwarder::Flush() {
  for (StdioStream stream : {StdioStream::kStdout, StdioStream::kStderr}) {
    StreamState& state = stream == StdioStream::kStdout ? out_ : err_;
    if (state.partial.empty()) continue;
    std::string line = std::move(state.partial);
    state.partial.clear();
    EmitLine(stream, state, line);
  }
}

void OutputForwarder::EmitLine(StdioStream stream, StreamState& state, std::string_view line) {
  if (mode_ == OutputMode::kPrefixed) {
    std::string text = prefix_;
    text.append(line);
    text.push_back('\n');
    WriteLocked(stream == StdioStream::kStderr ? stderr : stdout, text);
    return;
  }
  state.logger->log(LevelOf(stream, state.level), "{}", line);
}

}  // namespace isohost
