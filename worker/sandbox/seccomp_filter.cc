#include "worker/sandbox/seccomp_filter.h"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <iterator>
#include <vector>

namespace isohost::worker::sandbox {
namespace {

// Calls no worker makes and a hostile one wants: running programs and
// debugging others, mounts and namespaces, kernel modules and keyrings,
// raw access to other processes' memory, and io_uring (whose operations
// seccomp never sees). All fail with EPERM.
constexpr int kDenied[] = {
    SYS_ptrace,          SYS_process_vm_readv, SYS_process_vm_writev, SYS_kcmp,
    SYS_mount,           SYS_umount2,          SYS_pivot_root,        SYS_chroot,
    SYS_unshare,         SYS_setns,            SYS_open_tree,         SYS_move_mount,
    SYS_fsopen,          SYS_fsconfig,         SYS_fsmount,           SYS_fspick,
    SYS_mount_setattr,   SYS_kexec_load,       SYS_kexec_file_load,   SYS_init_module,
    SYS_finit_module,    SYS_delete_module,    SYS_bpf,               SYS_perf_event_open,
    SYS_keyctl,          SYS_add_key,          SYS_request_key,       SYS_userfaultfd,
    SYS_swapon,          SYS_swapoff,          SYS_reboot,            SYS_syslog,
    SYS_acct,            SYS_quotactl,         SYS_open_by_handle_at, SYS_name_to_handle_at,
    SYS_settimeofday,    SYS_clock_settime,    SYS_clock_adjtime,     SYS_adjtimex,
    SYS_sethostname,     SYS_setdomainname,    SYS_iopl,              SYS_ioperm,
    SYS_fanotify_init,   SYS_lookup_dcookie,   SYS_pidfd_open,        SYS_pidfd_getfd,
    SYS_pidfd_send_signal, SYS_tkill,          SYS_rt_sigqueueinfo,   SYS_rt_tgsigqueueinfo,
    SYS_io_uring_setup,  SYS_io_uring_enter,   SYS_io_uring_register, SYS_vhangup,
    SYS_personality,     SYS_modify_ldt,       SYS_uselib,            SYS_nfsservctl,
};

// Namespaces a clone() must not make.
constexpr unsigned long kCloneNamespaces = CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER |
                                           CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWCGROUP | 0x80 /* NEWTIME */;

// Bit 30 of the number marks the x32 ABI, whose calls would slip past a
// filter written for x86-64 numbers.
constexpr unsigned kX32Bit = 0x40000000u;

constexpr std::uint32_t Errno(int error) { return SECCOMP_RET_ERRNO | (static_cast<std::uint32_t>(error) & SECCOMP_RET_DATA); }

class Program {
 public:
  void Load(std::uint32_t offset) { Add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offset)); }
  void Return(std::uint32_t action) { Add(BPF_STMT(BPF_RET | BPF_K, action)); }
  // if (A == value) return action;
  void ReturnIf(std::uint32_t value, std::uint32_t action) {
    Add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, value, 0, 1));
    Return(action);
  }
  // if (A & bits) return action;
  void ReturnIfAny(std::uint32_t bits, std::uint32_t action) {
    Add(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, bits, 0, 1));
    Return(action);
  }
  // if (A & bits) == 0 return action;
  void ReturnIfNone(std::uint32_t bits, std::uint32_t action) {
    Add(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, bits, 1, 0));
    Return(action);
  }
  // A conditional jump on A against `value` (BPF_JEQ, BPF_JGE ...).
  void Jump(std::uint16_t op, std::uint32_t value, unsigned char if_true, unsigned char if_false) {
    Add(BPF_JUMP(BPF_JMP | op | BPF_K, value, if_true, if_false));
  }
  // Forward jumps to labels placed later (cBPF jumps only forward).
  int NewLabel() {
    labels_.push_back(-1);
    return static_cast<int>(labels_.size()) - 1;
  }
  void Place(int label) { labels_[label] = static_cast<int>(code_.size()); }
  void JumpTo(std::uint16_t op, std::uint32_t value, int if_true, int if_false) {
    fixups_.push_back({static_cast<int>(code_.size()), if_true, if_false});
    Add(BPF_JUMP(BPF_JMP | op | BPF_K, value, 0, 0));
  }
  // A binary search of `numbers` (sorted) for A: to `found` or `missing`.
  // Every call runs the filter (and the kernel runs it for each number when
  // it builds its cache of calls always allowed): log n comparisons, not n.
  void Search(const std::vector<std::uint32_t>& numbers, std::size_t begin, std::size_t end, int found, int missing) {
    if (end - begin == 1) {
      JumpTo(BPF_JEQ, numbers[begin], found, missing);
      return;
    }
    std::size_t middle = begin + (end - begin) / 2;
    int upper = NewLabel();
    int lower = NewLabel();
    JumpTo(BPF_JGE, numbers[middle], upper, lower);
    Place(lower);
    Search(numbers, begin, middle, found, missing);
    Place(upper);
    Search(numbers, middle, end, found, missing);
  }
  // Resolves the jumps to labels; false if one is out of reach.
  bool Link() {
    for (const Fixup& fixup : fixups_) {
      int from = fixup.at + 1;
      int if_true = labels_[fixup.if_true] - from;
      int if_false = labels_[fixup.if_false] - from;
      if (if_true < 0 || if_true > 255 || if_false < 0 || if_false > 255) return false;
      code_[fixup.at].jt = static_cast<unsigned char>(if_true);
      code_[fixup.at].jf = static_cast<unsigned char>(if_false);
    }
    return true;
  }
  std::vector<sock_filter>& code() { return code_; }

 private:
  struct Fixup {
    int at;
    int if_true;
    int if_false;
  };
  void Add(sock_filter instruction) { code_.push_back(instruction); }
  std::vector<sock_filter> code_;
  std::vector<int> labels_;
  std::vector<Fixup> fixups_;
};

