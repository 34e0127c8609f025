#include "worker/api/zlib/parallel_deflate.h"

#include <uv.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <deque>
#include <utility>
#include <vector>

#include "worker/api/zlib/codec_threads.h"
#include "worker/api/zlib/z_stream.h"

namespace isohost::worker::zlib {
namespace {

constexpr std::size_t kBlockBytes = kDeflateBlockBytes;
// Deflate looks back at most this far.
constexpr std::size_t kMaxWindow = 32 * 1024;

enum class Check { kNone, kCrc32, kAdler32 };

struct DeflateParams {
  int level = Z_DEFAULT_COMPRESSION;
  int strategy = Z_DEFAULT_STRATEGY;
  int window_bits = 15;
  int mem_level = 8;
  bool operator==(const DeflateParams&) const = default;
};

// zlib's rank of a flush, by which a flush that is no stronger than the last
// one, with no new input, does nothing.
int Rank(int flush) { return flush * 2 - (flush > Z_BLOCK ? 9 : 0); }

// A raw deflate z_stream, reset between blocks of the same parameters.
class RawDeflater {
 public:
  RawDeflater() = default;
  RawDeflater(const RawDeflater&) = delete;
  RawDeflater& operator=(const RawDeflater&) = delete;
  ~RawDeflater() {
    if (ready_) deflateEnd(&stream_);
  }

  z_stream* For(const DeflateParams& params) {
    if (ready_ && params == params_ && deflateReset(&stream_) == Z_OK) return &stream_;
    if (ready_) deflateEnd(&stream_);
    stream_ = z_stream{};
    ready_ = deflateInit2(&stream_, params.level, Z_DEFLATED, -params.window_bits, params.mem_level,
                          params.strategy) == Z_OK;
    params_ = params;
    return ready_ ? &stream_ : nullptr;
  }

 private:
  z_stream stream_{};
  DeflateParams params_;
  bool ready_ = false;
};

// One block: compressed with the window before it as its dictionary, and
// ended by a sync flush (or, the last, by Z_FINISH).
class BlockJob final : public CodecThreads::Job {
 public:
  BlockJob(const DeflateParams& params, std::vector<std::uint8_t> input, std::vector<std::uint8_t> dictionary,
           int flush, Check check)
      : params_(params), input_(std::move(input)), dictionary_(std::move(dictionary)), flush_(flush),
        check_(check), input_size_(input_.size()) {}

  void Run() override {
    thread_local RawDeflater deflater;
    Compress(deflater);
  }
  // On the caller's thread, with a z_stream freed after.
  void RunHere() {
    RawDeflater deflater;
    Compress(deflater);
    ran_here_ = true;
  }
  bool ran_here() const { return ran_here_; }

  int flush() const { return flush_; }
  std::size_t input_size() const { return input_size_; }
  uLong check_value() const { return check_value_; }
  bool failed() const { return failed_; }
  std::vector<std::uint8_t>& output() { return output_; }

 private:
  void Compress(RawDeflater& deflater) {
    const auto size = static_cast<uInt>(input_.size());
    if (check_ == Check::kCrc32) check_value_ = crc32(0, input_.data(), size);
    if (check_ == Check::kAdler32) check_value_ = adler32(1, input_.data(), size);
    z_stream* s = deflater.For(params_);
    if (s == nullptr || (!dictionary_.empty() &&
                         deflateSetDictionary(s, dictionary_.data(), static_cast<uInt>(dictionary_.size())) != Z_OK)) {
      failed_ = true;
      return;
    }
    // deflateBound() allows for the sync marker too, but not always for an
    // empty block's: the loop below grows it if ever needed.
    output_.resize(deflateBound(s, size) + 16);
    s->next_in = input_.data();
    s->avail_in = size;
    std::size_t used = 0;
    for (;;) {
      s->next_out = output_.data() + used;
      s->avail_out = static_cast<uInt>(output_.size() - used);
      int err = deflate(s, flush_);
      used = output_.size() - s->avail_out;
      if (err == Z_STREAM_ERROR) {
        failed_ = true;
        return;
      }
      bool done = flush_ == Z_FINISH ? err == Z_STREAM_END : s->avail_in == 0 && s->avail_out != 0;
      if (done) break;
      output_.resize(output_.size() * 2);
    }
    output_.resize(used);
    std::vector<std::uint8_t>().swap(input_);
    std::vector<std::uint8_t>().swap(dictionary_);
  }

