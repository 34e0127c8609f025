// A libuv timer whose callback is fixed when it is made, so that the callback
// may re-arm it (base::TimerHandle takes a new callback on each Start(), which
// must not happen while that callback runs). Freed in its close callback
// like every handle of ipc/uv_handle.h.
#ifndef ISOHOST_HOST_WORKER_ARMABLE_TIMER_H_
#define ISOHOST_HOST_WORKER_ARMABLE_TIMER_H_

#include <uv.h>

#include <cstdint>
#include <functional>

#include "base/uv_handle.h"

namespace isohost {

class ArmableTimer : public base::UvHandle<uv_timer_t> {
 public:
  ArmableTimer(uv_loop_t* loop, std::function<void()> callback) : callback_(std::move(callback)) {
    CHECK_UV(Initialized(uv_timer_init(loop, Fresh())));
    Bind(this);
  }

  // Fires once, `timeout_ms` from now (again from now if it was armed).
  // Nothing happens once the timer is closed.
  void Arm(std::uint64_t timeout_ms) {
    if (!is_open()) return;
    CHECK_UV(uv_timer_start(get(), [](uv_timer_t* handle) {
      if (auto* self = OwnerOf<ArmableTimer>(handle)) self->callback_();
    }, timeout_ms, 0));
  }
  void Stop() {
    if (is_open()) CHECK_UV(uv_timer_stop(get()));
  }
  bool armed() { return is_open() && uv_is_active(reinterpret_cast<uv_handle_t*>(get())) != 0; }

 private:
  std::function<void()> callback_;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_WORKER_ARMABLE_TIMER_H_
