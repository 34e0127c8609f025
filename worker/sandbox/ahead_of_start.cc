#include "worker/sandbox/ahead_of_start.h"

#include "worker/sandbox/landlock.h"
#include "worker/sandbox/sandbox.h"
#include "worker/sandbox/seccomp_filter.h"

namespace isohost::worker::sandbox {
namespace {

// Longer than a Start already on its way takes to arrive, shorter than a
// pooled worker usually waits.
constexpr std::uint64_t kIdleBeforeStartMs = 2;

}  // namespace

AheadOfStart::AheadOfStart(uv_loop_t* loop) : timer_(loop) {
  timer_.Start(kIdleBeforeStartMs, [this] { PrepareNow(); });
  timer_.SetReferenced(false);
}

void AheadOfStart::PrepareNow() {
  if (prepared_) return;
  PrepareRuleset();
  PrepareSeccompFilter();
  PrepareThreadCount();
  prepared_ = true;
}

void AheadOfStart::Started(bool sandboxed) {
  timer_.Stop();
  if (sandboxed) return;
  DiscardPreparedRuleset();
  DiscardPreparedSeccompFilter();
  DiscardPreparedThreadCount();
}

}  // namespace isohost::worker::sandbox
