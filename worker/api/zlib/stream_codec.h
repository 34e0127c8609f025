// One (de)compression fed in pieces, as a zlib stream object (createGzip...)
// feeds it: each Write() takes a piece of input with a flush and fills at
// most the output room it is given, so that the caller can stop when its
// reader stops reading (a few bytes of brotli may decode to gigabytes).
// Plain C++ that never touches V8.
#ifndef ISOHOST_WORKER_API_ZLIB_STREAM_CODEC_H_
#define ISOHOST_WORKER_API_ZLIB_STREAM_CODEC_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "worker/api/zlib/codec.h"
#include "worker/api/zlib/counted_alloc.h"

namespace isohost::worker::zlib {

// What one Write() did.
struct StreamStep {
  std::size_t consumed = 0;  // input bytes taken
  std::size_t produced = 0;  // output bytes written
  // The output room ran out before the codec was done with this input and
  // flush: Write() again (with what is left of the input, maybe nothing).
  bool more = false;
  // Status kDataError (with message, errno and code) when the data was bad.
  CodecResult error;
};

class StreamCodec {
 public:
  // A codec for `options` (their finish_flush, chunk_size and max_output are
  // not used here), or null if the library refuses them.
  static std::unique_ptr<StreamCodec> Create(const CodecOptions& options);

  StreamCodec(const StreamCodec&) = delete;
  StreamCodec& operator=(const StreamCodec&) = delete;
  virtual ~StreamCodec() = default;

  // Feeds `size` bytes at `input` with `flush` (Z_NO_FLUSH... or a
  // BROTLI_OPERATION_*) and writes at most `room` bytes of output at
  // `output`. Input that follows the end of the data is not taken.
  virtual StreamStep Write(int flush, const std::uint8_t* input, std::size_t size, std::uint8_t* output,
                           std::size_t room) = 0;
  // deflateParams(); false if the codec refused (or is not deflate). Call it
  // after a flush, when nothing is pending.
  virtual bool Params(int level, int strategy) = 0;
  // Starts over as if newly made; false if the library refused.
  virtual bool Reset() = 0;

  // The memory the library holds for this stream now.
  std::size_t native_bytes() const { return counter_.bytes(); }

 protected:
  StreamCodec() = default;

  // What the library allocates for this stream goes through it; declared in
  // the base, so that it outlives what the codec frees as it goes.
  AllocationCounter counter_;
};

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_STREAM_CODEC_H_
