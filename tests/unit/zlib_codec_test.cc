// The whole-buffer codec behind zlib (worker/api/zlib/codec.cc) against the
// libraries' own one-call functions (compress/uncompress, brotli's
// BrotliEncoderCompress/BrotliDecoderDecompress), with outputs that must grow
// many times over and limits hit exactly.
#include "worker/api/zlib/codec.h"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace isohost::worker::zlib {
namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes Seeded(std::size_t size, int alphabet) {
  std::mt19937 random(1234);
  Bytes bytes(size);
  for (auto& b : bytes) b = static_cast<std::uint8_t>('a' + random() % alphabet);
  return bytes;
}

CodecOptions Options(Mode mode, std::size_t chunk = 16 * 1024) {
  CodecOptions options;
  options.mode = mode;
  options.chunk_size = chunk;
  options.max_output = std::size_t{1} << 32;
  options.finish_flush = (mode == Mode::kBrotliEncode || mode == Mode::kBrotliDecode) ? BROTLI_OPERATION_FINISH
                                                                                      : Z_FINISH;
  options.brotli_params.fill(-1);
  return options;
}

// Takes over the result's output.
Bytes Take(CodecResult& result) {
  Bytes bytes(result.output.get(), result.output.get() + result.size);
  result.output.reset();
  return bytes;
}

TEST(ZlibCodecTest, DeflateIsReadByUncompressAndCompressIsReadByInflate) {
  const Bytes input = Seeded(3 << 20, 6);
  CodecResult deflated = RunCodec(Options(Mode::kDeflate), input.data(), input.size());
  ASSERT_EQ(deflated.status, CodecResult::kOk);
  Bytes compressed = Take(deflated);
  Bytes back(input.size());
  uLongf back_size = back.size();
  ASSERT_EQ(uncompress(back.data(), &back_size, compressed.data(), compressed.size()), Z_OK);
  EXPECT_EQ(back_size, input.size());
  EXPECT_EQ(back, input);

  Bytes theirs(compressBound(input.size()));
  uLongf theirs_size = theirs.size();
  ASSERT_EQ(compress(theirs.data(), &theirs_size, input.data(), input.size()), Z_OK);
  // A 64-byte first piece makes the output grow many times.
  CodecResult inflated = RunCodec(Options(Mode::kInflate, 64), theirs.data(), theirs_size);
  ASSERT_EQ(inflated.status, CodecResult::kOk);
  EXPECT_EQ(Take(inflated), input);
}

TEST(ZlibCodecTest, MaxOutputIsInclusive) {
  const Bytes input = Seeded(1000, 3);
  CodecResult deflated = RunCodec(Options(Mode::kGzip), input.data(), input.size());
  Bytes gz = Take(deflated);
  CodecOptions exact = Options(Mode::kGunzip, 64);
  exact.max_output = input.size();
  CodecResult ok = RunCodec(exact, gz.data(), gz.size());
  ASSERT_EQ(ok.status, CodecResult::kOk);
  EXPECT_EQ(Take(ok), input);
  exact.max_output = input.size() - 1;
  EXPECT_EQ(RunCodec(exact, gz.data(), gz.size()).status, CodecResult::kTooLarge);
}

TEST(ZlibCodecTest, GunzipReadsEveryMemberAndStopsAtZeroPadding) {
  Bytes joined;
  for (const char* text : {"one ", "two ", "three"}) {
    CodecResult member = RunCodec(Options(Mode::kGzip), reinterpret_cast<const std::uint8_t*>(text), std::strlen(text));
    Bytes bytes = Take(member);
    joined.insert(joined.end(), bytes.begin(), bytes.end());
  }
  joined.insert(joined.end(), 16, 0);
  for (Mode mode : {Mode::kGunzip, Mode::kUnzip}) {
    CodecResult result = RunCodec(Options(mode), joined.data(), joined.size());
    ASSERT_EQ(result.status, CodecResult::kOk);
    Bytes out = Take(result);
    EXPECT_EQ(std::string(out.begin(), out.end()), "one two three");
  }
}

TEST(ZlibCodecTest, ErrorsCarryZlibsMessageNumberAndName) {
  const Bytes text = {'n', 'o', 't', ' ', 'g', 'z', 'i', 'p'};
  CodecResult header = RunCodec(Options(Mode::kGunzip), text.data(), text.size());
  EXPECT_EQ(header.status, CodecResult::kDataError);
  EXPECT_EQ(header.message, "incorrect header check");
  EXPECT_EQ(header.errno_value, Z_DATA_ERROR);
  EXPECT_EQ(header.code, "Z_DATA_ERROR");
  EXPECT_EQ(header.output, nullptr);
  CodecResult empty = RunCodec(Options(Mode::kInflate), nullptr, 0);
  EXPECT_EQ(empty.message, "unexpected end of file");
  EXPECT_EQ(empty.code, "Z_BUF_ERROR");
  CodecOptions partial = Options(Mode::kInflate);
  partial.finish_flush = Z_SYNC_FLUSH;  // a partial result is asked for: no error
  // Dropped with its output (empty, in a buffer of chunk_size): under ASan,
  // LeakSanitizer sees that the result freed it.
  EXPECT_EQ(RunCodec(partial, nullptr, 0).status, CodecResult::kOk);
}

TEST(ZlibCodecTest, BrotliAgreesWithTheOneCallFunctions) {
  const Bytes input = Seeded(2 << 20, 10);
  CodecOptions encode = Options(Mode::kBrotliEncode);
  encode.brotli_params[BROTLI_PARAM_QUALITY] = 4;
  CodecResult encoded = RunCodec(encode, input.data(), input.size());
  ASSERT_EQ(encoded.status, CodecResult::kOk);
  Bytes compressed = Take(encoded);
  Bytes back(input.size());
  std::size_t back_size = back.size();
  ASSERT_EQ(BrotliDecoderDecompress(compressed.size(), compressed.data(), &back_size, back.data()),
            BROTLI_DECODER_RESULT_SUCCESS);
  EXPECT_EQ(back, input);

  Bytes theirs(BrotliEncoderMaxCompressedSize(input.size()));
  std::size_t theirs_size = theirs.size();
  ASSERT_TRUE(BrotliEncoderCompress(3, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, input.size(), input.data(),
                                    &theirs_size, theirs.data()));
  CodecResult decoded = RunCodec(Options(Mode::kBrotliDecode, 64), theirs.data(), theirs_size);
  ASSERT_EQ(decoded.status, CodecResult::kOk);
  EXPECT_EQ(Take(decoded), input);

  CodecResult truncated = RunCodec(Options(Mode::kBrotliDecode), theirs.data(), theirs_size / 2);
  EXPECT_EQ(truncated.message, "unexpected end of file");
  CodecOptions bad = Options(Mode::kBrotliDecode);
  bad.brotli_params[5] = 1;  // an encoder's parameter
  EXPECT_EQ(RunCodec(bad, theirs.data(), theirs_size).status, CodecResult::kInitFailed);
}

}  // namespace
}  // namespace isohost::worker::zlib
