// The worker's seccomp-bpf filter: the system calls a script has no business
// making fail with EPERM (see docs/sandbox.md). Used by ApplySandbox().
#ifndef ISOHOST_WORKER_SANDBOX_SECCOMP_FILTER_H_
#define ISOHOST_WORKER_SANDBOX_SECCOMP_FILTER_H_

#include <string>

namespace isohost::worker::sandbox {

struct SyscallGrant {
  bool child_process = false;  // execve, and fork (clone without CLONE_THREAD)
  bool net = false;            // socket()
  bool operator==(const SyscallGrant&) const = default;
};

// Makes the program of the default grant (no child processes, no network)
// now, for a worker that waits for Start; InstallSeccompFilter() then only
// attaches it. Discard...() frees it when the worker turns out unsandboxed.
void PrepareSeccompFilter();
void DiscardPreparedSeccompFilter();

// Installs the filter on every thread of the process (no_new_privs must be
// set). Returns false, saying why in `error`.
bool InstallSeccompFilter(const SyscallGrant& grant, std::string* error);

}  // namespace isohost::worker::sandbox

#endif  // ISOHOST_WORKER_SANDBOX_SECCOMP_FILTER_H_
