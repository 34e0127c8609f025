#include "bench/common/table.h"

#include <algorithm>
#include <cstdio>

namespace isohost::bench {

Table::Table(std::vector<std::string> headers, std::size_t left_columns)
    : headers_(std::move(headers)), left_columns_(left_columns) {}

void Table::AddRow(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  rows_.push_back(std::move(cells));
}

void Table::Print(std::FILE* out) const {
  std::vector<std::size_t> widths(headers_.size());
  for (std::size_t i = 0; i < headers_.size(); ++i) {
    widths[i] = headers_[i].size();
    for (const auto& row : rows_) widths[i] = std::max(widths[i], row[i].size());
  }
  auto print_row = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      int width = static_cast<int>(widths[i]);
      if (i < left_columns_) {
        std::fprintf(out, "%s%-*s", i == 0 ? "" : "  ", width, cells[i].c_str());
      } else {
        std::fprintf(out, "  %*s", width, cells[i].c_str());
      }
    }
    std::fputc('\n', out);
  };
  print_row(headers_);
  std::vector<std::string> rule;
  for (std::size_t width : widths) rule.emplace_back(width, '-');
  print_row(rule);
  for (const auto& row : rows_) print_row(row);
}

std::string FormatNumber(std::optional<double> value, int precision) {
  if (!value) return "-";
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%.*f", precision, *value);
  return buffer;
}

}  // namespace isohost::bench
