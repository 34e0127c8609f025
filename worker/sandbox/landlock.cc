#include "worker/sandbox/landlock.h"

#include <fcntl.h>
#include <link.h>
#include <linux/landlock.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "base/unique_fd.h"

namespace isohost::worker::sandbox {
namespace {

// The rights and flags of ABIs newer than the system's header knows, with
// the kernel's values (include/uapi/linux/landlock.h).
constexpr std::uint64_t kRefer = 1ull << 13;     // ABI 2
constexpr std::uint64_t kTruncate = 1ull << 14;  // ABI 3
constexpr std::uint64_t kIoctlDev = 1ull << 15;  // ABI 5
constexpr std::uint64_t kNetBindTcp = 1ull << 0;     // ABI 4
constexpr std::uint64_t kNetConnectTcp = 1ull << 1;  // ABI 4
constexpr std::uint64_t kScopeAbstractUnixSocket = 1ull << 0;  // ABI 6
constexpr std::uint64_t kScopeSignal = 1ull << 1;              // ABI 6
constexpr unsigned kCreateRulesetVersion = 1u << 0;

// landlock_ruleset_attr as of ABI 6; older kernels take a prefix of it.
struct RulesetAttr {
  std::uint64_t handled_access_fs;
  std::uint64_t handled_access_net;
  std::uint64_t scoped;
};

constexpr std::uint64_t kRead = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
// What a write root grants (ABI 1): device nodes are not among it.
constexpr std::uint64_t kWriteV1 = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                                   LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_DIR |
                                   LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK |
                                   LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_SYM;
// Making a device node is always handled and never granted, even with every
// path writable: a node for /dev/kmsg or a disk, made in a write root, would
// open what no path grant covers (the seccomp filter refuses it as well).
constexpr std::uint64_t kDeviceNodes = LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_BLOCK;
// The rights that apply to a file (the others only to directories).
constexpr std::uint64_t kFileRights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                                      LANDLOCK_ACCESS_FS_READ_FILE | kTruncate | kIoctlDev;

// Whether a rule's path is a directory (rights apply to all below), a file,
// or not known (a grant's root: tried as a directory first).
enum class PathKind { kUnknown, kFile, kDirectory };

struct RuntimePath {
  const char* path;
  PathKind kind;
};

// What the runtime itself opens after the script started, whatever the
// grant: randomness, the time zone (glibc and ICU read it on first use),
// its own /proc entries (memory usage) and the CPUs (os.cpus(),
// os.availableParallelism()). Reading these tells a script nothing of the
// host's files; /proc/self/root and /proc/self/cwd lead out of /proc, where
// Landlock judges the file they reach, not this rule. Their kinds are known,
// which spares a system call each on every sandboxed start.
constexpr RuntimePath kRuntimeReads[] = {
    {"/dev/urandom", PathKind::kFile},         {"/dev/random", PathKind::kFile},
    {"/dev/zero", PathKind::kFile},            {"/etc/localtime", PathKind::kFile},
    {"/usr/share/zoneinfo", PathKind::kDirectory}, {"/proc/self", PathKind::kDirectory},
    {"/proc/stat", PathKind::kFile},           {"/proc/cpuinfo", PathKind::kFile},
    {"/sys/devices/system/cpu", PathKind::kDirectory}};
constexpr RuntimePath kRuntimeWrites[] = {{"/dev/null", PathKind::kFile}};
// What resolving a host name reads (getaddrinfo: glibc's files and DNS
// sources, its address sorting), for a worker with the network granted.
constexpr RuntimePath kNameResolutionReads[] = {
    {"/etc/hosts", PathKind::kFile},       {"/etc/resolv.conf", PathKind::kFile}, {"/etc/nsswitch.conf", PathKind::kFile},
    {"/etc/gai.conf", PathKind::kFile},    {"/etc/host.conf", PathKind::kFile},   {"/etc/services", PathKind::kFile}};
// What a program started by a worker that may start them needs to load.
constexpr const char* kExecReads[] = {"/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc/ld.so.cache"};

// The directories of this binary and of the libraries it loaded (libnode
// may live beside the build rather than in /usr/lib): what process.execPath
// needs to start.
std::set<std::string> OwnDirectories() {
  std::set<std::string> dirs;
  auto add = [&dirs](std::string_view path) {
    std::size_t slash = path.rfind('/');
    if (slash != std::string_view::npos && slash > 0) dirs.emplace(path.substr(0, slash));
  };
  char self[4096];
  ssize_t size = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (size > 0) add(std::string_view(self, static_cast<std::size_t>(size)));
  ::dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) {
        if (info->dlpi_name != nullptr && info->dlpi_name[0] == '/') (*static_cast<decltype(add)*>(data))(info->dlpi_name);
        return 0;
      },
      &add);
  return dirs;
}

