// What a channel's background writer (ChannelOptions::max_write_delay_ms)
// sleeps on: an alarm its owner sets when it buffers the first frame of a
// burst, which goes off once those frames are due, and which the owner can
// also make go off at once (a task for the thread, or stop).
//
// Why not a condition variable the owner notifies: waking a sleeping thread
// at the first frame of every burst costs the owner a futex wake, and on a
// machine with few CPUs puts a second thread of its process on a CPU at the
// moment the owner is busiest. For a pooled worker that moment is its first
// message, and the wake-up was ~60 µs of its spawn. Setting a timer is one
// system call that wakes nobody; the writer runs only when the alarm goes
// off, by which time the owner has usually written the frames itself.
//
// Set(), SetNow() and Expired() are called under one lock of the caller's
// (the channel's output lock), Wait() without it.
#ifndef ISOHOST_IPC_WRITER_ALARM_H_
#define ISOHOST_IPC_WRITER_ALARM_H_

#include <chrono>

#include "base/unique_fd.h"

namespace isohost::ipc {

class WriterAlarm {
 public:
  // False when the kernel gives no timer (the channel then has no
  // background writer, and frames wait for the owner's flushes).
  bool Open();
  bool is_open() const { return static_cast<bool>(timer_); }

  // Goes off `after` from now, unless it is set already: every alarm of a
  // channel is for at most one write delay ahead, so one that is set goes
  // off no later than this one would, and the writer then sets it again for
  // what is not yet due.
  void Set(std::chrono::nanoseconds after);
  // Goes off now, whether or not it was set.
  void SetNow();
  // Blocks until the alarm goes off (or a signal interrupts).
  void Wait();
  // After Wait(): the alarm went off and is no longer set.
  void Expired();

 private:
  void Arm(long long nanoseconds);

  base::UniqueFd timer_;  // a timerfd on CLOCK_MONOTONIC
  bool set_ = false;
};

}  // namespace isohost::ipc

#endif  // ISOHOST_IPC_WRITER_ALARM_H_
