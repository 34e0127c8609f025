#include "host/launch/script_path.h"

#include <filesystem>
#include <string_view>
#include <system_error>

namespace isohost {
namespace {

// Absolute, no empty, "." or ".." segment, no trailing slash: what
// lexically_normal() would return unchanged.
bool IsNormalAbsolute(std::string_view path) {
  if (path.size() < 2 || path.front() != '/' || path.back() == '/') return false;
  std::size_t start = 1;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    std::string_view segment = path.substr(start, end - start);
    if (segment.empty() || segment == "." || segment == "..") return false;
    start = end + 1;
  }
  return true;
}

}  // namespace

std::optional<std::string> AbsoluteScriptPath(const std::string& given, std::string* error) {
  if (IsNormalAbsolute(given)) return given;
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(given, ec).lexically_normal();
  if (ec) {
    *error = "cannot find script '" + given + "': " + ec.message();
    return std::nullopt;
  }
  std::string path = absolute.string();
  if (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace isohost
