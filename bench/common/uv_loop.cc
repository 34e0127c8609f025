#include "bench/common/uv_loop.h"

#include <cstdio>
#include <cstdlib>

namespace isohost::bench {

UvLoop::UvLoop() {
  if (int rc = uv_loop_init(&loop_); rc != 0) {
    std::fprintf(stderr, "uv_loop_init: %s\n", uv_err_name(rc));
    std::abort();
  }
}

UvLoop::~UvLoop() {
  // Let pending close callbacks run and free their handles first.
  uv_run(&loop_, UV_RUN_DEFAULT);
  if (uv_loop_close(&loop_) == 0) return;
  std::fprintf(stderr, "benchmark loop still has handles:\n");
  uv_walk(&loop_, [](uv_handle_t* handle, void*) {
    std::fprintf(stderr, "  %s%s%s\n", uv_handle_type_name(handle->type),
                 uv_is_active(handle) ? " active" : "", uv_is_closing(handle) ? " closing" : "");
  }, nullptr);
  std::abort();
}

Watchdog::Watchdog(uv_loop_t* loop, std::uint64_t timeout_ms, std::function<void()> on_timeout)
    : state_(new State{{}, std::move(on_timeout)}) {
  uv_timer_init(loop, &state_->handle);
  state_->handle.data = state_;
  uv_timer_start(&state_->handle, [](uv_timer_t* handle) {
    static_cast<State*>(handle->data)->on_timeout();
  }, timeout_ms, 0);
  uv_unref(reinterpret_cast<uv_handle_t*>(&state_->handle));
}

Watchdog::~Watchdog() {
  uv_close(reinterpret_cast<uv_handle_t*>(&state_->handle), [](uv_handle_t* handle) {
    delete static_cast<State*>(handle->data);
  });
}

}  // namespace isohost::bench
