#include "worker/api/zlib/codec.h"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <memory>

#include "worker/api/zlib/output.h"
#include "worker/api/zlib/parallel_deflate.h"
#include "worker/api/zlib/z_stream.h"

namespace isohost::worker::zlib {
namespace {

CodecResult Failure(CodecResult::Status status) {
  CodecResult result;
  result.status = status;
  return result;
}

CodecResult OutOfMemory() { return DataError("Out of memory", Z_MEM_ERROR, "Z_MEM_ERROR"); }

CodecResult RunZlib(const CodecOptions& options, const std::uint8_t* input, std::size_t input_size) {
  const bool deflating = IsDeflateMode(options.mode);
  ZStream zs(deflating);
  if (input_size > std::numeric_limits<uInt>::max()) return OutOfMemory();
  if (!zs.Init(options)) return Failure(CodecResult::kInitFailed);
  z_stream* s = zs.get();
  const std::vector<std::uint8_t>& dict = options.dictionary;
  if (!dict.empty() && (options.mode == Mode::kDeflate || options.mode == Mode::kDeflateRaw)) {
    if (deflateSetDictionary(s, dict.data(), static_cast<uInt>(dict.size())) != Z_OK) {
      return Failure(CodecResult::kInitFailed);
    }
  }
  if (!dict.empty() && options.mode == Mode::kInflateRaw) {
    if (inflateSetDictionary(s, dict.data(), static_cast<uInt>(dict.size())) != Z_OK) {
      return Failure(CodecResult::kInitFailed);
    }
  }
  // Compressed output rarely outgrows deflateBound: one allocation.
  std::size_t first = deflating ? deflateBound(s, static_cast<uLong>(input_size)) : options.chunk_size;
  Output out(first);
  // Gzip members may follow one another; so may they under unzip.
  const bool members =
      options.mode == Mode::kGunzip || (options.mode == Mode::kUnzip && input_size >= 2 && input[0] == 0x1f && input[1] == 0x8b);
  s->next_in = const_cast<Bytef*>(input);
  s->avail_in = static_cast<uInt>(input_size);
  const int flush = options.finish_flush;
  for (;;) {
    if (out.room() == 0 && !out.Grow()) return OutOfMemory();
    std::size_t room = std::min<std::size_t>(out.room(), std::numeric_limits<uInt>::max());
    s->next_out = out.next();
    s->avail_out = static_cast<uInt>(room);
    int err = zs.Step(flush);
    if (!deflating && err == Z_NEED_DICT && !dict.empty()) {
      err = inflateSetDictionary(s, dict.data(), static_cast<uInt>(dict.size()));
      if (err == Z_OK) {
        err = zs.Step(flush);
      } else if (err == Z_DATA_ERROR) {
        err = Z_NEED_DICT;  // reported as a bad dictionary
      }
    }
    out.Advance(room - s->avail_out);
    if (out.size() > options.max_output) return Failure(CodecResult::kTooLarge);
    switch (err) {
      case Z_OK:
      case Z_BUF_ERROR:
        if (s->avail_out != 0 && flush == Z_FINISH) {
          return DataError(s->msg != nullptr ? s->msg : "unexpected end of file", err, ZlibErrorName(err));
        }
        break;
      case Z_STREAM_END: break;
      case Z_NEED_DICT:
        return DataError(dict.empty() ? "Missing dictionary" : "Bad dictionary", err, ZlibErrorName(err));
      default: return DataError(s->msg != nullptr ? s->msg : "Zlib error", err, ZlibErrorName(err));
    }
    if (err == Z_STREAM_END) {
      // Another member follows unless what is left is zero padding.
      if (members && s->avail_in > 0 && s->next_in[0] != 0) {
        inflateReset(s);
        continue;
      }
      break;
    }
    if (s->avail_out != 0) break;
  }
  CodecResult result;
  out.Release(result);
  return result;
}

// Input of several blocks is compressed on several threads (ParallelDeflate).
CodecResult RunParallelDeflate(const CodecOptions& options, const std::uint8_t* input, std::size_t input_size) {
  std::unique_ptr<StreamCodec> codec = MakeParallelDeflate(options);
  if (codec == nullptr) return Failure(CodecResult::kInitFailed);
  // zlib's bound, and a gzip wrapper and a sync marker per block on top.
  Output out(compressBound(static_cast<uLong>(input_size)) + 18 + 6 * (input_size / kDeflateBlockBytes + 1));
  std::size_t at = 0;
  for (;;) {
    if (out.room() == 0 && !out.Grow()) return OutOfMemory();
    StreamStep step = codec->Write(options.finish_flush, input + at, input_size - at, out.next(), out.room());
    if (step.error.status != CodecResult::kOk) return std::move(step.error);
    at += step.consumed;
    out.Advance(step.produced);
    if (out.size() > options.max_output) return Failure(CodecResult::kTooLarge);
    if (!step.more) break;
  }
  CodecResult result;
  out.Release(result);
  return result;
}

CodecResult RunBrotliEncode(const CodecOptions& options, const std::uint8_t* input, std::size_t input_size) {
  BrotliEncoderState* state = BrotliEncoderCreateInstance(nullptr, nullptr, nullptr);
  if (state == nullptr) return Failure(CodecResult::kInitFailed);
  struct Destroy {
    BrotliEncoderState* state;
    ~Destroy() { BrotliEncoderDestroyInstance(state); }
  } destroy{state};
  for (int i = 0; i < kBrotliParamCount; ++i) {
    std::int64_t value = options.brotli_params[i];
    if (value == -1) continue;
    if (!BrotliEncoderSetParameter(state, static_cast<BrotliEncoderParameter>(i), static_cast<std::uint32_t>(value))) {
      return Failure(CodecResult::kInitFailed);
    }
  }
  Output out(std::max(options.chunk_size, BrotliEncoderMaxCompressedSize(input_size)));
  const auto op = static_cast<BrotliEncoderOperation>(options.finish_flush);
  std::size_t avail_in = input_size;
  const std::uint8_t* next_in = input;
  for (;;) {
    if (out.room() == 0 && !out.Grow()) return OutOfMemory();
    std::size_t avail_out = out.room();
    std::uint8_t* next_out = out.next();
    bool ok = BrotliEncoderCompressStream(state, op, &avail_in, &next_in, &avail_out, &next_out, nullptr);
    out.Advance(out.room() - avail_out);
    if (!ok) return DataError("Compression failed", -1, "ERR_BROTLI_COMPRESSION_FAILED");
    if (out.size() > options.max_output) return Failure(CodecResult::kTooLarge);
    if (BrotliEncoderHasMoreOutput(state)) continue;
    bool done = op == BROTLI_OPERATION_FINISH ? BrotliEncoderIsFinished(state) : avail_in == 0;
    if (done) break;
  }
  CodecResult result;
  out.Release(result);
  return result;
}

CodecResult RunBrotliDecode(const CodecOptions& options, const std::uint8_t* input, std::size_t input_size) {
  BrotliDecoderState* state = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
  if (state == nullptr) return Failure(CodecResult::kInitFailed);
  struct Destroy {
    BrotliDecoderState* state;
    ~Destroy() { BrotliDecoderDestroyInstance(state); }
  } destroy{state};
  for (int i = 0; i < kBrotliParamCount; ++i) {
    std::int64_t value = options.brotli_params[i];
    if (value == -1) continue;
    if (!BrotliDecoderSetParameter(state, static_cast<BrotliDecoderParameter>(i), static_cast<std::uint32_t>(value))) {
      return Failure(CodecResult::kInitFailed);
    }
  }
  Output out(options.chunk_size);
  std::size_t avail_in = input_size;
  const std::uint8_t* next_in = input;
  for (;;) {
    if (out.room() == 0 && !out.Grow()) return OutOfMemory();
    std::size_t avail_out = out.room();
    std::uint8_t* next_out = out.next();
    BrotliDecoderResult r = BrotliDecoderDecompressStream(state, &avail_in, &next_in, &avail_out, &next_out, nullptr);
    out.Advance(out.room() - avail_out);
    if (out.size() > options.max_output) return Failure(CodecResult::kTooLarge);
    if (r == BROTLI_DECODER_RESULT_ERROR) {
      BrotliDecoderErrorCode code = BrotliDecoderGetErrorCode(state);
      return DataError("Decompression failed", static_cast<int>(code),
                       BrotliErrorCode(code));
    }
    if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) continue;
    if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT && options.finish_flush == BROTLI_OPERATION_FINISH) {
      return DataError("unexpected end of file", Z_BUF_ERROR, "Z_BUF_ERROR");
    }
    break;
  }
  CodecResult result;
  out.Release(result);
  return result;
}

}  // namespace

