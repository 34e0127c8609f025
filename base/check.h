// Checks of invariants within one process, for host and worker alike: a
// failed CHECK is a bug in Isohost, so it says where and aborts. DCHECK is for
// checks too costly for release builds. Never for data from another process
// (a frame from a worker is untrusted input: it gets an error, not an abort).
#ifndef ISOHOST_BASE_CHECK_H_
#define ISOHOST_BASE_CHECK_H_

#include <cstdio>
#include <cstdlib>

namespace isohost::internal {

[[noreturn]] inline void CheckFailed(const char* file, int line, const char* condition, const char* detail) {
  std::fprintf(stderr, "%s:%d: check failed: %s%s%s\n", file, line, condition, detail[0] ? ": " : "", detail);
  std::fflush(stderr);
  std::abort();
}

}  // namespace isohost::internal

#define CHECK(condition)                                                                 \
  do {                                                                                   \
    if (__builtin_expect(!(condition), 0)) {                                             \
      ::isohost::internal::CheckFailed(__FILE__, __LINE__, #condition, "");              \
    }                                                                                    \
  } while (false)

// For libuv calls: `CHECK_UV(uv_timer_init(loop, &timer))` names the error.
#define CHECK_UV(call)                                                                   \
  do {                                                                                   \
    if (int check_uv_rc_ = (call); __builtin_expect(check_uv_rc_ != 0, 0)) {             \
      ::isohost::internal::CheckFailed(__FILE__, __LINE__, #call, uv_err_name(check_uv_rc_)); \
    }                                                                                    \
  } while (false)

#ifdef NDEBUG
#define DCHECK(condition) \
  do {                    \
  } while (false && (condition))
#else
#define DCHECK(condition) CHECK(condition)
#endif

#endif  // ISOHOST_BASE_CHECK_H_
