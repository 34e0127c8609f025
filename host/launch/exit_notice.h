// The exit bookkeeping every ProcessWatch shares: whether the process still
// runs, how it ended, and whom to tell. A callback registered after the exit
// runs on a later loop turn, never inside the call that registers it.
#ifndef ISOHOST_HOST_LAUNCH_EXIT_NOTICE_H_
#define ISOHOST_HOST_LAUNCH_EXIT_NOTICE_H_

#include <uv.h>

#include <functional>

#include "base/uv_handle.h"

namespace isohost {

class ExitNotice {
 public:
  using Callback = std::function<void(int exit_status, int term_signal)>;

  explicit ExitNotice(uv_loop_t* loop) : deferred_(loop) {}

  bool running() const { return running_; }
  void Started() { running_ = true; }

  void Listen(Callback callback) {
    callback_ = std::move(callback);
    if (!running_) {
      deferred_.Start([this] {
        if (callback_) callback_(exit_status_, term_signal_);
      });
    }
  }

  // The process is gone; tells the listener, which may destroy the owner.
  void Exited(int exit_status, int term_signal) {
    Record(exit_status, term_signal);
    if (callback_) callback_(exit_status, term_signal);
  }
  // The process is gone, found by a caller that reaped it itself.
  void Record(int exit_status, int term_signal) {
    running_ = false;
    exit_status_ = exit_status;
    term_signal_ = term_signal;
  }

 private:
  base::DeferredCall deferred_;
  bool running_ = false;
  int exit_status_ = 0;
  int term_signal_ = 0;
  Callback callback_;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_LAUNCH_EXIT_NOTICE_H_
