#include "worker/sandbox/seccomp_filter.h"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstdlib>
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
    // SysV IPC: segments, queues and semaphores live outside any process, so
    // a worker could read and overwrite another program's shared memory, or
    // keep a channel to another worker that the host never sees.
    SYS_shmget,          SYS_shmat,            SYS_shmdt,             SYS_shmctl,
    SYS_msgget,          SYS_msgsnd,           SYS_msgrcv,            SYS_msgctl,
    SYS_semget,          SYS_semop,            SYS_semtimedop,        SYS_semctl,
    // The limits are the sandbox's (RLIMIT_DATA of --max-memory, RLIMIT_CPU
    // of --cpu-time, RLIMIT_NOFILE, RLIMIT_FSIZE, RLIMIT_CORE), set before
    // the filter: a root worker could raise them otherwise. prlimit64 below.
    SYS_setrlimit,
};

// Calls that change how another process is scheduled or limited: allowed on
// the worker itself (a pid of 0, or its own), refused with EPERM on any
// other, such as the host (a renice of it, or an RLIMIT_NOFILE of 10 that
// stops every spawn). Their first argument is the pid.
constexpr int kSelfOnly[] = {
    SYS_sched_setaffinity, SYS_sched_setscheduler, SYS_sched_setparam, SYS_sched_setattr,
    SYS_migrate_pages,     SYS_move_pages,
};

// A socket's type without SOCK_NONBLOCK and SOCK_CLOEXEC.
constexpr std::uint32_t kSocketTypeMask = 0xf;

// setpriority's and ioprio_set's `which`: one process, by pid.
constexpr std::uint32_t kPrioProcess = 0;       // PRIO_PROCESS
constexpr std::uint32_t kIoprioWhoProcess = 1;  // IOPRIO_WHO_PROCESS

// Namespaces a clone() must not make.
constexpr unsigned long kCloneNamespaces = CLONE_NEWNS | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWUSER |
                                           CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWCGROUP | 0x80 /* NEWTIME */;

// Bit 30 of the number marks the x32 ABI, whose calls would slip past a
// filter written for x86-64 numbers.
constexpr unsigned kX32Bit = 0x40000000u;

// The numbers from `first` up to the next interval's first go to `label`.
struct Interval {
  std::uint32_t first;
  int label;
};

constexpr std::uint32_t Errno(int error) { return SECCOMP_RET_ERRNO | (static_cast<std::uint32_t>(error) & SECCOMP_RET_DATA); }

