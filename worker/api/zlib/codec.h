// One whole (de)compression: all of the input in, all of the output out, with
// zlib (deflate, gzip, raw, auto-detecting unzip) or brotli. Plain C++ that
// never touches V8, so that it can run on libuv's thread pool.
#ifndef ISOHOST_WORKER_API_ZLIB_CODEC_H_
#define ISOHOST_WORKER_API_ZLIB_CODEC_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace isohost::worker::zlib {

// Node's numbering of the kinds of stream (zlib.constants.DEFLATE...).
enum class Mode : int {
  kDeflate = 1,
  kInflate = 2,
  kGzip = 3,
  kGunzip = 4,
  kDeflateRaw = 5,
  kInflateRaw = 6,
  kUnzip = 7,
  kBrotliDecode = 8,
  kBrotliEncode = 9,
};

// Brotli's parameters are numbered 0..8 (BROTLI_PARAM_*); -1 leaves one unset.
constexpr int kBrotliParamCount = 9;

struct CodecOptions {
  Mode mode = Mode::kGzip;
  int level = -1;
  int window_bits = 15;
  int mem_level = 8;
  int strategy = 0;
  // The flush of the one and only call: Z_FINISH or BROTLI_OPERATION_FINISH
  // unless the script asked for a partial result.
  int finish_flush = 4;
  std::size_t chunk_size = 16 * 1024;
  // More output than this is an error (maxOutputLength).
  std::size_t max_output = 0;
  std::vector<std::uint8_t> dictionary;
  std::array<std::int64_t, kBrotliParamCount> brotli_params{};
};

// Bytes from malloc()/realloc(), which an ArrayBuffer can take over.
struct FreeBytes {
  void operator()(std::uint8_t* data) const { std::free(data); }
};
using MallocBytes = std::unique_ptr<std::uint8_t, FreeBytes>;

// The outcome: `output` (`size` bytes) or a failure as Node reports it. A
// result dropped without its output taken frees it.
struct CodecResult {
  enum Status { kOk, kDataError, kTooLarge, kInitFailed };
  Status status = kOk;
  MallocBytes output;
  std::size_t size = 0;
  // How much of the input the codec took (of a StreamCodec's Write; what
  // follows the end of the data is left).
  std::size_t consumed = 0;
  // For kDataError: the message, zlib's (or brotli's) error number and its name.
  std::string message;
  int errno_value = 0;
  std::string code;
};

// Whether `mode` compresses with deflate (deflate, gzip, raw).
inline bool IsDeflateMode(Mode mode) {
  return mode == Mode::kDeflate || mode == Mode::kGzip || mode == Mode::kDeflateRaw;
}
// A kDataError result.
CodecResult DataError(std::string message, int errno_value, std::string code);
// Node's name for a zlib return code ("Z_DATA_ERROR").
const char* ZlibErrorName(int err);
// Node's code for a brotli decoder error ("ERR__ERROR_FORMAT_PADDING_1").
std::string BrotliErrorCode(int code);

CodecResult RunCodec(const CodecOptions& options, const std::uint8_t* input, std::size_t input_size);

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_CODEC_H_
