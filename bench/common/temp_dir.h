// A private temporary directory for the worker scripts a benchmark runs, so
// that isohost and Node load byte-identical files. Removed with everything in
// it when destroyed, unless kept.
#ifndef ISOHOST_BENCH_COMMON_TEMP_DIR_H_
#define ISOHOST_BENCH_COMMON_TEMP_DIR_H_

#include <memory>
#include <string>
#include <string_view>

namespace isohost::bench {

class TempDir {
 public:
  // nullptr, with `error` set, if the directory cannot be made.
  static std::unique_ptr<TempDir> Create(std::string_view prefix, std::string* error);
  ~TempDir();

  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  // Writes `name` in the directory and returns its absolute path; empty, with
  // `error` set, on failure.
  std::string WriteFile(std::string_view name, std::string_view content, std::string* error);
  const std::string& path() const { return path_; }
  // Leaves the directory in place when destroyed (to look at it afterwards).
  void Keep() { keep_ = true; }

 private:
  explicit TempDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
  bool keep_ = false;
};

}  // namespace isohost::bench

#endif  // ISOHOST_BENCH_COMMON_TEMP_DIR_H_
