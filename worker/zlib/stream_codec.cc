#include "worker/zlib/stream_codec.h"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

#include <algorithm>
#include <limits>
#include <utility>

#include "worker/zlib/output.h"
#include "worker/zlib/z_stream.h"

namespace isohost::worker::zlib {
namespace {

CodecResult OutOfMemory() { return DataError("Out of memory", Z_MEM_ERROR, "Z_MEM_ERROR"); }

CodecResult Released(Output& out, std::size_t consumed) {
  CodecResult result;
  out.Release(result);
  result.consumed = consumed;
  return result;
}

class ZlibStreamCodec final : public StreamCodec {
 public:
  explicit ZlibStreamCodec(CodecOptions options)
      : options_(std::move(options)), deflating_(IsDeflateMode(options_.mode)) {}

  bool Init() {
    stream_ = std::make_unique<ZStream>(deflating_);
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

  CodecResult Write(int flush, const std::uint8_t* input, std::size_t size) override {
    Output out(options_.chunk_size);
    // What follows the end of the data is not looked at, as in Node.
    if (ended_) return Released(out, 0);
    if (size > std::numeric_limits<uInt>::max()) return OutOfMemory();
    if (first_byte_ < 0 && size > 0) first_byte_ = input[0];
    // Gzip members may follow one another; so may they under unzip.
    const bool members = options_.mode == Mode::kGunzip || (options_.mode == Mode::kUnzip && first_byte_ == 0x1f);
    const std::vector<std::uint8_t>& dict = options_.dictionary;
    z_stream* s = stream_->get();
    if (between_members_) {
      if (size == 0) return Released(out, 0);
      between_members_ = false;
      // Zero padding after a member ends the data; anything else is another member.
      if (input[0] == 0) {
        ended_ = true;
        return Released(out, 0);
      }
      inflateReset(s);
    }
    s->next_in = const_cast<Bytef*>(input);
    s->avail_in = static_cast<uInt>(size);
    for (;;) {
      if (out.room() == 0 && !out.Grow()) return OutOfMemory();
      std::size_t room = std::min<std::size_t>(out.room(), std::numeric_limits<uInt>::max());
      s->next_out = out.next();
      s->avail_out = static_cast<uInt>(room);
      int err = stream_->Step(flush);
      if (!deflating_ && err == Z_NEED_DICT && !dict.empty()) {
        err = inflateSetDictionary(s, dict.data(), static_cast<uInt>(dict.size()));
        if (err == Z_OK) {
          err = stream_->Step(flush);
        } else if (err == Z_DATA_ERROR) {
          err = Z_NEED_DICT;  // reported as a bad dictionary
        }
      }
      out.Advance(room - s->avail_out);
      switch (err) {
        case Z_OK:
        case Z_BUF_ERROR:
          // Asked to finish with room to spare: the input stopped short.
          if (!deflating_ && flush == Z_FINISH && s->avail_out != 0) {
            return DataError("unexpected end of file", Z_BUF_ERROR, "Z_BUF_ERROR");
          }
          break;
        case Z_STREAM_END:
          if (!deflating_ && members) {
            // The next member (or the padding) may come with a later write.
            if (s->avail_in == 0) {
              between_members_ = true;
              return Released(out, size);
            }
            if (s->next_in[0] != 0) {
              inflateReset(s);
              continue;
            }
          }
          ended_ = true;
          return Released(out, size - s->avail_in);
        case Z_NEED_DICT:
          return DataError(dict.empty() ? "Missing dictionary" : "Bad dictionary", err, ZlibErrorName(err));
        default: return DataError(s->msg != nullptr ? s->msg : "Zlib error", err, ZlibErrorName(err));
      }
      if (s->avail_out != 0) break;
    }
    return Released(out, size - s->avail_in);
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
    state_ = BrotliEncoderCreateInstance(nullptr, nullptr, nullptr);
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

  CodecResult Write(int flush, const std::uint8_t* input, std::size_t size) override {
    Output out(options_.chunk_size);
    if (BrotliEncoderIsFinished(state_) && size == 0) return Released(out, 0);
    const auto op = static_cast<BrotliEncoderOperation>(flush);
    std::size_t avail_in = size;
    const std::uint8_t* next_in = input;
    for (;;) {
      if (out.room() == 0 && !out.Grow()) return OutOfMemory();
      std::size_t avail_out = out.room();
      std::uint8_t* next_out = out.next();
      bool ok = BrotliEncoderCompressStream(state_, op, &avail_in, &next_in, &avail_out, &next_out, nullptr);
      out.Advance(out.room() - avail_out);
      if (!ok) return DataError("Compression failed", -1, "ERR_BROTLI_COMPRESSION_FAILED");
      if (BrotliEncoderHasMoreOutput(state_)) continue;
      if (op == BROTLI_OPERATION_FINISH ? BrotliEncoderIsFinished(state_) : avail_in == 0) break;
    }
    return Released(out, size - avail_in);
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
    state_ = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
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

  CodecResult Write(int flush, const std::uint8_t* input, std::size_t size) override {
    Output out(options_.chunk_size);
    std::size_t avail_in = size;
    const std::uint8_t* next_in = input;
    for (;;) {
      if (out.room() == 0 && !out.Grow()) return OutOfMemory();
      std::size_t avail_out = out.room();
      std::uint8_t* next_out = out.next();
      BrotliDecoderResult r =
          BrotliDecoderDecompressStream(state_, &avail_in, &next_in, &avail_out, &next_out, nullptr);
      out.Advance(out.room() - avail_out);
      if (r == BROTLI_DECODER_RESULT_ERROR) {
        BrotliDecoderErrorCode code = BrotliDecoderGetErrorCode(state_);
        return DataError("Decompression failed", static_cast<int>(code), BrotliErrorCode(code));
      }
      if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) continue;
      if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT && flush == BROTLI_OPERATION_FINISH) {
        return DataError("unexpected end of file", Z_BUF_ERROR, "Z_BUF_ERROR");
      }
      break;
    }
    return Released(out, size - avail_in);
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
    default: return Made<ZlibStreamCodec>(options);
  }
}

}  // namespace isohost::worker::zlib
