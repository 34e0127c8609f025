// Landlock (the kernel's unprivileged access control) for a worker's
// file-system grant: see docs/sandbox.md. Used by ApplySandbox().
#ifndef ISOHOST_WORKER_SANDBOX_LANDLOCK_H_
#define ISOHOST_WORKER_SANDBOX_LANDLOCK_H_

#include <cstdint>
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

// Restricts this thread (and the threads it starts later) to `grant`, with
// what ABI `abi` can express. Returns false, saying why in `error`. A root that
// does not exist is skipped (nothing below it can be reached either).
bool RestrictFileSystem(const LandlockGrant& grant, int abi, std::string* error);

}  // namespace isohost::worker::sandbox

#endif  // ISOHOST_WORKER_SANDBOX_LANDLOCK_H_