std::uint64_t WriteRights(int abi) {
  std::uint64_t rights = kWriteV1;
  if (abi >= 2) rights |= kRefer;
  if (abi >= 3) rights |= kTruncate;
  return rights;
}

// Adds rules to a ruleset. The O_PATH descriptor each rule needs stays open
// until the end, where they are closed together (in one call when they are
// consecutive, as they are in a worker that closed nothing in between).
class RuleAdder {
 public:
  explicit RuleAdder(int ruleset) : ruleset_(ruleset) {}
  ~RuleAdder() {
    if (fds_.empty()) return;
    std::sort(fds_.begin(), fds_.end());
    if (fds_.back() - fds_.front() + 1 == static_cast<int>(fds_.size()) &&
        ::close_range(static_cast<unsigned>(fds_.front()), static_cast<unsigned>(fds_.back()), 0) == 0) {
      return;
    }
    for (int fd : fds_) ::close(fd);
  }
  RuleAdder(const RuleAdder&) = delete;
  RuleAdder& operator=(const RuleAdder&) = delete;

  // Adds `access` below `path`; a missing path is skipped.
  bool Add(const std::string& path, std::uint64_t access, PathKind kind, std::string* error) {
    int fd = ::open(path.c_str(), O_PATH | O_CLOEXEC);
    if (fd < 0) {
      if (errno == ENOENT || errno == ENOTDIR || errno == EACCES) return true;
      *error = "cannot open " + path + ": " + std::strerror(errno);
      return false;
    }
    fds_.push_back(fd);
    // A root whose kind is not known is taken for a directory (the usual
    // root, the script's own): the kernel refuses directory rights on a
    // file, and the retry below gives it the file's, which costs a file
    // root one call more and spares every directory root an fstat.
    if (kind == PathKind::kFile) access &= kFileRights;
    if (access == 0) return true;
    landlock_path_beneath_attr rule{};
    rule.allowed_access = access;
    rule.parent_fd = fd;
    if (::syscall(SYS_landlock_add_rule, ruleset_, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) == 0) return true;
    // A runtime path that is not the directory this binary expected: the
    // kernel refuses directory rights on a file.
    if (errno == EINVAL && (access & ~kFileRights) != 0 && (rule.allowed_access = access & kFileRights) != 0 &&
        ::syscall(SYS_landlock_add_rule, ruleset_, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) == 0) {
      return true;
    }
    *error = "landlock_add_rule(" + path + "): " + std::strerror(errno);
    return false;
  }

 private:
  int ruleset_;
  std::vector<int> fds_;
};

// What a ruleset's making depends on; the grant's roots are added after.
struct Shape {
  bool read_all = false;
  bool write_all = false;
  bool net = false;
  bool exec = false;
  int abi = 0;
  bool operator==(const Shape&) const = default;
};

// A ruleset that handles what `shape` restricts, holding the runtime's own
// rules; -1, saying why in `error`, when the kernel refuses.
int MakeRuleset(const Shape& shape, std::string* error) {
  const int abi = shape.abi;
  std::uint64_t write = WriteRights(abi);
  RulesetAttr attr{};
  // Executing is never granted: execve is refused by the seccomp filter as
  // well, unless child processes are.
  attr.handled_access_fs = shape.exec ? 0 : LANDLOCK_ACCESS_FS_EXECUTE;
  if (!shape.read_all) attr.handled_access_fs |= kRead;
  if (!shape.write_all) attr.handled_access_fs |= write;
  attr.handled_access_fs |= kDeviceNodes;
  if (abi >= 5) attr.handled_access_fs |= kIoctlDev;
  if (abi >= 4 && !shape.net) attr.handled_access_net = kNetBindTcp | kNetConnectTcp;
  // A worker may not signal the host (or any process outside its sandbox),
  // nor reach its abstract sockets.
  if (abi >= 6) attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
  std::size_t size = abi >= 6 ? sizeof(RulesetAttr) : abi >= 4 ? 2 * sizeof(std::uint64_t) : sizeof(std::uint64_t);
  base::UniqueFd ruleset(static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attr, size, 0)));
  if (!ruleset) {
    *error = std::string("landlock_create_ruleset: ") + std::strerror(errno);
    return -1;
  }
  std::uint64_t read = shape.read_all ? 0 : kRead;
  std::uint64_t writes = shape.write_all ? 0 : write;
  RuleAdder rules(ruleset.get());
  if (read != 0) {
    for (const RuntimePath& path : kRuntimeReads) {
      if (!rules.Add(path.path, kRead, path.kind, error)) return -1;
    }
    if (shape.net) {
      for (const RuntimePath& path : kNameResolutionReads) {
        if (!rules.Add(path.path, kRead, path.kind, error)) return -1;
      }
    }
    if (shape.exec) {
      for (const char* path : kExecReads) {
        if (!rules.Add(path, kRead, PathKind::kUnknown, error)) return -1;
      }
      for (const std::string& dir : OwnDirectories()) {
        if (!rules.Add(dir, kRead, PathKind::kDirectory, error)) return -1;
      }
    }
  }
  for (const RuntimePath& path : kRuntimeWrites) {
    std::uint64_t access = (read | writes) & (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_WRITE_FILE | kTruncate);
    if (access != 0 && !rules.Add(path.path, access, path.kind, error)) return -1;
  }
  return ruleset.release();
}

