// Polling for an answer before the loop sleeps, after a post on a direct
// link (worker/messaging/port_links.h).
//
// Two workers talking over a MessageChannel are two processes. When one
// posts and its loop then sleeps in epoll, the answer has to wake it: the
// kernel's wake-up (on a virtual machine an interprocessor interrupt, the
// exit from idle, the scheduler) costs tens of microseconds per message,
// far more than the peer takes to answer, and bounds the conversation. So
// after such a post, just before the loop would sleep, the worker polls the
// loop's descriptors for up to a budget (WorkerOptions::link_spin_us): an
// answer that comes meanwhile is read without a sleep on either side.
//
// The poll costs CPU only while it waits. One that comes back empty makes
// the next ones rarer: it skips the next 1, 2, 4, ... posts (up to
// kMaxSkip) before it tries again, and one that is answered resets that,
// so a worker posting to a slow peer spends little. With one CPU the peer
// could only run once the poll gives up, so there is no polling then.
#ifndef ISOHOST_WORKER_MESSAGING_REPLY_SPIN_H_
#define ISOHOST_WORKER_MESSAGING_REPLY_SPIN_H_

#include <uv.h>

#include <cstdint>

namespace isohost::worker {

class ReplySpin {
 public:
  explicit ReplySpin(uv_loop_t* loop) : loop_(loop) {}

  // How long to poll after a post, microseconds; 0 never polls, nor does a
  // process that may run on one CPU only.
  void SetBudget(std::uint32_t budget_us);
  // A message went out on a direct link.
  void NoteSent() { armed_ = budget_us_ != 0; }
  // From the loop's prepare phase, the last step before it may sleep:
  // polls if a post since the last call asks for it and the loop has
  // nothing due sooner.
  void BeforePoll() {
    if (armed_) PollForAnswer();
  }

  struct Stats {
    std::uint64_t polls = 0;     // times it polled
    std::uint64_t answered = 0;  // of those, ended by something to read
  };
  const Stats& stats() const { return stats_; }

  static constexpr std::uint32_t kMaxSkip = 64;

 private:
  void PollForAnswer();

  uv_loop_t* loop_;
  std::uint32_t budget_us_ = 0;
  bool armed_ = false;
  bool cpus_counted_ = false;
  std::uint32_t skip_ = 0;     // posts left to skip
  std::uint32_t backoff_ = 0;  // what the last empty poll set skip_ to (doubles with each)
  Stats stats_;
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_MESSAGING_REPLY_SPIN_H_
