// Deflate (gzip, zlib or raw) of a stream on several threads at once, as
// pigz does. zlib deflates the first block's worth (128 KiB) as one stream,
// so that a short stream comes out byte for byte as zlib's own; past it, the
// input is cut into blocks, each compressed on its own (CodecThreads) with
// the 32 KiB before it as its dictionary and ended byte-aligned by a sync
// flush, so that the pieces join into one valid stream, whose checksum is
// combined from the blocks'. The output is the same data in a few more
// bytes (a sync marker per block), and reads back with any inflate.
#ifndef ISOHOST_WORKER_API_ZLIB_PARALLEL_DEFLATE_H_
#define ISOHOST_WORKER_API_ZLIB_PARALLEL_DEFLATE_H_

#include <cstddef>
#include <memory>

#include "worker/api/zlib/stream_codec.h"

namespace isohost::worker::zlib {

// The input of one block: pigz's size, large enough that the sync marker
// (5 bytes) and the fresh start of each block cost nothing measurable, small
// enough that 2 threads are busy on a few hundred KiB.
constexpr std::size_t kDeflateBlockBytes = 128 * 1024;

// Whether ParallelDeflate takes `options`: a deflate mode without a preset
// dictionary, on a machine where there are threads to spare.
bool ParallelDeflateSuits(const CodecOptions& options);

// The codec, or null if zlib refuses the options (as deflateInit2 would).
std::unique_ptr<StreamCodec> MakeParallelDeflate(const CodecOptions& options);

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_PARALLEL_DEFLATE_H_
