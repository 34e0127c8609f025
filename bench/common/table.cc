#include "bench/common/table.h"

#include <algorithm>
#include <cstdio>

namespace isohost::bench {
namespace {

// Columns a cell takes: its UTF-8 code points, so that "Δ" takes one.
std::size_t DisplayWidth(const std::string& text) {
  std::size_t columns = 0;
  for (char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return columns;
}

}  // namespace

Table::Table(std::vector<std::string> headers, std::size_t left_columns)
    : headers_(std::move(headers)), left_columns_(left_columns) {}

void Table::AddRow(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  rows_.push_back(std::move(cells));
}

void Table::Print(std::FILE* out) const {
  std::vector<std::size_t> widths(headers_.size());
  for (std::size_t i = 0; i < headers_.size(); ++i) {
    widths[i] = DisplayWidth(headers_[i]);
    for (const auto& row : rows_) widths[i] = std::max(widths[i], DisplayWidth(row[i]));
  }
  auto print_row = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      std::string padding(widths[i] - DisplayWidth(cells[i]), ' ');
      if (i < left_columns_) {
        std::fprintf(out, "%s%s%s", i == 0 ? "" : "  ", cells[i].c_str(), padding.c_str());
      } else {
        std::fprintf(out, "  %s%s", padding.c_str(), cells[i].c_str());
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