  const DeflateParams params_;
  std::vector<std::uint8_t> input_;
  std::vector<std::uint8_t> dictionary_;
  const int flush_;
  const Check check_;
  const std::size_t input_size_;
  std::vector<std::uint8_t> output_;
  uLong check_value_ = 0;
  bool failed_ = false;
  bool ran_here_ = false;
};

class ParallelDeflate final : public StreamCodec {
 public:
  explicit ParallelDeflate(CodecOptions options) : options_(std::move(options)) {
    params_.level = options_.level;
    params_.strategy = options_.strategy;
    // zlib turns a 256-byte window into a 512-byte one (and refuses it raw).
    params_.window_bits = std::max(9, options_.window_bits);
    params_.mem_level = options_.mem_level;
    window_size_ = std::min<std::size_t>(kMaxWindow, std::size_t{1} << params_.window_bits);
    check_ = options_.mode == Mode::kGzip      ? Check::kCrc32
             : options_.mode == Mode::kDeflate ? Check::kAdler32
                                               : Check::kNone;
  }
  ParallelDeflate(const ParallelDeflate&) = delete;
  ParallelDeflate& operator=(const ParallelDeflate&) = delete;
  ~ParallelDeflate() override { Abandon(); }

  // The first block's worth is deflated by zlib as one stream; its
  // deflateInit2 judges the options, so that the same ones fail.
  bool Init() {
    serial_ = std::make_unique<ZStream>(/*deflate=*/true, &counter_);
    if (!serial_->Init(options_)) return false;
    started_ = false;
    finished_ = false;
    dirty_ = false;
    last_flush_ = -2;
    pending_.clear();
    window_.clear();
    out_.clear();
    out_offset_ = 0;
    check_value_ = check_ == Check::kAdler32 ? 1 : 0;
    total_in_ = 0;
    return true;
  }

  StreamStep Write(int flush, const std::uint8_t* input, std::size_t size, std::uint8_t* output,
                   std::size_t room) override {
    StreamStep step;
    if (serial_ != nullptr) {
      if (finished_ || serial_->get()->total_in + size <= kBlockBytes) {
        return SerialWrite(flush, input, size, output, room);
      }
      if (!SwitchToBlocks()) return Failed();
    }
    // Nothing follows the end of the data, as zlib's deflate takes nothing
    // after Z_FINISH.
    if (finished_ && in_flight_.empty() && out_.empty()) return step;
    if (!started_) {
      AppendHeader();
      started_ = true;
    }
    std::size_t taken = 0;
    bool flush_checked = finished_;
    for (;;) {
      if (!Collect(kNoWait)) return Failed();
      step.produced += Drain(output + step.produced, room - step.produced);
      if (step.produced == room) {
        // As zlib's avail_out == 0: the caller comes back for the rest.
        step.more = true;
        break;
      }
      if (taken < size) {
        if (in_flight_.size() >= max_in_flight_) {
          if (!Collect(kWaitFront)) return Failed();
          continue;
        }
        std::size_t n = std::min(size - taken, kBlockBytes - pending_.size());
        pending_.insert(pending_.end(), input + taken, input + taken + n);
        taken += n;
        dirty_ = true;
        if (pending_.size() == kBlockBytes) Submit(Z_SYNC_FLUSH, /*last=*/false);
        continue;
      }
      if (flush_checked) break;
      flush_checked = true;
      bool due = flush != Z_NO_FLUSH && (dirty_ || Rank(flush) > Rank(last_flush_));
      last_flush_ = flush;
      if (!due) continue;
      // Every kind of flush leaves all of the input in the output, ending on
      // a byte: a sync flush, which each block ends with anyway. Z_BLOCK and
      // Z_PARTIAL_FLUSH promise less; a full flush also cuts the window.
      Submit(flush == Z_FINISH ? Z_FINISH : Z_SYNC_FLUSH, /*last=*/true);
      if (flush == Z_FULL_FLUSH) window_.clear();
      if (flush == Z_FINISH) finished_ = true;
      dirty_ = false;
      if (!Collect(kWaitAll)) return Failed();
    }
    step.consumed = taken;
    return step;
  }

  bool Params(int level, int strategy) override {
    if (serial_ != nullptr) {
      int err = deflateParams(serial_->get(), level, strategy);
      if (err != Z_OK && err != Z_BUF_ERROR) return false;
    }
    // The ranges deflateParams() accepts.
    if (level < Z_DEFAULT_COMPRESSION || level > Z_BEST_COMPRESSION || strategy < Z_DEFAULT_STRATEGY ||
        strategy > Z_FIXED) {
      return false;
    }
    params_.level = options_.level = level;
    params_.strategy = options_.strategy = strategy;
    return true;
  }

  bool Reset() override {
    Abandon();
    return Init();
  }

