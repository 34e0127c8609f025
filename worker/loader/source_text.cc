#include "worker/loader/source_text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>

namespace isohost::worker {
namespace {

// A file's bytes, owned by the string V8 makes of them (V8 deletes the
// resource when the string dies).
class OwnedAsciiSource final : public v8::String::ExternalOneByteStringResource {
 public:
  OwnedAsciiSource(std::unique_ptr<char[]> bytes, std::size_t length) : bytes_(std::move(bytes)), length_(length) {}
  const char* data() const override { return bytes_.get(); }
  std::size_t length() const override { return length_; }

 private:
  std::unique_ptr<char[]> bytes_;
  std::size_t length_;
};

bool IsAscii(const char* bytes, std::size_t size) {
  constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
  std::size_t i = 0;
#if defined(__SSE2__)
  // 64 bytes a step: megabytes of source are checked in a fraction of the
  // time reading them took.
  for (; i + 64 <= size; i += 64) {
    const auto* at = reinterpret_cast<const __m128i*>(bytes + i);
    __m128i any = _mm_or_si128(_mm_or_si128(_mm_loadu_si128(at), _mm_loadu_si128(at + 1)),
                               _mm_or_si128(_mm_loadu_si128(at + 2), _mm_loadu_si128(at + 3)));
    if (_mm_movemask_epi8(any) != 0) return false;
  }
#endif
  // Four words a step, OR-ed together: one test per 32 bytes.
  for (; i + 32 <= size; i += 32) {
    std::uint64_t words[4];
    std::memcpy(words, bytes + i, sizeof words);
    if (((words[0] | words[1] | words[2] | words[3]) & kHighBits) != 0) return false;
  }
  for (; i < size; ++i) {
    if (static_cast<unsigned char>(bytes[i]) >= 0x80) return false;
  }
  return true;
}

// A regular file of `size` bytes read into a buffer of its own; false when a
// read fails or the file turns out shorter.
bool ReadExactly(int fd, char* out, std::size_t size) {
  std::size_t done = 0;
  while (done < size) {
    ssize_t n = ::read(fd, out + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool MakeUtf8String(v8::Isolate* isolate, const char* bytes, std::size_t size, v8::Local<v8::String>* text) {
  if (size > static_cast<std::size_t>(v8::String::kMaxLength)) return true;
  v8::MaybeLocal<v8::String> made =
      v8::String::NewFromUtf8(isolate, bytes, v8::NewStringType::kNormal, static_cast<int>(size));
  if (!made.ToLocal(text)) *text = {};
  return true;
}

// ReadSourceText() of the open `fd`, which it closes.
bool ReadSourceTextFrom(v8::Isolate* isolate, const std::string& path, int fd, const struct stat& before,
                        FileStamp* stamp, bool want_stamp, v8::Local<v8::String>* text) {
  if (!S_ISREG(before.st_mode) || static_cast<std::size_t>(before.st_size) < kExternalSourceMinLength) {
    // Small files, directories, pipes and /proc files: read as they always
    // were, from the descriptor already open.
    std::string bytes;
    bool read = ReadWholeOpenFile(fd, before, &bytes, stamp, want_stamp);
    ::close(fd);
    if (!read) return false;
    return MakeUtf8String(isolate, bytes.data(), bytes.size(), text);
  }
  const auto size = static_cast<std::size_t>(before.st_size);
  std::unique_ptr<char[]> bytes(new (std::nothrow) char[size]);
  bool ok = bytes != nullptr && ReadExactly(fd, bytes.get(), size);
  struct stat after;
  if (ok && want_stamp && ::fstat(fd, &after) == 0 && after.st_size == before.st_size &&
      TimeNs(after.st_mtim) == TimeNs(before.st_mtim)) {
    *stamp = {static_cast<std::uint64_t>(size), TimeNs(before.st_mtim), true};
  }
  ::close(fd);
  if (!ok) {
    // Shorter than it said (it changed as we read) or out of memory: the
    // careful reader copes with both.
    std::string copy;
    if (!ReadWholeFile(path, &copy, stamp, want_stamp)) return false;
    return MakeUtf8String(isolate, copy.data(), copy.size(), text);
  }
  if (!IsAscii(bytes.get(), size) || size > static_cast<std::size_t>(v8::String::kMaxLength)) {
    return MakeUtf8String(isolate, bytes.get(), size, text);
  }
  auto* resource = new OwnedAsciiSource(std::move(bytes), size);
  if (!v8::String::NewExternalOneByte(isolate, resource).ToLocal(text)) {
    delete resource;
    *text = {};
  }
  return true;
}

}  // namespace

bool ReadSourceText(v8::Isolate* isolate, const std::string& path, FileStamp* stamp, bool want_stamp,
                    v8::Local<v8::String>* text) {
  *text = {};
  *stamp = {};
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat before;
  if (::fstat(fd, &before) != 0) {
    ::close(fd);
    return false;
  }
  return ReadSourceTextFrom(isolate, path, fd, before, stamp, want_stamp, text);
}

bool ReadRegularSourceText(v8::Isolate* isolate, const std::string& path, std::size_t max_bytes, FileStamp* stamp,
                           bool want_stamp, v8::Local<v8::String>* text, std::int64_t* ctime_ns) {
  *text = {};
  *stamp = {};
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat before;
  if (::fstat(fd, &before) != 0 || !S_ISREG(before.st_mode) || static_cast<std::size_t>(before.st_size) > max_bytes) {
    ::close(fd);
    return false;
  }
  if (ctime_ns != nullptr) *ctime_ns = TimeNs(before.st_ctim);
  return ReadSourceTextFrom(isolate, path, fd, before, stamp, want_stamp, text);
}

v8::MaybeLocal<v8::String> FunctionBodyText(v8::Isolate* isolate, v8::Local<v8::String> text) {
  const int length = text->Length();
  if (length < 2) return text;
  uint16_t head[2];
  text->Write(isolate, head, 0, 2, v8::String::NO_NULL_TERMINATION);
  if (head[0] != '#' || head[1] != '!') return text;
  if (text->IsOneByte()) {
    std::string bytes(static_cast<std::size_t>(length), '\0');
    text->WriteOneByte(isolate, reinterpret_cast<uint8_t*>(bytes.data()), 0, length, v8::String::NO_NULL_TERMINATION);
    bytes[0] = bytes[1] = '/';
    return v8::String::NewFromOneByte(isolate, reinterpret_cast<const uint8_t*>(bytes.data()),
                                      v8::NewStringType::kNormal, length);
  }
  std::u16string units(static_cast<std::size_t>(length), u'\0');
  text->Write(isolate, reinterpret_cast<uint16_t*>(units.data()), 0, length, v8::String::NO_NULL_TERMINATION);
  units[0] = units[1] = u'/';
  return v8::String::NewFromTwoByte(isolate, reinterpret_cast<const uint16_t*>(units.data()),
                                    v8::NewStringType::kNormal, length);
}

}  // namespace isohost::worker
