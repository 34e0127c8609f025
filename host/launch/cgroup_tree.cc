#include "host/launch/cgroup_tree.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

namespace isohost {
namespace {

#ifdef ISOHOST_TEST_HOOKS
// Test builds only: the host behaves as on a machine without a cgroup it
// may write, so that tests see what is left of the guarantees there.
const bool kTestWithoutCgroups = std::getenv("ISOHOST_TEST_NO_CGROUP") != nullptr;
#else
constexpr bool kTestWithoutCgroups = false;
#endif

// Cgroups made ahead for the next workers, and how long a killed cgroup
// that still holds dying processes waits before it is removed again.
constexpr std::size_t kStock = 4;
constexpr auto kBusyRetry = std::chrono::milliseconds(20);

// Where this process's own cgroup is in the cgroup v2 hierarchy: the
// hierarchy's mount point and the cgroup's path below it (empty mount
// point, saying why, when there is none to be had).
struct OwnCgroup {
  std::string mount_point;
  std::string path;  // "/" for the root
};

OwnCgroup FindOwnCgroup(std::string* why) {
  std::string own;
  {
    std::ifstream file("/proc/self/cgroup");
    for (std::string line; std::getline(file, line);) {
      if (line.rfind("0::", 0) == 0) own = line.substr(3);
    }
  }
  if (own.empty() || own[0] != '/') {
    *why = "the process is in no cgroup v2";
    return {};
  }
  // A mount line: ID PARENT MAJOR:MINOR ROOT MOUNTPOINT OPTIONS [TAGS...] - TYPE SOURCE OPTIONS.
  std::ifstream mounts("/proc/self/mountinfo");
  for (std::string line; std::getline(mounts, line);) {
    std::size_t dash = line.find(" - cgroup2 ");
    if (dash == std::string::npos) continue;
    std::istringstream fields(line.substr(0, dash));
    std::string id, parent, device, root, mount_point;
    fields >> id >> parent >> device >> root >> mount_point;
    // A mount of another part of the hierarchy (a cgroup namespace's) does
    // not show this process's cgroup where /proc/self/cgroup says.
    if (root != "/") continue;
    return {mount_point, own};
  }
  *why = "no cgroup v2 hierarchy is mounted";
  return {};
}

bool WriteFile(const std::string& path, std::string_view text) {
  base::UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CLOEXEC));
  return fd && ::write(fd.get(), text.data(), text.size()) == static_cast<ssize_t>(text.size());
}

// Starts `keeper` on the read end of a new pipe and returns its write end
// (invalid on failure). The keeper is a grandchild, adopted by init at once,
// so that it is nobody's zombie when it ends; between fork and exec only
// async-signal-safe calls are made, as the host may have other threads.
base::UniqueFd StartKeeper(const std::string& keeper, const std::string& dir, std::string* error) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    *error = std::string("pipe: ") + std::strerror(errno);
    return {};
  }
  base::UniqueFd read_end(fds[0]);
  base::UniqueFd write_end(fds[1]);
  // Its stdout and stderr are not the host's: a pipe a caller reads to its
  // end (a test's, a shell's) must not wait for the keeper.
  base::UniqueFd null(::open("/dev/null", O_RDWR | O_CLOEXEC));
  if (!null) {
    *error = std::string("/dev/null: ") + std::strerror(errno);
    return {};
  }
  std::string path = keeper;
  std::string arg = dir;
  char* argv[] = {path.data(), arg.data(), nullptr};
  pid_t middle = ::fork();
  if (middle < 0) {
    *error = std::string("fork: ") + std::strerror(errno);
    return {};
  }
  if (middle == 0) {
    pid_t child = ::fork();
    if (child == 0) {
      if (::dup2(read_end.get(), STDIN_FILENO) < 0 || ::dup2(null.get(), STDOUT_FILENO) < 0 ||
          ::dup2(null.get(), STDERR_FILENO) < 0) {
        ::_exit(127);
      }
      ::close_range(3, ~0U, 0);
      ::execv(argv[0], argv);
      ::_exit(127);
    }
    ::_exit(child < 0 ? 1 : 0);
  }
  int status = 0;
  while (::waitpid(middle, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    *error = "cannot start " + keeper;
    return {};
  }
  return write_end;
}

}  // namespace