 private:
  enum Wait { kNoWait, kWaitFront, kWaitAll };

  // Before the input passes a block: zlib's deflate over the whole stream,
  // as ZlibStreamCodec does it, so that short streams, and tests of exact
  // bytes, see zlib's own output.
  StreamStep SerialWrite(int flush, const std::uint8_t* input, std::size_t size, std::uint8_t* output,
                         std::size_t room) {
    StreamStep step;
    if (finished_) return step;
    z_stream* s = serial_->get();
    s->next_in = const_cast<Bytef*>(input);
    s->avail_in = static_cast<uInt>(size);
    s->next_out = output;
    s->avail_out = static_cast<uInt>(room);
    int err = deflate(s, flush);
    if (err == Z_STREAM_END) {
      finished_ = true;
    } else if (err != Z_OK && err != Z_BUF_ERROR) {
      step.error = DataError(s->msg != nullptr ? s->msg : "Zlib error", err, ZlibErrorName(err));
      return step;
    }
    step.more = err != Z_STREAM_END && s->avail_out == 0;
    step.consumed = size - s->avail_in;
    step.produced = room - s->avail_out;
    RememberWindow(input, step.consumed);
    return step;
  }

  // The input passes a block: what zlib holds comes out, ended by a sync
  // flush, and the blocks go on from there with its checksum and window.
  bool SwitchToBlocks() {
    z_stream* s = serial_->get();
    s->next_in = nullptr;
    s->avail_in = 0;
    for (;;) {
      std::vector<std::uint8_t> chunk(16 * 1024);
      s->next_out = chunk.data();
      s->avail_out = static_cast<uInt>(chunk.size());
      int err = deflate(s, Z_SYNC_FLUSH);
      if (err != Z_OK && err != Z_BUF_ERROR) return false;
      chunk.resize(chunk.size() - s->avail_out);
      if (!chunk.empty()) out_.push_back(std::move(chunk));
      if (s->avail_out != 0) break;
    }
    // For gzip, zlib keeps the CRC-32 of the input in `adler`.
    check_value_ = s->adler;
    total_in_ = s->total_in;
    serial_.reset();
    started_ = true;
    dirty_ = false;
    last_flush_ = Z_SYNC_FLUSH;
    return true;
  }

  // The last window_size_ bytes of the input, with `size` more at `input`.
  void RememberWindow(const std::uint8_t* input, std::size_t size) {
    if (size >= window_size_) {
      window_.assign(input + size - window_size_, input + size);
      return;
    }
    window_.insert(window_.end(), input, input + size);
    if (window_.size() > window_size_) {
      window_.erase(window_.begin(), window_.end() - static_cast<std::ptrdiff_t>(window_size_));
    }
  }

  StreamStep Failed() {
    Abandon();
    StreamStep step;
    step.error = DataError("Out of memory", Z_MEM_ERROR, "Z_MEM_ERROR");
    return step;
  }

  // The jobs no one will collect: off the queue, or left to finish alone.
  void Abandon() {
    if (!in_flight_.empty()) {
      CodecThreads& threads = CodecThreads::Get();
      for (const auto& job : in_flight_) threads.Cancel(job);
    }
    in_flight_.clear();
  }

  // Makes pending_ a block compressed with `flush`; `last`: the last before
  // a flush, which is waited for. One with nothing before it in flight is
  // compressed here: a stream shorter than a block starts no thread.
  void Submit(int flush, bool last) {
    std::vector<std::uint8_t> dictionary = window_;
    RememberWindow(pending_.data(), pending_.size());
    total_in_ += pending_.size();
    std::vector<std::uint8_t> input = std::move(pending_);
    pending_ = {};
    pending_.reserve(kBlockBytes);
    auto job = std::make_shared<BlockJob>(params_, std::move(input), std::move(dictionary), flush, check_);
    if (last && in_flight_.empty()) {
      job->RunHere();
      in_flight_.push_back(std::move(job));
      return;
    }
    CodecThreads& threads = CodecThreads::Get();
    max_in_flight_ = 2 * std::max<std::size_t>(1, threads.size());
    in_flight_.push_back(job);
    threads.Post(std::move(job));
  }

