// Splits `isohost pool`'s input into task lines without ever holding more
// than one line of at most a set length: a line past it is skipped to its
// end and reported, so one huge line costs a read, not its size in memory.
#ifndef ISOHOST_HOST_CLI_TASK_LINE_READER_H_
#define ISOHOST_HOST_CLI_TASK_LINE_READER_H_

#include <cstddef>
#include <istream>
#include <string>
#include <vector>

namespace isohost::cli {

class TaskLineReader {
 public:
  // Lines longer than `max_line_bytes` (without the newline) are too long.
  TaskLineReader(std::istream& input, std::size_t max_line_bytes);

  enum class Status {
    kLine,     // `line` holds the next line
    kTooLong,  // the next line was longer than the bound; `length` says how long
    kEnd,      // no more input
  };
  // The next line, or what stands in for it. The last line needs no newline.
  Status Next(std::string* line, std::size_t* length);

 private:
  bool Fill();

  std::istream& input_;
  std::size_t max_line_bytes_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;  // unread bytes are buffer_[begin_, end_)
  std::size_t end_ = 0;
  bool eof_ = false;
};

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_TASK_LINE_READER_H_
