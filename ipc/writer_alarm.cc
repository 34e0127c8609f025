#include "ipc/writer_alarm.h"

#include <poll.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>

namespace isohost::ipc {

bool WriterAlarm::Open() {
  if (!timer_) timer_.reset(::timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC));
  return is_open();
}

void WriterAlarm::Set(std::chrono::nanoseconds after) {
  if (set_) return;
  // A zero it_value would disarm the timer instead.
  Arm(std::max<long long>(after.count(), 1));
}

void WriterAlarm::SetNow() { Arm(1); }

void WriterAlarm::Arm(long long nanoseconds) {
  itimerspec when{};
  when.it_value.tv_sec = nanoseconds / 1'000'000'000;
  when.it_value.tv_nsec = nanoseconds % 1'000'000'000;
  if (::timerfd_settime(timer_.get(), 0, &when, nullptr) == 0) set_ = true;
}

void WriterAlarm::Wait() {
  pollfd pfd{timer_.get(), POLLIN, 0};
  ::poll(&pfd, 1, -1);
}

void WriterAlarm::Expired() {
  std::uint64_t expirations;
  // Clears its readiness; nothing to read when a signal ended Wait() early.
  [[maybe_unused]] ssize_t n = ::read(timer_.get(), &expirations, sizeof expirations);
  set_ = false;
}

}  // namespace isohost::ipc
