// Landlock (the kernel's unprivileged access control) for a worker's
// file-system grant: see docs/sandbox.md. Used by ApplySandbox().
#ifndef ISOHOST_WORKER_SANDBOX_LANDLOCK_H_
#define ISOHOST_WORKER_SANDBOX_LANDLOCK_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace isohost::worker::sandbox {

struct LandlockGrant {
  std::vector<std::string> read;   // files and directories read (and all below)
  std::vector<std::string> write;  // written
  bool read_all = false;           // reading is not restricted
  bool write_all = false;          // writing is not restricted
  bool net = false;                // TCP bind and connect are not restricted
  // Programs may run: executing is not restricted, and what a program needs
  // to start (the system's programs and libraries, this binary's directory)
  // is readable.
  bool exec = false;
};

// The Landlock ABI the kernel offers; 0 when it has none (or it is off).
int LandlockAbi();

// Makes, ahead of Start, the part of a ruleset that does not depend on the
// grant's roots, for the usual grant (reading and writing restricted, no
// network, no programs): a worker that waits for Start does it while idle,
// and RestrictFileSystem() then adds only the roots. It holds one
// descriptor until it is used or discarded.
void PrepareRuleset();
// Closes what PrepareRuleset() made, for a worker started without permissions.
void DiscardPreparedRuleset();

// Restricts this thread (and the threads it starts later) to `grant`, with
// what ABI `abi` can express. Returns false, saying why in `error`. A root that
// does not exist is skipped (nothing below it can be reached either).
// `restrict_other`, when given, is called with the finished ruleset before
// this thread restricts itself, to have another thread that already runs
// restrict itself to the same (RestrictThisThread()); it may only hand the
// ruleset on, and keeps its own copy if it uses it later.
bool RestrictFileSystem(const LandlockGrant& grant, int abi, std::string* error,
                        const std::function<void(int ruleset_fd)>& restrict_other = nullptr);

// Holds the calling thread (and those it starts) to nothing: a Landlock
// domain that handles every right this kernel's ABI has and grants none, no
// file opened or made, no TCP, no signal or abstract socket outside it;
// no_new_privs on the thread. For a thread that only writes to descriptors
// it holds (the channel's writer): restricted from birth, it needs nothing
// done when the worker's sandbox comes, and is held tighter than the grant.
// False when the kernel has no Landlock (or refuses).
bool HoldThisThreadToNothing();

// Sets no_new_privs on the calling thread and restricts it to `ruleset_fd`
// (both are per thread): for a thread another one made the ruleset for.
bool RestrictThisThread(int ruleset_fd);

}  // namespace isohost::worker::sandbox

#endif  // ISOHOST_WORKER_SANDBOX_LANDLOCK_H_
