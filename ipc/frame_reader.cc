#include "ipc/frame_reader.h"

#include <algorithm>
#include <cstring>

#include "ipc/wire_format.h"

namespace isohost::ipc {

bool FrameReader::Fail(std::string message) {
  error_ = std::move(message);
  pending_.clear();
  pending_.shrink_to_fit();
  return false;
}

bool DecodePortMessageFrame(const std::uint8_t* payload, std::size_t size, std::string_view* data) {
  // An Envelope whose only field is port_message, itself holding only
  // `data` (ipc/wire_format.h). Anything else takes the protobuf path.
  const std::uint8_t* at = payload;
  const std::uint8_t* end = payload + size;
  if (at == end || *at++ != kEnvelopePortMessageTag) return false;
  std::uint32_t inner = 0;
  if (base::ReadVarint(at, end, &inner) != base::VarintStatus::kOk || inner != static_cast<std::uint64_t>(end - at)) return false;
  if (inner == 0) {
    *data = {};
    return true;
  }
  if (*at++ != kPortMessageDataTag) return false;
  std::uint32_t length = 0;
  if (base::ReadVarint(at, end, &length) != base::VarintStatus::kOk || length != static_cast<std::uint64_t>(end - at)) return false;
  *data = std::string_view(reinterpret_cast<const char*>(at), static_cast<std::size_t>(length));
  return true;
}

bool FrameReader::ParseFrame(const std::uint8_t* payload, std::size_t size,
                             const EnvelopeCallback& on_envelope, const PortMessageCallback& on_port_message) {
  std::string_view message;
  if (on_port_message && DecodePortMessageFrame(payload, size, &message)) {
    ++frames_read_;
    return on_port_message(message);
  }
  envelope_.Clear();
  if (!envelope_.ParseFromArray(payload, static_cast<int>(size))) {
    return Fail("frame " + std::to_string(frames_read_) + " (" +
                std::to_string(size) + " bytes) is not a valid Envelope");
  }
  if (envelope_.body_case() == proto::Envelope::BODY_NOT_SET) {
    return Fail("frame " + std::to_string(frames_read_) +
                " has no body (unknown or empty frame type)");
  }
  ++frames_read_;
  return on_envelope(envelope_);
}

bool FrameReader::ParseInFeed(const std::uint8_t* payload, std::size_t length, const std::uint8_t* rest,
                              std::size_t rest_size, const EnvelopeCallback& on_envelope,
                              const PortMessageCallback& on_port_message, bool* taken) {
  // Nested Feed()s (an owner reading from inside a callback) keep their own.
  const std::uint8_t* saved_data = rest_data_;
  std::size_t saved_size = rest_size_;
  bool saved_in_callback = in_callback_;
  bool saved_taken = remainder_taken_;
  rest_data_ = rest;
  rest_size_ = rest_size;
  in_callback_ = true;
  remainder_taken_ = false;
  bool ok = ParseFrame(payload, length, on_envelope, on_port_message);
  // The callback may have destroyed this reader: then `ok` is false and
  // nothing more is touched.
  if (!ok) return false;
  *taken = remainder_taken_;
  rest_data_ = saved_data;
  rest_size_ = saved_size;
  in_callback_ = saved_in_callback;
  remainder_taken_ = saved_taken;
  return true;
}

bool FrameReader::Feed(const std::uint8_t* data, std::size_t size,
                       const EnvelopeCallback& on_envelope, const PortMessageCallback& on_port_message) {
  if (failed()) return false;
  if (!carry_.empty()) {
    std::vector<std::uint8_t> carry;
    carry.swap(carry_);
    if (!FeedBytes(carry.data(), carry.size(), on_envelope, on_port_message)) return false;
    // Taken again meanwhile: the new input goes after it.
    if (!carry_.empty()) {
      carry_.insert(carry_.end(), data, data + size);
      return true;
    }
  }
  return FeedBytes(data, size, on_envelope, on_port_message);
}

void FrameReader::TakeRemainder() {
  if (!in_callback_ || remainder_taken_) return;
  remainder_taken_ = true;
  carry_.insert(carry_.end(), rest_data_, rest_data_ + rest_size_);
}

bool FrameReader::FeedBytes(const std::uint8_t* data, std::size_t size,
                            const EnvelopeCallback& on_envelope, const PortMessageCallback& on_port_message) {
  while (size > 0) {
    // Fast path: nothing buffered and whole frames in the input need no copy.
    if (pending_.empty() && size >= kFrameHeaderSize) {
      std::uint32_t length = DecodeFrameLength(data);
      if (length > max_frame_size_) {
        return Fail("frame of " + std::to_string(length) +
                    " bytes exceeds the limit of " +
                    std::to_string(max_frame_size_) + " bytes");
      }
      if (size - kFrameHeaderSize >= length) {
        const std::uint8_t* frame = data + kFrameHeaderSize;
        data += kFrameHeaderSize + length;
        size -= kFrameHeaderSize + length;
        bool taken = false;
        if (!ParseInFeed(frame, length, data, size, on_envelope, on_port_message, &taken)) return false;
        if (taken) return true;
        continue;
      }
    }
    // Slow path: accumulate the header, then the payload.
    if (pending_.size() < kFrameHeaderSize) {
      std::size_t take = std::min(size, kFrameHeaderSize - pending_.size());
      pending_.insert(pending_.end(), data, data + take);
      data += take;
      size -= take;
      if (pending_.size() < kFrameHeaderSize) return true;
      std::uint32_t length = DecodeFrameLength(pending_.data());
      if (length > max_frame_size_) {
        return Fail("frame of " + std::to_string(length) +
                    " bytes exceeds the limit of " +
                    std::to_string(max_frame_size_) + " bytes");
      }
      pending_.reserve(kFrameHeaderSize + length);
    }
    std::size_t length = DecodeFrameLength(pending_.data());
    std::size_t missing = kFrameHeaderSize + length - pending_.size();
    std::size_t take = std::min(size, missing);
    pending_.insert(pending_.end(), data, data + take);
    data += take;
    size -= take;
    if (take == missing) {
      // Move the frame out first: the callback may destroy this reader.
      std::vector<std::uint8_t> frame;
      frame.swap(pending_);
      bool taken = false;
      if (!ParseInFeed(frame.data() + kFrameHeaderSize, length, data, size, on_envelope, on_port_message, &taken)) {
        return false;
      }
      if (taken) return true;
      if (frame.capacity() <= (1u << 20)) {
        frame.clear();
        pending_.swap(frame);  // keep a small buffer for the next frame
      }
    }
  }
  return true;
}

}  // namespace isohost::ipc
