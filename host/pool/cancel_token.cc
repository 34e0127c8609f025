#include "isohost/cancel_token.h"

#include <map>
#include <mutex>
#include <vector>

namespace isohost {
namespace internal {

// Shared by a source and its tokens; any thread may cancel or subscribe.
class CancelState {
 public:
  std::uint64_t Subscribe(std::function<void()> listener) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!cancelled_) {
        std::uint64_t key = next_key_++;
        listeners_.emplace(key, std::move(listener));
        return key;
      }
    }
    listener();
    return 0;
  }

  void Unsubscribe(std::uint64_t key) {
    std::lock_guard<std::mutex> lock(mutex_);
    listeners_.erase(key);
  }

  void Cancel() {
    std::map<std::uint64_t, std::function<void()>> listeners;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (cancelled_) return;
      cancelled_ = true;
      listeners.swap(listeners_);
    }
    // Outside the lock: a listener may subscribe or unsubscribe.
    for (auto& [key, listener] : listeners) listener();
  }

  bool cancelled() {
    std::lock_guard<std::mutex> lock(mutex_);
    return cancelled_;
  }

 private:
  std::mutex mutex_;  // guards everything below
  bool cancelled_ = false;
  std::uint64_t next_key_ = 1;
  std::map<std::uint64_t, std::function<void()>> listeners_;
};

}  // namespace internal

bool CancelToken::cancelled() const { return state_ && state_->cancelled(); }

std::uint64_t CancelToken::Subscribe(std::function<void()> listener) const {
  return state_ ? state_->Subscribe(std::move(listener)) : 0;
}

void CancelToken::Unsubscribe(std::uint64_t key) const {
  if (state_ && key != 0) state_->Unsubscribe(key);
}

CancelSource::CancelSource() : state_(std::make_shared<internal::CancelState>()) {}

void CancelSource::Cancel() { state_->Cancel(); }

bool CancelSource::cancelled() const { return state_->cancelled(); }

}  // namespace isohost
