// Cancellation of pool tasks from outside: a CancelSource hands out tokens;
// a task run with a token (RunOptions::cancel) is cancelled when its source
// is, as Pool::Cancel() would. One source may cancel many tasks.
#ifndef ISOHOST_CANCEL_TOKEN_H_
#define ISOHOST_CANCEL_TOKEN_H_

#include <cstdint>
#include <functional>
#include <memory>

namespace isohost {

namespace internal {
class CancelState;
}

class CancelToken {
 public:
  // A token that is never cancelled.
  CancelToken() = default;

  bool cancelled() const;
  bool can_be_cancelled() const { return static_cast<bool>(state_); }

  // Calls `listener` once when the source is cancelled, at once (on this
  // thread) when it already is. Returns a key for Unsubscribe(), 0 when the
  // listener ran already or the token can never be cancelled.
  std::uint64_t Subscribe(std::function<void()> listener) const;
  void Unsubscribe(std::uint64_t key) const;

 private:
  friend class CancelSource;
  explicit CancelToken(std::shared_ptr<internal::CancelState> state) : state_(std::move(state)) {}
  std::shared_ptr<internal::CancelState> state_;
};

class CancelSource {
 public:
  CancelSource();

  // Cancels every task run with one of its tokens (once; later calls do
  // nothing). The listeners run on the calling thread: for a Pool on a
  // caller's loop that must be the loop's thread.
  void Cancel();
  bool cancelled() const;
  CancelToken token() const { return CancelToken(state_); }

 private:
  std::shared_ptr<internal::CancelState> state_;
};

}  // namespace isohost

#endif  // ISOHOST_CANCEL_TOKEN_H_