std::shared_ptr<CgroupTree> CgroupTree::ForThisProcess(const std::string& worker_binary, spdlog::logger& logger) {
  static std::mutex made_mutex;
  static std::shared_ptr<CgroupTree> tree;
  static bool tried = false;
  std::lock_guard<std::mutex> lock(made_mutex);
  if (tried) return tree;
  tried = true;
  std::string why;
  OwnCgroup own = kTestWithoutCgroups ? OwnCgroup{} : FindOwnCgroup(&why);
  if (kTestWithoutCgroups) why = "ISOHOST_TEST_NO_CGROUP is set";
  std::string parent;
  if (!own.mount_point.empty()) parent = own.path == "/" ? own.mount_point : own.mount_point + own.path;
  std::string dir;
  if (!parent.empty()) {
    // A tree of an earlier process that had this pid and ended before its
    // keeper could remove it is taken over once it is empty.
    std::string base = parent + "/isohost-" + std::to_string(::getpid());
    for (int attempt = 0; attempt < 100 && dir.empty(); ++attempt) {
      std::string candidate = attempt == 0 ? base : base + "-" + std::to_string(attempt);
      if (::mkdir(candidate.c_str(), 0755) == 0) {
        dir = candidate;
      } else if (errno != EEXIST) {
        why = "cannot make a cgroup below " + parent + ": " + std::strerror(errno);
        break;
      }
    }
  }
  if (!dir.empty() && ::access((dir + "/cgroup.kill").c_str(), W_OK) != 0) {
    why = "the kernel has no cgroup.kill (Linux 5.14)";
    ::rmdir(dir.c_str());
    dir.clear();
  }
  base::UniqueFd keeper_pipe;
  if (!dir.empty()) {
    std::string keeper = worker_binary.substr(0, worker_binary.rfind('/') + 1) + "isohost-keeper";
    if (::access(keeper.c_str(), X_OK) != 0) {
      why = keeper + " is missing";
    } else {
      keeper_pipe = StartKeeper(keeper, dir, &why);
    }
    if (!keeper_pipe) {
      ::rmdir(dir.c_str());
      dir.clear();
    }
  }
  if (dir.empty()) {
    logger.debug("no cgroup for the workers ({}): a process a worker orphans is not ended with it", why);
    return nullptr;
  }
  // Never destroyed: its thread and its cgroups serve until the process
  // ends, and the keeper cleans up after that.
  static CgroupTree* const made = new CgroupTree(own.mount_point, std::move(dir), std::move(keeper_pipe));
  tree = std::shared_ptr<CgroupTree>(made, [](CgroupTree*) {});
  return tree;
}

CgroupTree::CgroupTree(std::string mount_point, std::string path, base::UniqueFd keeper_pipe)
    : mount_point_(std::move(mount_point)), path_(std::move(path)), keeper_pipe_(std::move(keeper_pipe)) {
  thread_ = std::thread([this] { Run(); });
}

std::string CgroupTree::AsSeenByProcesses(const std::string& path) const { return path.substr(mount_point_.size()); }

std::optional<std::string> CgroupTree::MakeOne() {
  std::uint64_t number;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    number = next_++;
  }
  std::string dir = path_ + "/w" + std::to_string(number);
  if (::mkdir(dir.c_str(), 0755) != 0) return std::nullopt;
  return dir;
}

std::optional<std::string> CgroupTree::MakeWorkerCgroup() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stock_failed_ = false;
    if (!stock_.empty()) {
      std::string dir = std::move(stock_.front());
      stock_.pop_front();
      work_.notify_one();  // to make another
      return dir;
    }
  }
  work_.notify_one();
  return MakeOne();
}

