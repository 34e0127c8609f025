// Deflate on several threads (worker/api/zlib/parallel_deflate.cc) against zlib
// itself: a short stream is zlib's own output byte for byte; a long one,
// fed in uneven pieces into small output rooms, with flushes, new levels and
// resets on the way, reads back through zlib's inflate as what went in.
#include "worker/api/zlib/parallel_deflate.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <random>
#include <vector>

namespace isohost::worker::zlib {
namespace {

using Bytes = std::vector<std::uint8_t>;

// Text-like bytes that compress about as well as logs do.
Bytes Text(std::size_t size, unsigned seed = 7) {
  std::mt19937 random(seed);
  const char* words[] = {"request ", "user ", "cache ", "miss ", "hit ", "timeout ", "error ", "\n", "{\"ms\":"};
  Bytes bytes;
  while (bytes.size() < size) {
    const char* word = words[random() % 9];
    bytes.insert(bytes.end(), word, word + std::char_traits<char>::length(word));
    bytes.push_back(static_cast<std::uint8_t>('0' + random() % 10));
  }
  bytes.resize(size);
  return bytes;
}

CodecOptions Options(Mode mode, int level = Z_DEFAULT_COMPRESSION) {
  CodecOptions options;
  options.mode = mode;
  options.level = level;
  return options;
}

int WindowBitsFor(Mode mode) {
  return mode == Mode::kGzip ? 15 + 16 : mode == Mode::kDeflateRaw ? -15 : 15;
}

// zlib's deflate over the whole input at once.
Bytes ZlibDeflate(const CodecOptions& options, const Bytes& input) {
  z_stream s{};
  EXPECT_EQ(deflateInit2(&s, options.level, Z_DEFLATED, WindowBitsFor(options.mode), 8, Z_DEFAULT_STRATEGY), Z_OK);
  Bytes out(deflateBound(&s, input.size()));
  s.next_in = const_cast<Bytef*>(input.data());
  s.avail_in = static_cast<uInt>(input.size());
  s.next_out = out.data();
  s.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&s, Z_FINISH), Z_STREAM_END);
  out.resize(s.total_out);
  deflateEnd(&s);
  return out;
}

// zlib's inflate over all of `data`; what it made of it, and whether the
// stream ended (and its checksum held).
Bytes ZlibInflate(Mode mode, const Bytes& data, bool* ended) {
  z_stream s{};
  EXPECT_EQ(inflateInit2(&s, WindowBitsFor(mode)), Z_OK);
  Bytes out;
  Bytes room(64 * 1024);
  s.next_in = const_cast<Bytef*>(data.data());
  s.avail_in = static_cast<uInt>(data.size());
  int err = Z_OK;
  do {
    s.next_out = room.data();
    s.avail_out = static_cast<uInt>(room.size());
    err = inflate(&s, Z_SYNC_FLUSH);
    out.insert(out.end(), room.data(), room.data() + (room.size() - s.avail_out));
  } while (err == Z_OK && (s.avail_in > 0 || s.avail_out == 0));
  *ended = err == Z_STREAM_END;
  EXPECT_TRUE(err == Z_STREAM_END || err == Z_BUF_ERROR || err == Z_OK) << err << " " << (s.msg ? s.msg : "");
  inflateEnd(&s);
  return out;
}

// Feeds `input` in pieces of up to `piece` bytes with Z_NO_FLUSH, then
// `flush`, giving the codec `room` bytes of output at a time, as a zlib
// stream object does; returns all of the output.
Bytes Feed(StreamCodec& codec, const Bytes& input, std::size_t piece, std::size_t room, int flush) {
  Bytes out;
  Bytes buffer(room);
  std::size_t at = 0;
  for (;;) {
    std::size_t n = std::min(piece, input.size() - at);
    int f = at + n == input.size() ? flush : Z_NO_FLUSH;
    StreamStep step = codec.Write(f, input.data() + at, n, buffer.data(), buffer.size());
    EXPECT_EQ(step.error.status, CodecResult::kOk) << step.error.message;
    at += step.consumed;
    out.insert(out.end(), buffer.data(), buffer.data() + step.produced);
    if (step.more) continue;
    EXPECT_EQ(step.consumed, n) << "input left without more output to come";
    if (at == input.size()) break;
  }
  return out;
}

std::unique_ptr<StreamCodec> Make(const CodecOptions& options) {
  std::unique_ptr<StreamCodec> codec = MakeParallelDeflate(options);
  EXPECT_NE(codec, nullptr);
  return codec;
}

