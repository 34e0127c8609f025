#include "host/cli/task_line_reader.h"

#include <cstring>

namespace isohost::cli {
namespace {

constexpr std::size_t kChunkBytes = 64 * 1024;

}  // namespace

TaskLineReader::TaskLineReader(std::istream& input, std::size_t max_line_bytes)
    : input_(input), max_line_bytes_(max_line_bytes), buffer_(kChunkBytes) {}

bool TaskLineReader::Fill() {
  if (eof_) return false;
  std::streamsize n = input_.rdbuf()->sgetn(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  if (n <= 0) {
    eof_ = true;
    return false;
  }
  begin_ = 0;
  end_ = static_cast<std::size_t>(n);
  return true;
}

TaskLineReader::Status TaskLineReader::Next(std::string* line, std::size_t* length) {
  line->clear();
  std::size_t seen = 0;  // bytes of this line, kept or not
  bool any = false;      // something (even an empty line) was read
  for (;;) {
    if (begin_ == end_ && !Fill()) break;
    any = true;
    const char* from = buffer_.data() + begin_;
    const char* newline = static_cast<const char*>(std::memchr(from, '\n', end_ - begin_));
    std::size_t take = newline != nullptr ? static_cast<std::size_t>(newline - from) : end_ - begin_;
    // Only what fits the bound is kept; the rest is counted and dropped.
    if (seen + take <= max_line_bytes_) {
      line->append(from, take);
    } else if (line->capacity() != 0) {
      std::string().swap(*line);
    }
    seen += take;
    begin_ += take;
    if (newline != nullptr) {
      ++begin_;
      break;
    }
  }
  if (!any) return Status::kEnd;
  *length = seen;
  return seen > max_line_bytes_ ? Status::kTooLong : Status::kLine;
}

}  // namespace isohost::cli