class Program {
 public:
  void Load(std::uint32_t offset) { Add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offset)); }
  void Return(std::uint32_t action) { Add(BPF_STMT(BPF_RET | BPF_K, action)); }
  // A &= bits;
  void And(std::uint32_t bits) { Add(BPF_STMT(BPF_ALU | BPF_AND | BPF_K, bits)); }
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
  // A binary search of A among `intervals` (sorted, adjacent, together
  // covering every 32-bit value), to the label of the one it falls in: one
  // comparison per level and none at the leaves. Every call runs the filter,
  // and the kernel's cost of loading it grows with its length.
  void Search(const std::vector<Interval>& intervals, std::size_t begin, std::size_t end) {
    std::size_t middle = begin + (end - begin) / 2;
    int upper = end - middle == 1 ? intervals[middle].label : NewLabel();
    int lower = middle - begin == 1 ? intervals[begin].label : NewLabel();
    JumpTo(BPF_JGE, intervals[middle].first, upper, lower);
    if (middle - begin > 1) {
      Place(lower);
      Search(intervals, begin, middle);
    }
    if (end - middle > 1) {
      Place(upper);
      Search(intervals, middle, end);
    }
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
constexpr std::uint32_t kInstructionPointer = offsetof(seccomp_data, instruction_pointer);
// The low 32 bits of argument i (x86-64 is little-endian).
constexpr std::uint32_t Arg(int i) { return offsetof(seccomp_data, args) + 8 * i; }

// The filter's program for `grant`, in a process whose id is `pid` (signals
// may go only to it); empty, saying why in `error`, if it cannot be made.
std::vector<sock_filter> BuildProgram(const SyscallGrant& grant, pid_t pid_of_worker, std::string* error) {
#if !defined(__x86_64__)
  *error = "the seccomp filter is written for x86-64 only";
  return {};
#else
  const std::uint32_t kEperm = Errno(EPERM);
  const std::uint32_t pid = static_cast<std::uint32_t>(pid_of_worker);
  Program p;
  int allow = p.NewLabel();
  int deny = p.NewLabel();
  int no_clone3 = p.NewLabel();
  int clone = p.NewLabel();
  int ioctl = p.NewLabel();
  int signal = p.NewLabel();
  int self_only = p.NewLabel();
  int priority = p.NewLabel();
  int io_priority = p.NewLabel();
  int self_in_a1 = p.NewLabel();
  int mknod = p.NewLabel();
  int mknodat = p.NewLabel();
  int prctl = p.NewLabel();
  int prlimit = p.NewLabel();
  int socket = p.NewLabel();
  int socket_domain = p.NewLabel();
  int socketpair = p.NewLabel();
  // What each call number is: denied, allowed, or looked at further. Denied
  // numbers are often consecutive, and each run of them is one interval.
  std::vector<std::pair<std::uint32_t, int>> calls;
  for (int nr : kDenied) calls.emplace_back(nr, deny);
  if (!grant.child_process) {
    for (int nr : {SYS_execve, SYS_execveat, SYS_fork, SYS_vfork}) calls.emplace_back(nr, deny);
    // Signals only to itself: never to the host or another worker.
    for (int nr : {SYS_kill, SYS_tgkill}) calls.emplace_back(nr, signal);
  }
  calls.emplace_back(SYS_socket, grant.net ? socket : deny);
  calls.emplace_back(SYS_socketpair, socketpair);
  // clone3 keeps its flags in memory, out of the filter's sight: ENOSYS makes
  // glibc fall back to clone, whose flags it can read.
  calls.emplace_back(SYS_clone3, no_clone3);
  calls.emplace_back(SYS_clone, clone);
  calls.emplace_back(SYS_ioctl, ioctl);
  for (int nr : kSelfOnly) calls.emplace_back(nr, self_only);
  calls.emplace_back(SYS_setpriority, priority);
  calls.emplace_back(SYS_ioprio_set, io_priority);
  calls.emplace_back(SYS_mknod, mknod);
  calls.emplace_back(SYS_mknodat, mknodat);
  calls.emplace_back(SYS_prctl, prctl);
  calls.emplace_back(SYS_prlimit64, prlimit);
  std::sort(calls.begin(), calls.end());
  calls.erase(std::unique(calls.begin(), calls.end()), calls.end());
  std::vector<Interval> intervals;
  auto add = [&intervals](std::uint32_t first, int label) {
    if (!intervals.empty() && intervals.back().label == label) return;  // the same run goes on
    intervals.push_back({first, label});
  };
  add(0, allow);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    add(calls[i].first, calls[i].second);
    bool next_follows = i + 1 < calls.size() && calls[i + 1].first == calls[i].first + 1;
    if (!next_follows) add(calls[i].first + 1, allow);
  }
  // Bit 30 marks the x32 ABI: all of it is refused.
  add(kX32Bit, deny);

  // When a filter is attached, the kernel runs it for every call number of
  // every architecture it knows, to find the calls it always allows and skip
  // the filter for those later. For this program that costs ~50 us, on every
  // sandboxed start, and saves a few nanoseconds per call after. Its dry run
  // gives up at the first load of anything but the number or architecture,
  // so the program begins with one, whose value the next load replaces.
  p.Load(kInstructionPointer);
  // Another architecture's calls (int 0x80 from a 64-bit process) are refused.
  p.Load(kArch);
  p.Jump(BPF_JEQ, AUDIT_ARCH_X86_64, 1, 0);
  p.Return(kEperm);
  p.Load(kNr);
  p.Search(intervals, 0, intervals.size());
  // clone: threads yes, new namespaces never, new processes only with child
  // processes granted.
  p.Place(clone);
  p.Load(Arg(0));
  p.ReturnIfAny(kCloneNamespaces, kEperm);
  if (!grant.child_process) p.ReturnIfNone(CLONE_THREAD, kEperm);
  p.Return(SECCOMP_RET_ALLOW);
  // ioctl: no typing into the terminal a descriptor leads to (the host's,
  // when the worker reads the host's stdin).
  p.Place(ioctl);
  p.Load(Arg(1));
  p.ReturnIf(TIOCSTI, kEperm);
  p.ReturnIf(TIOCLINUX, kEperm);
  p.Return(SECCOMP_RET_ALLOW);
  // kill and tgkill: the first argument is the process (group) signalled.
  p.Place(signal);
  p.Load(Arg(0));
  p.ReturnIf(pid, SECCOMP_RET_ALLOW);
  p.Return(kEperm);
  // socket(domain, type, protocol), with the network granted: TCP and UDP
  // over IPv4 and IPv6, nothing else. No Unix socket (Landlock judges the
  // making of a socket file, not a connect to one, so a Unix socket could
  // reach any on the system: docker's, a database's); no netlink (a root
  // worker could reconfigure the network), no packet or raw socket, no
  // vsock (the machine's hypervisor).
  p.Place(socket);
  p.Load(Arg(1));
  p.And(kSocketTypeMask);
  p.Jump(BPF_JEQ, SOCK_STREAM, 1, 0);
  p.JumpTo(BPF_JEQ, SOCK_DGRAM, socket_domain, deny);
  p.Place(socket_domain);
  p.Load(Arg(0));
  p.ReturnIf(AF_INET, SECCOMP_RET_ALLOW);
  p.ReturnIf(AF_INET6, SECCOMP_RET_ALLOW);
  p.Return(kEperm);
  // socketpair: connected pairs (a child's stdio, libuv's pipes), never a
  // datagram pair, one of whose ends could still send to any socket file.
  p.Place(socketpair);
  p.Load(Arg(1));
  p.And(kSocketTypeMask);
  p.ReturnIf(SOCK_DGRAM, kEperm);
  p.Return(SECCOMP_RET_ALLOW);
  // prlimit64(pid, resource, new, old): reading the worker's own limits
  // (glibc's getrlimit), never setting any (glibc's setrlimit).
  p.Place(prlimit);
  p.Load(Arg(2));
  p.ReturnIfAny(0xffffffffu, kEperm);
  p.Load(Arg(2) + 4);
  p.ReturnIfAny(0xffffffffu, kEperm);
  // The pid is the first argument: 0 (itself) or its own pid.
  p.Place(self_only);
  p.Load(Arg(0));
  p.ReturnIf(0, SECCOMP_RET_ALLOW);
  p.ReturnIf(pid, SECCOMP_RET_ALLOW);
  p.Return(kEperm);
  // setpriority(which, who, prio) and ioprio_set(which, who, prio): one
  // process, itself. A process group or a user would take in the host.
  p.Place(priority);
  p.Load(Arg(0));
  p.JumpTo(BPF_JEQ, kPrioProcess, self_in_a1, deny);
  p.Place(io_priority);
  p.Load(Arg(0));
  p.JumpTo(BPF_JEQ, kIoprioWhoProcess, self_in_a1, deny);
  p.Place(self_in_a1);
  p.Load(Arg(1));
  p.ReturnIf(0, SECCOMP_RET_ALLOW);
  p.ReturnIf(pid, SECCOMP_RET_ALLOW);
  p.Return(kEperm);
  // mknod(path, mode, dev) and mknodat(dirfd, path, mode, dev): never a
  // device node (one for /dev/kmsg made in a write root would read the
  // kernel's log); files, FIFOs and sockets as the file-system grant says.
  for (auto [label, mode_arg] : {std::pair{mknod, 1}, std::pair{mknodat, 2}}) {
    p.Place(label);
    p.Load(Arg(mode_arg));
    p.And(S_IFMT);
    p.ReturnIf(S_IFCHR, kEperm);
    p.ReturnIf(S_IFBLK, kEperm);
    p.Return(SECCOMP_RET_ALLOW);
  }
  // prctl: the parent-death signal stays SIGKILL (what isohost-child-exec
  // sets); clearing it would let a process outlive the host.
  p.Place(prctl);
  p.Load(Arg(0));
  p.Jump(BPF_JEQ, PR_SET_PDEATHSIG, 1, 0);
  p.Return(SECCOMP_RET_ALLOW);
  p.Load(Arg(1));
  p.ReturnIf(SIGKILL, SECCOMP_RET_ALLOW);
  p.Return(kEperm);
  p.Place(no_clone3);
  p.Return(Errno(ENOSYS));
  p.Place(allow);
  p.Return(SECCOMP_RET_ALLOW);
  p.Place(deny);
  p.Return(kEperm);
  if (!p.Link()) {
    *error = "the seccomp filter's jumps are out of reach";
    return {};
  }
  return std::move(p.code());
#endif
}

