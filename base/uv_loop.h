// Closing a libuv loop, which succeeds only when every handle on it is
// closed: one left open is a leak, so the caller learns which kinds remain.
#ifndef ISOHOST_BASE_UV_LOOP_H_
#define ISOHOST_BASE_UV_LOOP_H_

#include <uv.h>

#include <string>

namespace isohost::base {

// Runs the close callbacks still pending (without waiting for anything
// else), then closes the loop. Returns 0, or UV_EBUSY with `still_open`
// naming the handles left ("timer, signal").
inline int CloseLoop(uv_loop_t* loop, std::string* still_open) {
  // A close callback may close another handle: a few turns settle that.
  for (int turn = 0; turn < 4 && uv_run(loop, UV_RUN_NOWAIT) != 0; ++turn) {
  }
  int rc = uv_loop_close(loop);
  if (rc == 0) return 0;
  still_open->clear();
  uv_walk(loop, [](uv_handle_t* handle, void* names) {
    auto* list = static_cast<std::string*>(names);
    if (!list->empty()) *list += ", ";
    *list += uv_handle_type_name(handle->type);
  }, still_open);
  return rc;
}

}  // namespace isohost::base

#endif  // ISOHOST_BASE_UV_LOOP_H_