#ifdef ISOHOST_SANDBOX_TEST_HOOKS
// Test builds only (ISOHOST_SANDBOX_TEST_HOOKS): the variable in the
// environment the process started with (the host's) makes the kernel look as
// if it had no Landlock, so that tests see a degraded sandbox. Read when the
// binary loads, before a sandbox replaces the environment; a script cannot
// set it for itself.
const bool kTestWithoutLandlock = std::getenv("ISOHOST_TEST_SANDBOX_NO_LANDLOCK") != nullptr;
#else
constexpr bool kTestWithoutLandlock = false;
#endif

// The ruleset PrepareRuleset() made, and for what shape; -1: none.
int prepared_ruleset = -1;
Shape prepared_shape;

}  // namespace

int LandlockAbi() {
  static const int abi = [] {
    if (kTestWithoutLandlock) return 0;
    long version = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
    return version < 0 ? 0 : static_cast<int>(version);
  }();
  return abi;
}

void PrepareRuleset() {
  if (prepared_ruleset >= 0) return;
  Shape shape;  // reading and writing restricted, no network, no programs
  shape.abi = LandlockAbi();
  if (shape.abi == 0) return;
  std::string error;
  prepared_ruleset = MakeRuleset(shape, &error);  // on failure, RestrictFileSystem() says why
  prepared_shape = shape;
}

void DiscardPreparedRuleset() {
  if (prepared_ruleset < 0) return;
  ::close(prepared_ruleset);
  prepared_ruleset = -1;
}

bool HoldThisThreadToNothing() {
  const int abi = LandlockAbi();
  if (abi == 0) return false;
  RulesetAttr attr{};
  attr.handled_access_fs = LANDLOCK_ACCESS_FS_EXECUTE | kRead | WriteRights(abi) | kDeviceNodes;
  if (abi >= 5) attr.handled_access_fs |= kIoctlDev;
  if (abi >= 4) attr.handled_access_net = kNetBindTcp | kNetConnectTcp;
  if (abi >= 6) attr.scoped = kScopeAbstractUnixSocket | kScopeSignal;
  std::size_t size = abi >= 6 ? sizeof(RulesetAttr) : abi >= 4 ? 2 * sizeof(std::uint64_t) : sizeof(std::uint64_t);
  base::UniqueFd ruleset(static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attr, size, 0)));
  return ruleset && RestrictThisThread(ruleset.get());
}

bool RestrictThisThread(int ruleset_fd) {
  return ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && ::syscall(SYS_landlock_restrict_self, ruleset_fd, 0) == 0;
}

bool RestrictFileSystem(const LandlockGrant& grant, int abi, std::string* error,
                        const std::function<void(int ruleset_fd)>& restrict_other) {
  Shape shape;
  shape.read_all = grant.read_all;
  shape.write_all = grant.write_all;
  shape.net = grant.net;
  shape.exec = grant.exec;
  shape.abi = abi;
  base::UniqueFd ruleset;
  if (prepared_ruleset >= 0 && prepared_shape == shape) {
    ruleset.reset(std::exchange(prepared_ruleset, -1));
  } else {
    DiscardPreparedRuleset();
    ruleset.reset(MakeRuleset(shape, error));
    if (!ruleset) return false;
  }
  {
    RuleAdder rules(ruleset.get());
    // The executable bit is handled, so the roots must not give it.
    if (!shape.read_all) {
      for (const std::string& path : grant.read) {
        if (path != "*" && !rules.Add(path, kRead, PathKind::kUnknown, error)) return false;
      }
    }
    if (!shape.write_all) {
      for (const std::string& path : grant.write) {
        if (path != "*" && !rules.Add(path, WriteRights(abi), PathKind::kUnknown, error)) return false;
      }
    }
  }
  if (restrict_other) restrict_other(ruleset.get());
  if (::syscall(SYS_landlock_restrict_self, ruleset.get(), 0) != 0) {
    *error = std::string("landlock_restrict_self: ") + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace isohost::worker::sandbox