CodecResult DataError(std::string message, int errno_value, std::string code) {
  CodecResult result;
  result.status = CodecResult::kDataError;
  result.message = std::move(message);
  result.errno_value = errno_value;
  result.code = std::move(code);
  return result;
}

const char* ZlibErrorName(int err) {
  switch (err) {
    case Z_OK: return "Z_OK";
    case Z_STREAM_END: return "Z_STREAM_END";
    case Z_NEED_DICT: return "Z_NEED_DICT";
    case Z_ERRNO: return "Z_ERRNO";
    case Z_STREAM_ERROR: return "Z_STREAM_ERROR";
    case Z_DATA_ERROR: return "Z_DATA_ERROR";
    case Z_MEM_ERROR: return "Z_MEM_ERROR";
    case Z_BUF_ERROR: return "Z_BUF_ERROR";
    case Z_VERSION_ERROR: return "Z_VERSION_ERROR";
    default: return "Z_UNKNOWN_ERROR";
  }
}

// Node's code for a brotli decoding error: the error's name
// without BROTLI_DECODER, after "ERR_" ("ERR__ERROR_FORMAT_PADDING_1").
std::string BrotliErrorCode(int code) {
  switch (code) {
#define ISOHOST_BROTLI_CASE(PREFIX, NAME, CODE) \
  case CODE: return "ERR_" #PREFIX #NAME;
#define ISOHOST_BROTLI_SEPARATOR
    BROTLI_DECODER_ERROR_CODES_LIST(ISOHOST_BROTLI_CASE, ISOHOST_BROTLI_SEPARATOR)
#undef ISOHOST_BROTLI_SEPARATOR
#undef ISOHOST_BROTLI_CASE
    default: return "ERR_BROTLI_DECODER_ERROR";
  }
}

CodecResult RunCodec(const CodecOptions& options, const std::uint8_t* input, std::size_t input_size) {
  switch (options.mode) {
    case Mode::kBrotliEncode: return RunBrotliEncode(options, input, input_size);
    case Mode::kBrotliDecode: return RunBrotliDecode(options, input, input_size);
    default:
      if (input_size > 2 * kDeflateBlockBytes && ParallelDeflateSuits(options)) {
        return RunParallelDeflate(options, input, input_size);
      }
      return RunZlib(options, input, input_size);
  }
}

}  // namespace isohost::worker::zlib
