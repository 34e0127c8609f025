#include "worker/api/zlib/stream_codec.h"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

#include <algorithm>
#include <limits>
#include <utility>

#include "worker/api/zlib/parallel_deflate.h"
#include "worker/api/zlib/z_stream.h"

namespace isohost::worker::zlib {
namespace {

// zlib counts in uInt; a larger piece is fed in several steps.
constexpr std::size_t kMaxStep = std::numeric_limits<uInt>::max();

StreamStep Failed(CodecResult error) {
  StreamStep step;
  step.error = std::move(error);
  return step;
}

class ZlibStreamCodec final : public StreamCodec {
 public:
  explicit ZlibStreamCodec(CodecOptions options)
      : options_(std::move(options)), deflating_(IsDeflateMode(options_.mode)) {}

  bool Init() {
    stream_ = std::make_unique<ZStream>(deflating_, &counter_);
    ended_ = false;
    between_members_ = false;
    first_byte_ = -1;
    if (!stream_->Init(options_)) return false;
    const std::vector<std::uint8_t>& dict = options_.dictionary;
    if (dict.empty()) return true;
    z_stream* s = stream_->get();
    if (options_.mode == Mode::kDeflate || options_.mode == Mode::kDeflateRaw) {
      return deflateSetDictionary(s, dict.data(), static_cast<uInt>(dict.size())) == Z_OK;
    }
    if (options_.mode == Mode::kInflateRaw) {
      return inflateSetDictionary(s, dict.data(), static_cast<uInt>(dict.size())) == Z_OK;
    }
    return true;
  }

  StreamStep Write(int flush, const std::uint8_t* input, std::size_t size, std::uint8_t* output,
                   std::size_t room) override {
    StreamStep step;
    // What follows the end of the data is not looked at, as in Node.
    if (ended_) return step;
    size = std::min(size, kMaxStep);
    room = std::min(room, kMaxStep);
    if (first_byte_ < 0 && size > 0) first_byte_ = input[0];
    // Gzip members may follow one another; so may they under unzip.
    const bool members = options_.mode == Mode::kGunzip || (options_.mode == Mode::kUnzip && first_byte_ == 0x1f);
    const std::vector<std::uint8_t>& dict = options_.dictionary;
    z_stream* s = stream_->get();
    if (between_members_) {
      if (size == 0) return step;
      between_members_ = false;
      // Zero padding after a member ends the data; anything else is another member.
      if (input[0] == 0) {
        ended_ = true;
        return step;
      }
      inflateReset(s);
    }
    s->next_in = const_cast<Bytef*>(input);
    s->avail_in = static_cast<uInt>(size);
    s->next_out = output;
    s->avail_out = static_cast<uInt>(room);
    for (;;) {
      int err = stream_->Step(flush);
      if (!deflating_ && err == Z_NEED_DICT && !dict.empty()) {
        err = inflateSetDictionary(s, dict.data(), static_cast<uInt>(dict.size()));
        if (err == Z_OK) {
          err = stream_->Step(flush);
        } else if (err == Z_DATA_ERROR) {
          err = Z_NEED_DICT;  // reported as a bad dictionary
        }
      }
      switch (err) {
        case Z_OK:
        case Z_BUF_ERROR:
          // Room to spare means the codec took all it could: asked to finish
          // then, the input stopped short.
          if (s->avail_out != 0 && !deflating_ && flush == Z_FINISH) {
            return Failed(DataError("unexpected end of file", Z_BUF_ERROR, "Z_BUF_ERROR"));
          }
          step.more = s->avail_out == 0;
          break;
        case Z_STREAM_END:
          if (!deflating_ && members) {
            // The next member (or the padding) may come with a later write.
            if (s->avail_in == 0) {
              between_members_ = true;
              break;
            }
            if (s->next_in[0] != 0) {
              inflateReset(s);
              if (s->avail_out != 0) continue;
              step.more = true;
              break;
            }
          }
          ended_ = true;
          break;
        case Z_NEED_DICT:
          return Failed(DataError(dict.empty() ? "Missing dictionary" : "Bad dictionary", err, ZlibErrorName(err)));
        default: return Failed(DataError(s->msg != nullptr ? s->msg : "Zlib error", err, ZlibErrorName(err)));
      }
      break;
    }
    step.consumed = size - s->avail_in;
    step.produced = room - s->avail_out;
    return step;
  }

  bool Params(int level, int strategy) override {
    if (!deflating_) return false;
    int err = deflateParams(stream_->get(), level, strategy);
    if (err != Z_OK && err != Z_BUF_ERROR) return false;
    options_.level = level;
    options_.strategy = strategy;
    return true;
  }

  bool Reset() override { return Init(); }

 private:
  CodecOptions options_;
  const bool deflating_;
  std::unique_ptr<ZStream> stream_;
  bool ended_ = false;
  // A gzip member ended with the input of a write: what comes next decides.
  bool between_members_ = false;
  // The first byte of the input, which tells unzip's gzip from deflate.
  int first_byte_ = -1;
};

class BrotliEncodeCodec final : public StreamCodec {
 public:
  explicit BrotliEncodeCodec(CodecOptions options) : options_(std::move(options)) {}
  ~BrotliEncodeCodec() override { BrotliEncoderDestroyInstance(state_); }

