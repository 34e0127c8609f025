// Atomics.wait and Atomics.notify across processes. V8 keeps its waiters in
// a list of its own process, so a notify from another worker would never
// wake one. Once this process has a SharedArrayBuffer in a memfd
// (worker/messaging/shared_memory.h), both are replaced by functions that, for an
// Int32Array over such memory, wait and wake with the futex syscall on the
// shared mapping (without FUTEX_PRIVATE_FLAG, so across processes), and
// otherwise call V8's own.
#ifndef ISOHOST_WORKER_MESSAGING_ATOMICS_WAIT_H_
#define ISOHOST_WORKER_MESSAGING_ATOMICS_WAIT_H_

#include <v8.h>

namespace isohost::worker {

// Replaces Atomics.wait/notify of the current context, once; a call without
// a context tries again on the next.
void InstallSharedAtomics(v8::Isolate* isolate);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_MESSAGING_ATOMICS_WAIT_H_
