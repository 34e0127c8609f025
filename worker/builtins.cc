#include "worker/builtins.h"

#include <cstddef>

namespace isohost::worker_js {
struct EmbeddedFile {
  std::string_view name;
  std::string_view source;
};
extern const EmbeddedFile kEmbeddedFiles[];
extern const std::size_t kEmbeddedFileCount;
}  // namespace isohost::worker_js

namespace isohost::worker {

std::string_view FindBuiltinSource(std::string_view name) {
  for (std::size_t i = 0; i < worker_js::kEmbeddedFileCount; ++i) {
    if (worker_js::kEmbeddedFiles[i].name == name) return worker_js::kEmbeddedFiles[i].source;
  }
  return {};
}

}  // namespace isohost::worker