  bool Init() {
    BrotliEncoderDestroyInstance(state_);
    state_ = BrotliEncoderCreateInstance(&AllocationCounter::Allocate, &AllocationCounter::Free, &counter_);
    if (state_ == nullptr) return false;
    for (int i = 0; i < kBrotliParamCount; ++i) {
      std::int64_t value = options_.brotli_params[i];
      if (value == -1) continue;
      if (!BrotliEncoderSetParameter(state_, static_cast<BrotliEncoderParameter>(i),
                                     static_cast<std::uint32_t>(value))) {
        return false;
      }
    }
    return true;
  }

  StreamStep Write(int flush, const std::uint8_t* input, std::size_t size, std::uint8_t* output,
                   std::size_t room) override {
    StreamStep step;
    if (BrotliEncoderIsFinished(state_) && size == 0) return step;
    const auto op = static_cast<BrotliEncoderOperation>(flush);
    std::size_t avail_in = size;
    const std::uint8_t* next_in = input;
    std::size_t avail_out = room;
    std::uint8_t* next_out = output;
    for (;;) {
      if (!BrotliEncoderCompressStream(state_, op, &avail_in, &next_in, &avail_out, &next_out, nullptr)) {
        return Failed(DataError("Compression failed", -1, "ERR_BROTLI_COMPRESSION_FAILED"));
      }
      bool done = op == BROTLI_OPERATION_FINISH ? BrotliEncoderIsFinished(state_)
                                                : avail_in == 0 && !BrotliEncoderHasMoreOutput(state_);
      if (done) break;
      if (avail_out == 0) {
        step.more = true;
        break;
      }
    }
    step.consumed = size - avail_in;
    step.produced = room - avail_out;
    return step;
  }

  bool Params(int, int) override { return false; }
  bool Reset() override { return Init(); }

 private:
  CodecOptions options_;
  BrotliEncoderState* state_ = nullptr;
};

class BrotliDecodeCodec final : public StreamCodec {
 public:
  explicit BrotliDecodeCodec(CodecOptions options) : options_(std::move(options)) {}
  ~BrotliDecodeCodec() override { BrotliDecoderDestroyInstance(state_); }

  bool Init() {
    BrotliDecoderDestroyInstance(state_);
    state_ = BrotliDecoderCreateInstance(&AllocationCounter::Allocate, &AllocationCounter::Free, &counter_);
    if (state_ == nullptr) return false;
    for (int i = 0; i < kBrotliParamCount; ++i) {
      std::int64_t value = options_.brotli_params[i];
      if (value == -1) continue;
      if (!BrotliDecoderSetParameter(state_, static_cast<BrotliDecoderParameter>(i),
                                     static_cast<std::uint32_t>(value))) {
        return false;
      }
    }
    return true;
  }

  StreamStep Write(int flush, const std::uint8_t* input, std::size_t size, std::uint8_t* output,
                   std::size_t room) override {
    StreamStep step;
    std::size_t avail_in = size;
    const std::uint8_t* next_in = input;
    std::size_t avail_out = room;
    std::uint8_t* next_out = output;
    BrotliDecoderResult r = BrotliDecoderDecompressStream(state_, &avail_in, &next_in, &avail_out, &next_out, nullptr);
    if (r == BROTLI_DECODER_RESULT_ERROR) {
      BrotliDecoderErrorCode code = BrotliDecoderGetErrorCode(state_);
      return Failed(DataError("Decompression failed", static_cast<int>(code), BrotliErrorCode(code)));
    }
    if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT && flush == BROTLI_OPERATION_FINISH) {
      return Failed(DataError("unexpected end of file", Z_BUF_ERROR, "Z_BUF_ERROR"));
    }
    step.more = r == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT;
    step.consumed = size - avail_in;
    step.produced = room - avail_out;
    return step;
  }

  bool Params(int, int) override { return false; }
  bool Reset() override { return Init(); }

 private:
  CodecOptions options_;
  BrotliDecoderState* state_ = nullptr;
};

template <typename Codec>
std::unique_ptr<StreamCodec> Made(const CodecOptions& options) {
  auto codec = std::make_unique<Codec>(options);
  if (!codec->Init()) return nullptr;
  return codec;
}

}  // namespace

std::unique_ptr<StreamCodec> StreamCodec::Create(const CodecOptions& options) {
  switch (options.mode) {
    case Mode::kBrotliEncode: return Made<BrotliEncodeCodec>(options);
    case Mode::kBrotliDecode: return Made<BrotliDecodeCodec>(options);
    default:
      if (ParallelDeflateSuits(options)) return MakeParallelDeflate(options);
      return Made<ZlibStreamCodec>(options);
  }
}

}  // namespace isohost::worker::zlib
