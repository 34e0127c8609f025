// A z_stream set up for one of Node's kinds of stream, ended when it goes.
#ifndef ISOHOST_WORKER_API_ZLIB_Z_STREAM_H_
#define ISOHOST_WORKER_API_ZLIB_Z_STREAM_H_

#include <zlib.h>

#include "worker/api/zlib/codec.h"
#include "worker/api/zlib/counted_alloc.h"

namespace isohost::worker::zlib {

class ZStream {
 public:
  // With a `counter`, zlib's memory is allocated through it.
  explicit ZStream(bool deflate, AllocationCounter* counter = nullptr) : deflate_(deflate), counter_(counter) {}
  ZStream(const ZStream&) = delete;
  ZStream& operator=(const ZStream&) = delete;
  ~ZStream() {
    if (!ready_) return;
    if (deflate_) {
      deflateEnd(&stream_);
    } else {
      inflateEnd(&stream_);
    }
  }
  bool Init(const CodecOptions& options) {
    int bits = options.window_bits;
    switch (options.mode) {
      case Mode::kGzip:
      case Mode::kGunzip: bits += 16; break;
      case Mode::kUnzip: bits += 32; break;
      case Mode::kDeflateRaw:
      case Mode::kInflateRaw: bits = -bits; break;
      default: break;
    }
    // zlib refuses a raw stream of 256-byte windows; Node asks for 512.
    if (options.mode == Mode::kDeflateRaw && bits == -8) bits = -9;
    if (counter_ != nullptr) {
      stream_.zalloc = &AllocationCounter::ZAlloc;
      stream_.zfree = &AllocationCounter::ZFree;
      stream_.opaque = counter_;
    }
    int err = deflate_ ? deflateInit2(&stream_, options.level, Z_DEFLATED, bits, options.mem_level, options.strategy)
                       : inflateInit2(&stream_, bits);
    ready_ = err == Z_OK;
    return ready_;
  }
  z_stream* get() { return &stream_; }
  int Step(int flush) { return deflate_ ? deflate(&stream_, flush) : inflate(&stream_, flush); }

 private:
  bool deflate_;
  AllocationCounter* counter_;
  bool ready_ = false;
  z_stream stream_{};
};

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_Z_STREAM_H_
