// A plain-text table for benchmark results: the first `left_columns` columns
// are left-aligned (names), the rest right-aligned (numbers).
#ifndef ISOHOST_BENCH_COMMON_TABLE_H_
#define ISOHOST_BENCH_COMMON_TABLE_H_

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace isohost::bench {

class Table {
 public:
  Table(std::vector<std::string> headers, std::size_t left_columns);

  void AddRow(std::vector<std::string> cells);
  void Print(std::FILE* out) const;

 private:
  std::vector<std::string> headers_;
  std::size_t left_columns_;
  std::vector<std::vector<std::string>> rows_;
};

// `value` with `precision` decimals; "-" for nullopt (e.g. a ratio to Node
// when Node did not run).
std::string FormatNumber(std::optional<double> value, int precision);

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_TABLE_H_
