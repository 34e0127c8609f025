// The pool command's input splitter: lines up to a bound, what is past it
// skipped to the line's end and reported with its length.
#include "host/cli/task_line_reader.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace isohost::cli {
namespace {

struct Item {
  TaskLineReader::Status status;
  std::string line;
  std::size_t length;
};

std::vector<Item> ReadAll(const std::string& text, std::size_t bound) {
  std::istringstream input(text);
  TaskLineReader reader(input, bound);
  std::vector<Item> items;
  std::string line;
  std::size_t length = 0;
  for (TaskLineReader::Status status; (status = reader.Next(&line, &length)) != TaskLineReader::Status::kEnd;) {
    items.push_back({status, line, length});
  }
  return items;
}

TEST(TaskLineReaderTest, SplitsLinesAndTakesALastOneWithoutNewline) {
  std::vector<Item> items = ReadAll("1\n\n[2,3]\n4", 100);
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0].line, "1");
  EXPECT_EQ(items[1].line, "");
  EXPECT_EQ(items[2].line, "[2,3]");
  EXPECT_EQ(items[3].line, "4");
  for (const Item& item : items) EXPECT_EQ(item.status, TaskLineReader::Status::kLine);
  EXPECT_TRUE(ReadAll("", 100).empty());
  EXPECT_EQ(ReadAll("1\n", 100).size(), 1u) << "no empty line after the last newline";
}

TEST(TaskLineReaderTest, ALineAtTheBoundIsKeptOnePastItIsReportedAndTheNextGoesOn) {
  std::vector<Item> items = ReadAll(std::string(10, 'a') + "\n" + std::string(11, 'b') + "\nnext\n", 10);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0].status, TaskLineReader::Status::kLine);
  EXPECT_EQ(items[0].line, std::string(10, 'a'));
  EXPECT_EQ(items[1].status, TaskLineReader::Status::kTooLong);
  EXPECT_EQ(items[1].length, 11u);
  EXPECT_TRUE(items[1].line.empty());
  EXPECT_EQ(items[2].line, "next");
}

TEST(TaskLineReaderTest, ALongLineAcrossManyReadsIsCountedWhole) {
  // Several of the reader's 64 KiB chunks.
  std::string huge(300 * 1024 + 7, 'x');
  std::vector<Item> items = ReadAll("1\n" + huge + "\n2", 1024);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[1].status, TaskLineReader::Status::kTooLong);
  EXPECT_EQ(items[1].length, huge.size());
  EXPECT_EQ(items[2].line, "2");
}

}  // namespace
}  // namespace isohost::cli
