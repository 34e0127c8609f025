// libFuzzer target for the JSON the host takes from its users: the lines of
// `isohost pool`'s input, --worker-data and --send. Input bytes are split into
// lines as the pool command splits them (bounded, host/cli/task_line_reader)
// and each line goes through the same conversion (host/cli/json_input). No
// input may abort: every failure must come back as an error. A value that
// converts must survive the trip through the wire format and back to JSON.
//
//   json_input_fuzzer -max_total_time=60 tests/fuzz/json_input_corpus

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <sstream>
#include <string>

#include "host/cli/json_input.h"
#include "host/cli/task_line_reader.h"
#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"

namespace {

constexpr std::size_t kMaxLineBytes = 2048;

void CheckLine(const std::string& line) {
  std::string bytes;
  std::string error;
  if (!isohost::cli::JsonToCloneBytes(line, &bytes, &error)) {
    if (error.empty()) {
      std::fprintf(stderr, "a refused line has no reason\n");
      std::abort();
    }
    return;
  }
  auto view = std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  isohost::clone::Result<isohost::clone::CloneValue> decoded = isohost::clone::Decode(view);
  if (!decoded.ok()) {
    std::fprintf(stderr, "converted JSON does not decode: %s\n", decoded.error().message.c_str());
    std::abort();
  }
  // The value's JSON text converts again, to a value printed the same (not
  // the same bytes: -0 prints as 0, as JSON.stringify prints it).
  const std::string text = isohost::clone::ToJsonText(*decoded);
  std::string again;
  if (!isohost::cli::JsonToCloneBytes(text, &again, &error)) {
    std::fprintf(stderr, "the JSON text of a converted value is refused: %s\n", error.c_str());
    std::abort();
  }
  auto again_view = std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(again.data()), again.size());
  isohost::clone::Result<isohost::clone::CloneValue> redecoded = isohost::clone::Decode(again_view);
  if (!redecoded.ok() || isohost::clone::ToJsonText(*redecoded) != text) {
    std::fprintf(stderr, "the JSON text of a converted value converts differently\n");
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream input(std::string(reinterpret_cast<const char*>(data), size));
  isohost::cli::TaskLineReader reader(input, kMaxLineBytes);
  std::string line;
  std::size_t length = 0;
  for (;;) {
    auto status = reader.Next(&line, &length);
    if (status == isohost::cli::TaskLineReader::Status::kEnd) break;
    if (status == isohost::cli::TaskLineReader::Status::kTooLong) {
      if (length <= kMaxLineBytes || !line.empty()) {
        std::fprintf(stderr, "a long line was misreported\n");
        std::abort();
      }
      continue;
    }
    if (line.size() > kMaxLineBytes || line.find('\n') != std::string::npos) {
      std::fprintf(stderr, "a line was returned past its bound or with its newline\n");
      std::abort();
    }
    CheckLine(line);
  }
  return 0;
}