constexpr std::uint32_t kNr = offsetof(seccomp_data, nr);
constexpr std::uint32_t kArch = offsetof(seccomp_data, arch);
// The low 32 bits of argument i (x86-64 is little-endian).
constexpr std::uint32_t Arg(int i) { return offsetof(seccomp_data, args) + 8 * i; }

}  // namespace

bool InstallSeccompFilter(const SyscallGrant& grant, std::string* error) {
#if !defined(__x86_64__)
  *error = "the seccomp filter is written for x86-64 only";
  return false;
#else
  const std::uint32_t kEperm = Errno(EPERM);
  const std::uint32_t pid = static_cast<std::uint32_t>(::getpid());
  Program p;
  // Another architecture's calls (int 0x80 from a 64-bit process) are refused.
  p.Load(kArch);
  p.Jump(BPF_JEQ, AUDIT_ARCH_X86_64, 1, 0);
  p.Return(kEperm);
  p.Load(kNr);
  p.Jump(BPF_JGE, kX32Bit, 0, 1);
  p.Return(kEperm);
  std::vector<std::uint32_t> denied(std::begin(kDenied), std::end(kDenied));
  if (!grant.child_process) denied.insert(denied.end(), {SYS_execve, SYS_execveat, SYS_fork, SYS_vfork});
  if (!grant.net) denied.push_back(SYS_socket);
  std::sort(denied.begin(), denied.end());
  denied.erase(std::unique(denied.begin(), denied.end()), denied.end());
  // clone3 keeps its flags in memory, out of the filter's sight: ENOSYS makes
  // glibc fall back to clone, whose flags it can read.
  p.ReturnIf(SYS_clone3, Errno(ENOSYS));
  // clone: threads yes, new namespaces never, new processes only with child
  // processes granted.
  p.Jump(BPF_JEQ, SYS_clone, 0, grant.child_process ? 4 : 6);
  p.Load(Arg(0));
  p.ReturnIfAny(kCloneNamespaces, kEperm);
  if (!grant.child_process) p.ReturnIfNone(CLONE_THREAD, kEperm);
  p.Return(SECCOMP_RET_ALLOW);
  // ioctl: no typing into the terminal a descriptor leads to (the host's,
  // when the worker reads the host's stdin).
  p.Jump(BPF_JEQ, SYS_ioctl, 0, 6);
  p.Load(Arg(1));
  p.ReturnIf(TIOCSTI, kEperm);
  p.ReturnIf(TIOCLINUX, kEperm);
  p.Return(SECCOMP_RET_ALLOW);
  if (!grant.child_process) {
    // Signals only to itself: never to the host or another worker.
    for (int nr : {SYS_kill, SYS_tgkill}) {
      p.Jump(BPF_JEQ, static_cast<std::uint32_t>(nr), 0, 4);
      p.Load(Arg(0));
      p.Jump(BPF_JEQ, pid, 0, 1);
      p.Return(SECCOMP_RET_ALLOW);
      p.Return(kEperm);
    }
  }
  int deny = p.NewLabel();
  int allow = p.NewLabel();
  p.Search(denied, 0, denied.size(), deny, allow);
  p.Place(allow);
  p.Return(SECCOMP_RET_ALLOW);
  p.Place(deny);
  p.Return(kEperm);
  if (!p.Link()) {
    *error = "the seccomp filter's jumps are out of reach";
    return false;
  }

  sock_fprog program{};
  program.len = static_cast<unsigned short>(p.code().size());
  program.filter = p.code().data();
  // TSYNC: every thread of the process, not only this one.
  if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program) != 0) {
    *error = std::string("seccomp: ") + std::strerror(errno);
    return false;
  }
  return true;
#endif
}

}  // namespace isohost::worker::sandbox