  // Moves the output of the blocks that are done, in order, to out_.
  // False if a block failed (zlib could not get its memory).
  bool Collect(Wait wait) {
    while (!in_flight_.empty()) {
      std::shared_ptr<BlockJob>& job = in_flight_.front();
      if (job->ran_here()) {
        // Done already.
      } else if (wait == kNoWait) {
        if (!CodecThreads::Get().Done(*job)) break;
      } else {
        CodecThreads::Get().Wait(*job);
      }
      if (job->failed()) return false;
      if (check_ == Check::kCrc32) {
        check_value_ = crc32_combine(check_value_, job->check_value(), static_cast<z_off_t>(job->input_size()));
      }
      if (check_ == Check::kAdler32) {
        check_value_ = adler32_combine(check_value_, job->check_value(), static_cast<z_off_t>(job->input_size()));
      }
      if (!job->output().empty()) out_.push_back(std::move(job->output()));
      if (job->flush() == Z_FINISH) AppendTrailer();
      in_flight_.pop_front();
      if (wait == kWaitFront) wait = kNoWait;
    }
    return true;
  }

  std::size_t Drain(std::uint8_t* output, std::size_t room) {
    std::size_t given = 0;
    while (given < room && !out_.empty()) {
      std::vector<std::uint8_t>& front = out_.front();
      std::size_t n = std::min(room - given, front.size() - out_offset_);
      std::memcpy(output + given, front.data() + out_offset_, n);
      given += n;
      out_offset_ += n;
      if (out_offset_ == front.size()) {
        out_.pop_front();
        out_offset_ = 0;
      }
    }
    return given;
  }

  int Level() const { return params_.level == Z_DEFAULT_COMPRESSION ? 6 : params_.level; }

  // The header zlib's deflate writes for these options.
  void AppendHeader() {
    const int level = Level();
    const bool fastest = params_.strategy >= Z_HUFFMAN_ONLY || level < 2;
    if (options_.mode == Mode::kGzip) {
      // No name, comment or time; the extra flags say how hard it tried;
      // the system is Unix.
      std::uint8_t xfl = level == 9 ? 2 : fastest ? 4 : 0;
      out_.push_back({0x1f, 0x8b, 8, 0, 0, 0, 0, 0, xfl, 3});
    } else if (options_.mode == Mode::kDeflate) {
      unsigned header = (Z_DEFLATED + ((params_.window_bits - 8) << 4)) << 8;
      unsigned level_flags = fastest ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
      header |= level_flags << 6;
      header += 31 - header % 31;
      out_.push_back({static_cast<std::uint8_t>(header >> 8), static_cast<std::uint8_t>(header & 0xff)});
    }
  }

  void AppendTrailer() {
    const auto check = static_cast<std::uint32_t>(check_value_);
    if (check_ == Check::kCrc32) {
      const auto size = static_cast<std::uint32_t>(total_in_);
      out_.push_back({static_cast<std::uint8_t>(check), static_cast<std::uint8_t>(check >> 8),
                      static_cast<std::uint8_t>(check >> 16), static_cast<std::uint8_t>(check >> 24),
                      static_cast<std::uint8_t>(size), static_cast<std::uint8_t>(size >> 8),
                      static_cast<std::uint8_t>(size >> 16), static_cast<std::uint8_t>(size >> 24)});
    } else if (check_ == Check::kAdler32) {
      out_.push_back({static_cast<std::uint8_t>(check >> 24), static_cast<std::uint8_t>(check >> 16),
                      static_cast<std::uint8_t>(check >> 8), static_cast<std::uint8_t>(check)});
    }
  }

  CodecOptions options_;
  // Until the input passes a block (SerialWrite); null after.
  std::unique_ptr<ZStream> serial_;
  DeflateParams params_;
  std::size_t window_size_ = kMaxWindow;
  Check check_ = Check::kNone;
  std::size_t max_in_flight_ = 2;

  bool started_ = false;   // the header is out
  bool finished_ = false;  // Z_FINISH was done; the trailer follows its block
  bool dirty_ = false;     // input came since the last flush
  int last_flush_ = -2;    // as zlib's deflate() keeps it
  std::vector<std::uint8_t> pending_;  // input not yet in a block
  std::vector<std::uint8_t> window_;   // the input just before pending_, up to window_size_ bytes
  std::deque<std::shared_ptr<BlockJob>> in_flight_;
  std::deque<std::vector<std::uint8_t>> out_;  // output not yet given, in order
  std::size_t out_offset_ = 0;                 // of out_.front(), given already
  uLong check_value_ = 0;
  std::uint64_t total_in_ = 0;
};

}  // namespace

bool ParallelDeflateSuits(const CodecOptions& options) {
  static const bool spare_threads = uv_available_parallelism() > 1;
  return spare_threads && IsDeflateMode(options.mode) && options.dictionary.empty();
}

std::unique_ptr<StreamCodec> MakeParallelDeflate(const CodecOptions& options) {
  auto codec = std::make_unique<ParallelDeflate>(options);
  if (!codec->Init()) return nullptr;
  return codec;
}

}  // namespace isohost::worker::zlib