void CgroupTree::Adopt(int pid, const std::string& path) {
  std::lock_guard<std::mutex> lock(mutex_);
  tasks_.push_back(Task{Task::kAdopt, path, pid});
  work_.notify_one();
}

void CgroupTree::Release(const std::string& path) {
  std::lock_guard<std::mutex> lock(mutex_);
  tasks_.push_back(Task{Task::kRelease, path, 0});
  work_.notify_one();
}

void CgroupTree::Run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    // Nothing to do, or only cgroups still emptying: wait for work, or a
    // while before trying those again.
    auto idle = [this] { return tasks_.empty() && (stock_.size() >= kStock || stock_failed_); };
    if (busy_.empty()) {
      work_.wait(lock, [&] { return !idle(); });
    } else {
      work_.wait_for(lock, kBusyRetry, [&] { return !idle(); });
    }
    std::deque<Task> tasks = std::move(tasks_);
    tasks_.clear();
    std::vector<std::string> busy = std::move(busy_);
    busy_.clear();
    const bool restock = stock_.size() < kStock && !stock_failed_;
    lock.unlock();
    for (Task& task : tasks) {
      if (task.kind == Task::kAdopt) {
        // A process that ended already is not there to move (ESRCH), and
        // its release is queued after this. Its pid could name another
        // process only once the kernel has handed out every other pid
        // (pid_max: 32768 at least), far more than happen in the few ms a
        // move waits.
        WriteFile(task.path + "/cgroup.procs", std::to_string(task.pid));
        continue;
      }
      // A worker that left nothing behind (the usual case) needs no kill,
      // which waits for a grace period of the kernel: its empty cgroup just
      // goes (one that holds a process cannot: EBUSY).
      if (::rmdir(task.path.c_str()) == 0 || errno != EBUSY) continue;
      WriteFile(task.path + "/cgroup.kill", "1");
      if (::rmdir(task.path.c_str()) != 0 && errno == EBUSY) busy.push_back(task.path);
    }
    std::erase_if(busy, [](const std::string& dir) { return ::rmdir(dir.c_str()) == 0 || errno != EBUSY; });
    std::optional<std::string> made = restock ? MakeOne() : std::nullopt;
    lock.lock();
    busy_.insert(busy_.end(), busy.begin(), busy.end());
    if (made) stock_.push_back(std::move(*made));
    // A stock that cannot be made is not retried in a loop: the next
    // worker's MakeWorkerCgroup() has it tried again.
    if (restock && !made) stock_failed_ = true;
  }
}

std::optional<LaunchedProcess> KeepInCgroup(std::optional<LaunchedProcess> launched,
                                            const std::shared_ptr<CgroupTree>& tree) {
  if (!launched || !tree) return launched;
  std::optional<std::string> cgroup = tree->MakeWorkerCgroup();
  if (!cgroup) return launched;
  tree->Adopt(launched->pid, *cgroup);
  launched->cgroup = tree->AsSeenByProcesses(*cgroup);
  launched->watch = std::make_unique<CgroupWatch>(std::move(launched->watch), tree, *cgroup);
  return launched;
}

CgroupWatch::CgroupWatch(std::unique_ptr<ProcessWatch> process, std::shared_ptr<CgroupTree> tree, std::string path)
    : process_(std::move(process)), tree_(std::move(tree)), path_(std::move(path)) {}

CgroupWatch::~CgroupWatch() {
  process_.reset();  // kills a process still running, and reaps it
  ReleaseOnce();
}

void CgroupWatch::OnExit(std::function<void(int exit_status, int term_signal)> callback) {
  process_->OnExit([this, callback = std::move(callback)](int exit_status, int term_signal) {
    // What the worker left (a backgrounded grandchild) ends with it.
    ReleaseOnce();
    callback(exit_status, term_signal);  // may destroy this
  });
}

void CgroupWatch::ReleaseOnce() {
  if (released_) return;
  released_ = true;
  tree_->Release(path_);
}

}  // namespace isohost