#ifdef ISOHOST_SANDBOX_TEST_HOOKS
// Test builds only (ISOHOST_SANDBOX_TEST_HOOKS), as the Landlock hook in
// landlock.cc: the variable in the host's environment leaves the filter off,
// so that tests see what Landlock alone refuses. Read when the binary loads.
const bool kTestWithoutSeccomp = std::getenv("ISOHOST_TEST_SANDBOX_NO_SECCOMP") != nullptr;
#else
constexpr bool kTestWithoutSeccomp = false;
#endif

// The program PrepareSeccompFilter() made, for what grant and process.
struct PreparedProgram {
  std::vector<sock_filter> code;
  SyscallGrant grant;
  pid_t pid = 0;
};
PreparedProgram prepared;

}  // namespace

void PrepareSeccompFilter() {
  std::string error;
  prepared.grant = SyscallGrant{};
  prepared.pid = ::getpid();
  prepared.code = BuildProgram(prepared.grant, prepared.pid, &error);  // on failure, Install says why
}

void DiscardPreparedSeccompFilter() { prepared = PreparedProgram{}; }

bool InstallSeccompFilter(const SyscallGrant& grant, std::string* error) {
  if (kTestWithoutSeccomp) {
    DiscardPreparedSeccompFilter();
    *error = "the seccomp filter is off (ISOHOST_TEST_SANDBOX_NO_SECCOMP)";
    return false;
  }
  std::vector<sock_filter> code;
  if (!prepared.code.empty() && prepared.grant == grant && prepared.pid == ::getpid()) {
    code = std::move(prepared.code);
  } else {
    code = BuildProgram(grant, ::getpid(), error);
    if (code.empty()) return false;
  }
  DiscardPreparedSeccompFilter();
  sock_fprog program{};
  program.len = static_cast<unsigned short>(code.size());
  program.filter = code.data();
  // TSYNC: every thread of the process, not only this one.
  if (::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program) != 0) {
    *error = std::string("seccomp: ") + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace isohost::worker::sandbox
