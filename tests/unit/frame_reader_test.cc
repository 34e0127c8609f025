// FrameReader: frames split over many reads, many frames in one read, and
// every kind of malformed input.
#include "ipc/frame_reader.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ipc/frame_writer.h"
#include "tests/unit/envelopes.h"

namespace isohost::ipc {
namespace {

std::string Frames(const std::vector<std::string>& payloads) {
  std::string out;
  for (const std::string& payload : payloads) {
    EXPECT_TRUE(AppendFrame(MessageEnvelope(payload), kDefaultMaxFrameSize, &out));
  }
  return out;
}

struct Collected {
  std::vector<std::string> messages;
  FrameReader::EnvelopeCallback callback() {
    return [this](proto::Envelope& envelope) {
      messages.push_back(envelope.port_message().data());
      return true;
    };
  }
};

bool FeedString(FrameReader& reader, const std::string& bytes, Collected& out) {
  return reader.Feed(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), out.callback());
}

TEST(FrameReaderTest, ManyFramesInOneRead) {
  FrameReader reader;
  Collected out;
  ASSERT_TRUE(FeedString(reader, Frames({"a", "bb", "", "dddd"}), out));
  EXPECT_EQ(out.messages, (std::vector<std::string>{"a", "bb", "", "dddd"}));
  EXPECT_TRUE(reader.AtFrameBoundary());
}

TEST(FrameReaderTest, TakeRemainderKeepsTheRestOfTheInputForTheNextFeed) {
  FrameReader reader;
  std::vector<std::string> seen;
  // The first frame's callback takes the rest and feeds newer input from
  // inside it (as Channel::AwaitFrame does): the older input comes first.
  const std::string older = Frames({"a", "b", "c"}) + Frames({"partial"}).substr(0, 7);
  const std::string newer = Frames({"partial"}).substr(7) + Frames({"d"});
  bool nested = false;
  FrameReader::EnvelopeCallback callback = [&](proto::Envelope& envelope) {
    seen.push_back(envelope.port_message().data());
    if (!nested) {
      nested = true;
      reader.TakeRemainder();
      EXPECT_TRUE(reader.HasCarry());
      EXPECT_TRUE(reader.Feed(reinterpret_cast<const std::uint8_t*>(newer.data()), newer.size(), callback));
    }
    return true;
  };
  ASSERT_TRUE(reader.Feed(reinterpret_cast<const std::uint8_t*>(older.data()), older.size(), callback));
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b", "c", "partial", "d"}));
  EXPECT_FALSE(reader.HasCarry());
  EXPECT_TRUE(reader.AtFrameBoundary());
}

TEST(FrameReaderTest, FrameSplitAtEveryByte) {
  std::string big(100000, 'x');
  std::string bytes = Frames({"first", big, "last"});
  FrameReader reader;
  Collected out;
  for (char byte : bytes) ASSERT_TRUE(FeedString(reader, std::string(1, byte), out));
  ASSERT_EQ(out.messages.size(), 3u);
  EXPECT_EQ(out.messages[1], big);
  EXPECT_EQ(out.messages[2], "last");
  EXPECT_TRUE(reader.AtFrameBoundary());
}

TEST(FrameReaderTest, SplitsAcrossFrameBoundaries) {
  std::string bytes = Frames({"one", "two", "three"});
  for (std::size_t cut = 1; cut < bytes.size(); ++cut) {
    FrameReader reader;
    Collected out;
    ASSERT_TRUE(FeedString(reader, bytes.substr(0, cut), out));
    ASSERT_TRUE(FeedString(reader, bytes.substr(cut), out));
    EXPECT_EQ(out.messages, (std::vector<std::string>{"one", "two", "three"})) << "cut at " << cut;
  }
}

TEST(FrameReaderTest, OversizeLengthIsRejectedBeforeAllocating) {
  FrameReader reader(1024);
  Collected out;
  std::string header(4, '\0');
  EncodeFrameLength(0xFFFFFFFFu, reinterpret_cast<std::uint8_t*>(header.data()));
  EXPECT_FALSE(FeedString(reader, header, out));
  EXPECT_TRUE(reader.failed());
  EXPECT_NE(reader.error().find("exceeds the limit of 1024 bytes"), std::string::npos) << reader.error();
  EXPECT_EQ(reader.BufferedBytes(), 0u);
  // A failed reader stays failed.
  EXPECT_FALSE(FeedString(reader, Frames({"x"}), out));
  EXPECT_TRUE(out.messages.empty());
}

TEST(FrameReaderTest, OversizeLengthSplitAcrossReads) {
  FrameReader reader(16);
  Collected out;
  std::string header(4, '\0');
  EncodeFrameLength(17, reinterpret_cast<std::uint8_t*>(header.data()));
  EXPECT_TRUE(FeedString(reader, header.substr(0, 2), out));
  EXPECT_FALSE(FeedString(reader, header.substr(2), out));
  EXPECT_NE(reader.error().find("17 bytes"), std::string::npos);
}

TEST(FrameReaderTest, GarbagePayloadIsAClearError) {
  FrameReader reader;
  Collected out;
  std::string frame(4, '\0');
  std::string garbage = "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff";
  EncodeFrameLength(static_cast<std::uint32_t>(garbage.size()), reinterpret_cast<std::uint8_t*>(frame.data()));
  frame += garbage;
  EXPECT_FALSE(FeedString(reader, Frames({"ok"}) + frame, out));
  EXPECT_EQ(out.messages, std::vector<std::string>{"ok"});
  EXPECT_NE(reader.error().find("is not a valid Envelope"), std::string::npos) << reader.error();
}

TEST(FrameReaderTest, EmptyEnvelopeHasNoBody) {
  FrameReader reader;
  Collected out;
  std::string frame(4, '\0');  // length 0: an Envelope with no field set
  EXPECT_FALSE(FeedString(reader, frame, out));
  EXPECT_NE(reader.error().find("no body"), std::string::npos) << reader.error();
}

TEST(FrameReaderTest, TruncatedStreamIsNotAtBoundary) {
  std::string bytes = Frames({"complete", "truncated"});
  FrameReader reader;
  Collected out;
  ASSERT_TRUE(FeedString(reader, bytes.substr(0, bytes.size() - 3), out));
  EXPECT_EQ(out.messages, std::vector<std::string>{"complete"});
  EXPECT_FALSE(reader.AtFrameBoundary());
}

TEST(FrameReaderTest, CallbackCanStopFeeding) {
  FrameReader reader;
  int calls = 0;
  std::string bytes = Frames({"a", "b", "c"});
  bool ok = reader.Feed(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(),
                        [&](proto::Envelope&) { return ++calls < 2; });
  EXPECT_FALSE(ok);
  EXPECT_FALSE(reader.failed());
  EXPECT_EQ(calls, 2);
}

TEST(FrameWriterTest, PortMessageFrameIsTheEnvelopesFrame) {
  for (std::size_t size : {0u, 1u, 127u, 128u, 16383u, 16384u, 70000u, 3000000u}) {
    std::string data(size, 'q');
    if (size > 0) data[size / 2] = '\x80';
    std::string expected, actual;
    ASSERT_TRUE(AppendFrame(MessageEnvelope(data), kDefaultMaxFrameSize, &expected));
    ASSERT_TRUE(AppendPortMessageFrame(data, kDefaultMaxFrameSize, &actual));
    EXPECT_EQ(actual, expected) << "size " << size;
  }
  std::string out;
  EXPECT_FALSE(AppendPortMessageFrame(std::string(100, 'x'), 50, &out));
  EXPECT_TRUE(out.empty());
}

TEST(FrameReaderTest, PortMessagesTakeTheZeroCopyPathOthersTheEnvelope) {
  std::string bytes;
  ASSERT_TRUE(AppendPortMessageFrame("first", kDefaultMaxFrameSize, &bytes));
  proto::Envelope ack;
  ack.mutable_stdio_ack()->set_bytes(7);
  ASSERT_TRUE(AppendFrame(ack, kDefaultMaxFrameSize, &bytes));
  ASSERT_TRUE(AppendPortMessageFrame("", kDefaultMaxFrameSize, &bytes));
  ASSERT_TRUE(AppendFrame(MessageEnvelope(std::string(70000, 'z')), kDefaultMaxFrameSize, &bytes));
  std::vector<std::string> views;
  int envelopes = 0;
  FrameReader reader;
  for (std::size_t at = 0; at < bytes.size(); at += 1000) {  // split reads too
    std::size_t take = std::min<std::size_t>(1000, bytes.size() - at);
    ASSERT_TRUE(reader.Feed(reinterpret_cast<const std::uint8_t*>(bytes.data() + at), take,
                            [&](proto::Envelope& envelope) {
                              EXPECT_EQ(envelope.stdio_ack().bytes(), 7u);
                              ++envelopes;
                              return true;
                            },
                            [&](std::string_view data) {
                              views.emplace_back(data);
                              return true;
                            }));
  }
  EXPECT_EQ(envelopes, 1);
  ASSERT_EQ(views.size(), 3u);
  EXPECT_EQ(views[0], "first");
  EXPECT_EQ(views[1], "");
  EXPECT_EQ(views[2], std::string(70000, 'z'));
}

TEST(FrameReaderTest, PortMessageDecoderRefusesWhatIsNotExactlyOne) {
  std::string_view data;
  const std::uint8_t trailing[] = {0x1a, 0x03, 0x0a, 0x01, 'x', 0x10};  // length says 3, 4 follow
  EXPECT_FALSE(DecodePortMessageFrame(trailing, sizeof trailing, &data));
  const std::uint8_t short_inner[] = {0x1a, 0x04, 0x0a, 0x05, 'x', 'y'};
  EXPECT_FALSE(DecodePortMessageFrame(short_inner, sizeof short_inner, &data));
  const std::uint8_t other_field[] = {0x22, 0x00};
  EXPECT_FALSE(DecodePortMessageFrame(other_field, sizeof other_field, &data));
  const std::uint8_t endless_varint[] = {0x1a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
  EXPECT_FALSE(DecodePortMessageFrame(endless_varint, sizeof endless_varint, &data));
  const std::uint8_t good[] = {0x1a, 0x03, 0x0a, 0x01, 'x'};
  ASSERT_TRUE(DecodePortMessageFrame(good, sizeof good, &data));
  EXPECT_EQ(data, "x");
}

TEST(FrameWriterTest, RefusesFrameOverLimit) {
  std::string out;
  EXPECT_FALSE(AppendFrame(MessageEnvelope(std::string(100, 'x')), 50, &out));
  EXPECT_TRUE(out.empty());
}

// The frame limit derived from a message limit holds every message within
// it, at each size where a length gains a varint byte, and never drops
// below the bound of the frames that are not messages.
TEST(FrameFormatTest, TheFrameLimitOfAMessageLimitHoldsEveryMessageWithinIt) {
  for (std::size_t limit : {std::size_t{0}, std::size_t{1}, std::size_t{127}, std::size_t{128},
                            std::size_t{16383}, std::size_t{16384}, (std::size_t{1} << 21) - 1,
                            std::size_t{1} << 21, (std::size_t{1} << 28) - 1, std::size_t{1} << 28,
                            kDefaultMaxMessageSize, std::size_t{96} << 20, kLargestMaxMessageSize}) {
    EXPECT_LE(PortMessageFrameSize(limit), MaxFrameSizeFor(limit)) << "limit " << limit;
    EXPECT_GE(MaxFrameSizeFor(limit), kMinMaxFrameSize) << "limit " << limit;
  }
  EXPECT_LE(MaxFrameSizeFor(kLargestMaxMessageSize), std::size_t{UINT32_MAX}) << "a frame's length is 32 bits";
  EXPECT_EQ(MaxFrameSizeFor(kLargestMaxMessageSize + 1000), MaxFrameSizeFor(kLargestMaxMessageSize));
  EXPECT_EQ(kDefaultMaxFrameSize, MaxFrameSizeFor(kDefaultMaxMessageSize));
}

TEST(FrameReaderTest, ALimitSetBetweenFramesAppliesToTheNext) {
  FrameReader reader(16);
  Collected out;
  EXPECT_TRUE(FeedString(reader, Frames({"ab"}), out));
  reader.set_max_frame_size(1024);
  EXPECT_TRUE(FeedString(reader, Frames({std::string(100, 'x')}), out));
  reader.set_max_frame_size(16);
  EXPECT_FALSE(FeedString(reader, Frames({std::string(100, 'x')}), out));
  EXPECT_NE(reader.error().find("exceeds the limit of 16 bytes"), std::string::npos) << reader.error();
  EXPECT_EQ(out.messages.size(), 2u);
}

}  // namespace
}  // namespace isohost::ipc