TEST(ParallelDeflateTest, AStreamWithinOneBlockIsZlibsOwnByteForByte) {
  for (Mode mode : {Mode::kGzip, Mode::kDeflate, Mode::kDeflateRaw}) {
    for (int level : {1, 6, 9}) {
      CodecOptions options = Options(mode, level);
      Bytes input = Text(kDeflateBlockBytes - 1000);
      auto codec = Make(options);
      EXPECT_EQ(Feed(*codec, input, 10'000, 4096, Z_FINISH), ZlibDeflate(options, input))
          << "mode " << static_cast<int>(mode) << " level " << level;
    }
  }
}

TEST(ParallelDeflateTest, ALongStreamReadsBackThroughZlibAndCostsAlmostNothingInSize) {
  for (Mode mode : {Mode::kGzip, Mode::kDeflate, Mode::kDeflateRaw}) {
    for (int level : {0, 1, 6, 9}) {
      CodecOptions options = Options(mode, level);
      Bytes input = Text(3 * 1024 * 1024 + 12345);
      auto codec = Make(options);
      Bytes out = Feed(*codec, input, 65'537, 16 * 1024, Z_FINISH);
      bool ended = false;
      EXPECT_EQ(ZlibInflate(mode, out, &ended), input) << "mode " << static_cast<int>(mode) << " level " << level;
      EXPECT_TRUE(ended) << "the stream ends, and its checksum holds";
      Bytes serial = ZlibDeflate(options, input);
      EXPECT_LT(out.size(), serial.size() + serial.size() / 100 + 64) << "level " << level;
    }
  }
}

TEST(ParallelDeflateTest, OneWriteOfManyBlocksIntoATinyRoomComesOutWhole) {
  CodecOptions options = Options(Mode::kGzip);
  Bytes input = Text(2 * 1024 * 1024);
  auto codec = Make(options);
  Bytes out = Feed(*codec, input, input.size(), 100, Z_FINISH);
  bool ended = false;
  EXPECT_EQ(ZlibInflate(Mode::kGzip, out, &ended), input);
  EXPECT_TRUE(ended);
}

TEST(ParallelDeflateTest, ASyncFlushMakesAllInputSoFarReadable) {
  CodecOptions options = Options(Mode::kDeflate);
  auto codec = Make(options);
  Bytes all;
  Bytes out;
  for (int round = 0; round < 3; ++round) {
    Bytes part = Text(700 * 1024 + round * 333, round + 1);
    all.insert(all.end(), part.begin(), part.end());
    Bytes piece = Feed(*codec, part, 50'000, 8192, round == 1 ? Z_FULL_FLUSH : Z_SYNC_FLUSH);
    out.insert(out.end(), piece.begin(), piece.end());
    bool ended = true;
    EXPECT_EQ(ZlibInflate(Mode::kDeflate, out, &ended), all) << "round " << round;
    EXPECT_FALSE(ended);
    // The same flush again, with nothing new, adds nothing.
    Bytes room(64);
    StreamStep again = codec->Write(Z_SYNC_FLUSH, nullptr, 0, room.data(), room.size());
    EXPECT_EQ(again.produced, 0u);
    EXPECT_FALSE(again.more);
  }
  Bytes end = Feed(*codec, {}, 1, 1024, Z_FINISH);
  out.insert(out.end(), end.begin(), end.end());
  bool ended = false;
  EXPECT_EQ(ZlibInflate(Mode::kDeflate, out, &ended), all);
  EXPECT_TRUE(ended);
  // After the end, input is not taken.
  Bytes room(64);
  std::uint8_t byte = 1;
  StreamStep after = codec->Write(Z_NO_FLUSH, &byte, 1, room.data(), room.size());
  EXPECT_EQ(after.consumed, 0u);
  EXPECT_EQ(after.produced, 0u);
}

TEST(ParallelDeflateTest, ANewLevelAfterAFlushHoldsForTheBlocksAfter) {
  CodecOptions options = Options(Mode::kGzip, 9);
  auto codec = Make(options);
  Bytes first = Text(1024 * 1024, 3);
  Bytes second = Text(1024 * 1024, 4);
  Bytes out = Feed(*codec, first, 100'000, 16 * 1024, Z_SYNC_FLUSH);
  ASSERT_TRUE(codec->Params(0, Z_DEFAULT_STRATEGY));
  EXPECT_FALSE(codec->Params(10, Z_DEFAULT_STRATEGY));
  Bytes rest = Feed(*codec, second, 100'000, 16 * 1024, Z_FINISH);
  // Stored: the second megabyte comes out at its own size.
  EXPECT_GT(rest.size(), second.size());
  out.insert(out.end(), rest.begin(), rest.end());
  Bytes all = first;
  all.insert(all.end(), second.begin(), second.end());
  bool ended = false;
  EXPECT_EQ(ZlibInflate(Mode::kGzip, out, &ended), all);
  EXPECT_TRUE(ended);
}

TEST(ParallelDeflateTest, AResetOrAnEndWithBlocksInFlightLosesNothingOfTheNextStream) {
  CodecOptions options = Options(Mode::kDeflateRaw);
  Bytes input = Text(4 * 1024 * 1024);
  auto codec = Make(options);
  Bytes room(1024);
  // Many blocks handed out, none waited for.
  codec->Write(Z_NO_FLUSH, input.data(), input.size() / 2, room.data(), room.size());
  ASSERT_TRUE(codec->Reset());
  Bytes out = Feed(*codec, input, 300'000, 16 * 1024, Z_FINISH);
  bool ended = false;
  EXPECT_EQ(ZlibInflate(Mode::kDeflateRaw, out, &ended), input);
  EXPECT_TRUE(ended);
  // Gone with blocks still running: they finish alone.
  auto other = Make(options);
  other->Write(Z_NO_FLUSH, input.data(), input.size(), room.data(), room.size());
  other.reset();
}

TEST(ParallelDeflateTest, OptionsZlibRefusesAreRefused) {
  CodecOptions options = Options(Mode::kGzip);
  options.mem_level = 0;
  EXPECT_EQ(MakeParallelDeflate(options), nullptr);
  options = Options(Mode::kGzip, 12);
  EXPECT_EQ(MakeParallelDeflate(options), nullptr);
}

}  // namespace
}  // namespace isohost::worker::zlib
