// The shared message ring, writer and reader over one real memfd.
#include "ipc/shared_ring.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

namespace isohost::ipc {
namespace {

constexpr std::size_t kCapacity = 64 * 1024;

struct Ring {
  std::unique_ptr<SharedRingWriter> writer;
  std::unique_ptr<SharedRingReader> reader;
};

Ring MakeRing(std::size_t capacity = kCapacity) {
  Ring ring;
  std::string error;
  ring.writer = SharedRingWriter::Create(capacity, &error);
  EXPECT_TRUE(ring.writer) << error;
  if (!ring.writer) return ring;
  ring.reader = SharedRingReader::Map(ring.writer->TakeFd(), ring.writer->capacity(), &error);
  EXPECT_TRUE(ring.reader) << error;
  return ring;
}

std::string Read(const Ring& ring, std::uint64_t position, std::size_t length) {
  std::string_view view;
  std::string error;
  EXPECT_TRUE(ring.reader->View(position, length, &view, &error)) << error;
  return std::string(view);
}

TEST(SharedRingTest, CapacityIsRoundedToPages) {
  std::string error;
  auto writer = SharedRingWriter::Create(5000, &error);
  ASSERT_TRUE(writer) << error;
  EXPECT_EQ(writer->capacity(), 8192u);
  EXPECT_FALSE(SharedRingWriter::Create(0, &error));
  EXPECT_NE(error.find("out of range"), std::string::npos) << error;
}

TEST(SharedRingTest, WhatTheWriterPutsTheReaderSees) {
  Ring ring = MakeRing();
  std::string first(20000, 'a'), second(30000, 'b');
  auto p1 = ring.writer->Write(first);
  auto p2 = ring.writer->Write(second);
  ASSERT_TRUE(p1 && p2);
  EXPECT_EQ(Read(ring, *p1, first.size()), first);
  EXPECT_EQ(Read(ring, *p2, second.size()), second);
}

TEST(SharedRingTest, AFullRingRefusesUntilTheReaderReleases) {
  Ring ring = MakeRing();
  std::string chunk(kCapacity / 4, 'c');
  std::uint64_t last = 0;
  for (int i = 0; i < 4; ++i) {
    auto position = ring.writer->Write(chunk);
    ASSERT_TRUE(position) << "message " << i;
    last = *position;
  }
  EXPECT_FALSE(ring.writer->Write(chunk)) << "a full ring overwrote unreleased bytes";
  EXPECT_FALSE(ring.writer->Write(std::string(kCapacity + 1, 'x'))) << "larger than the ring";
  ring.reader->Release(0, chunk.size());  // the first one only
  auto again = ring.writer->Write(chunk);
  ASSERT_TRUE(again);
  EXPECT_EQ(*again % kCapacity, 0u) << "the freed quarter is at the start";
  EXPECT_EQ(Read(ring, last, chunk.size()), chunk) << "an unreleased message was overwritten";
}

TEST(SharedRingTest, AMessageNeverWrapsAroundTheEnd) {
  Ring ring = MakeRing();
  std::string big(kCapacity / 2 + 100, 'd');
  auto p1 = ring.writer->Write(big);
  ASSERT_TRUE(p1);
  // Keep the ring non-empty so the writer cannot start over at 0.
  std::string small(100, 's');
  auto p2 = ring.writer->Write(small);
  ASSERT_TRUE(p2);
  ring.reader->Release(*p1, big.size());
  // Only kCapacity/2 - 200 bytes remain before the end: the next big one goes
  // to the start instead of splitting.
  std::string next(kCapacity / 2, 'e');
  auto p3 = ring.writer->Write(next);
  ASSERT_TRUE(p3);
  EXPECT_EQ(*p3 % kCapacity, 0u);
  EXPECT_EQ(Read(ring, *p3, next.size()), next);
  EXPECT_EQ(Read(ring, *p2, small.size()), small);
}

TEST(SharedRingTest, AnEmptyRingStartsOverAtOffsetZero) {
  Ring ring = MakeRing();
  for (int i = 0; i < 100; ++i) {
    std::string message(1000 + i, static_cast<char>('a' + i % 26));
    auto position = ring.writer->Write(message);
    ASSERT_TRUE(position);
    EXPECT_EQ(*position % kCapacity, 0u) << "round " << i;
    EXPECT_EQ(Read(ring, *position, message.size()), message);
    ring.reader->Release(*position, message.size());
  }
}

TEST(SharedRingTest, OffsetZeroIsReusedWhileAnotherMessageIsInFlight) {
  // A reader that answers a message before releasing it: the writer's next
  // message finds the previous one still there. The two alternate between
  // the first two slots instead of walking the ring.
  Ring ring = MakeRing(1 << 20);
  std::string message(64 * 1024, 'p');
  std::optional<std::uint64_t> in_flight;
  for (int i = 0; i < 100; ++i) {
    auto position = ring.writer->Write(message);
    ASSERT_TRUE(position);
    EXPECT_LT(*position % (1 << 20), 2 * message.size()) << "message " << i;
    if (in_flight) ring.reader->Release(*in_flight, message.size());
    in_flight = position;
  }
}

TEST(SharedRingTest, ABogusReleaseCounterCannotMakeTheWriterOverwrite) {
  Ring ring = MakeRing();
  std::string chunk(kCapacity / 2, 'f');
  auto p1 = ring.writer->Write(chunk);
  ASSERT_TRUE(p1);
  ring.reader->Release(0, ~0ull);  // a peer claiming more than was ever written
  // Clamped to what was written: the ring counts as empty, which is the most
  // a peer can do, and it only loses its own unread messages.
  auto p2 = ring.writer->Write(chunk);
  ASSERT_TRUE(p2);
  ring.reader->Release(0, 0);  // and going backwards is ignored
  EXPECT_TRUE(ring.writer->Write(std::string(kCapacity / 2, 'g')));
  EXPECT_FALSE(ring.writer->Write(std::string(100, 'h')));
}

// Bytes of the memfd the kernel holds pages for.
std::uint64_t ResidentBytes(int fd) {
  struct stat st {};
  EXPECT_EQ(::fstat(fd, &st), 0);
  return static_cast<std::uint64_t>(st.st_blocks) * 512;
}

TEST(SharedRingTest, ABurstGivesItsPagesBackOnceRead) {
  std::string error;
  constexpr std::size_t kBig = 4u << 20;
  auto writer = SharedRingWriter::Create(kBig, &error);
  ASSERT_TRUE(writer) << error;
  int fd = writer->TakeFd();
  int watch = ::dup(fd);  // to see the pages from outside
  auto reader = SharedRingReader::Map(fd, writer->capacity(), &error);
  ASSERT_TRUE(reader) << error;
  std::string chunk(64 * 1024, 'b');
  std::vector<std::uint64_t> positions;
  while (auto position = writer->Write(chunk)) positions.push_back(*position);
  ASSERT_EQ(positions.size(), kBig / chunk.size());
  EXPECT_GE(ResidentBytes(watch), kBig);
  for (std::uint64_t position : positions) {
    std::string_view view;
    ASSERT_TRUE(reader->View(position, chunk.size(), &view, &error)) << error;
    ASSERT_TRUE(view == chunk);
    reader->Release(position, chunk.size());
  }
  // The warm start (and the header page) stays; the rest went back.
  EXPECT_LE(ResidentBytes(watch), kSharedRingWarmBytes + kSharedRingHeaderSize);
  // And the ring works on: a new burst finds zeroed pages, and writes them.
  auto position = writer->Write(chunk);
  ASSERT_TRUE(position);
  std::string_view view;
  ASSERT_TRUE(reader->View(*position, chunk.size(), &view, &error));
  EXPECT_TRUE(view == chunk);
  ::close(watch);
}

TEST(SharedRingTest, AReaderToldToKeepItsPagesGivesNoneBack) {
  std::string error;
  constexpr std::size_t kBig = 4u << 20;
  auto writer = SharedRingWriter::Create(kBig, &error);
  ASSERT_TRUE(writer) << error;
  int fd = writer->TakeFd();
  int watch = ::dup(fd);
  auto reader = SharedRingReader::Map(fd, writer->capacity(), &error);
  ASSERT_TRUE(reader) << error;
  reader->set_keep_bytes(UINT64_MAX);  // more than the ring: all of it
  std::string chunk(1u << 20, 'k');
  for (int i = 0; i < 3; ++i) {
    auto position = writer->Write(chunk);
    ASSERT_TRUE(position);
    reader->Release(*position, chunk.size());
  }
  EXPECT_GE(ResidentBytes(watch), chunk.size()) << "the message's pages stay for the next one";
  ::close(watch);
}

TEST(SharedRingTest, ReaderRefusesRangesOutsideTheRing) {
  Ring ring = MakeRing();
  std::string_view view;
  std::string error;
  EXPECT_FALSE(ring.reader->View(kCapacity - 10, 11, &view, &error));
  EXPECT_NE(error.find("lies outside the ring"), std::string::npos) << error;
  EXPECT_FALSE(ring.reader->View(0, kCapacity + 1, &view, &error));
  EXPECT_FALSE(ring.reader->View(5, 0, &view, &error));
  EXPECT_TRUE(ring.reader->View(3 * kCapacity + 10, kCapacity - 10, &view, &error)) << error;
}

TEST(SharedRingTest, ReaderRefusesWhatIsNotASealedRingOfTheAnnouncedSize) {
  std::string error;
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  ::close(pipe_fds[1]);
  EXPECT_FALSE(SharedRingReader::Map(pipe_fds[0], kCapacity, &error));
  EXPECT_NE(error.find("not a sealed memfd"), std::string::npos) << error;

  // A memfd the peer could still shrink under our mapping.
  int unsealed = ::memfd_create("unsealed", MFD_CLOEXEC);
  ASSERT_GE(unsealed, 0);
  ASSERT_EQ(::ftruncate(unsealed, kSharedRingHeaderSize + kCapacity), 0);
  EXPECT_FALSE(SharedRingReader::Map(unsealed, kCapacity, &error));
  EXPECT_NE(error.find("not a sealed memfd"), std::string::npos) << error;

  auto writer = SharedRingWriter::Create(kCapacity, &error);
  ASSERT_TRUE(writer);
  int fd = writer->TakeFd();
  int copy = ::dup(fd);
  EXPECT_FALSE(SharedRingReader::Map(fd, 2 * kCapacity, &error));
  EXPECT_NE(error.find("not the"), std::string::npos) << error;
  EXPECT_FALSE(SharedRingReader::Map(copy, kMaxSharedRingCapacity * 2, &error));
  EXPECT_NE(error.find("out of range"), std::string::npos) << error;
}

}  // namespace
}  // namespace isohost::ipc
