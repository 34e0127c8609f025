#include "bench/common/temp_dir.h"

#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace isohost::bench {

std::unique_ptr<TempDir> TempDir::Create(std::string_view prefix, std::string* error) {
  std::error_code ec;
  std::filesystem::path base = std::filesystem::temp_directory_path(ec);
  if (ec) base = "/tmp";
  std::string pattern = (base / (std::string(prefix) + "-XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    *error = "mkdtemp " + pattern + ": " + std::strerror(errno);
    return nullptr;
  }
  return std::unique_ptr<TempDir>(new TempDir(pattern));
}

TempDir::~TempDir() {
  if (keep_) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string TempDir::WriteFile(std::string_view name, std::string_view content,
                               std::string* error) {
  std::string file = path_ + "/" + std::string(name);
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  out.close();
  if (!out) {
    *error = "cannot write " + file;
    return {};
  }
  return file;
}

}  // namespace isohost::bench
