// The cgroups that tie every process a worker starts to the worker and to
// the host (docs/sandbox.md, "Processes that outlive their host"). One tree
// per host process: a cgroup of its own below the host's, `isohost-<pid>`,
// and one below that per worker process. The host moves each worker into
// its cgroup once launched (the worker starts no child before it is there,
// worker/runtime/cgroup_wait.h), so that its children, their children and the
// orphans any of them leave are all in it, whatever they do (fork, setsid,
// reparenting): once the worker has ended, the host kills what is left in
// its cgroup; when the host ends, however it ends, the keeper
// (isohost-keeper) kills what is left in the tree and removes it.
//
// Needs a cgroup v2 hierarchy the host may write (root, or a delegated
// subtree) and Linux 5.14's cgroup.kill. Without them there is no tree: a
// worker's children still die with it (their parent-death signal), but a
// process they orphaned does not.
#ifndef ISOHOST_HOST_LAUNCH_CGROUP_TREE_H_
#define ISOHOST_HOST_LAUNCH_CGROUP_TREE_H_

#include <spdlog/logger.h>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "host/launch/launcher.h"
#include "base/unique_fd.h"

namespace isohost {

class CgroupTree {
 public:
  // The process's tree, made (with its keeper) at the first call; null when
  // the host can make no cgroup, which `logger` is told once. Any thread.
  static std::shared_ptr<CgroupTree> ForThisProcess(const std::string& worker_binary, spdlog::logger& logger);

  CgroupTree(const CgroupTree&) = delete;
  CgroupTree& operator=(const CgroupTree&) = delete;

  // An empty cgroup for one worker process, from a stock made ahead on the
  // tree's own thread (made here only when the stock is out); nullopt when
  // none can be made (the worker then runs in the host's cgroup).
  std::optional<std::string> MakeWorkerCgroup();
  // Moves process `pid` (just launched, alive) into the cgroup `path`, on
  // the tree's thread: a move waits for a grace period of the kernel when
  // none happened lately (10-20 ms), which no caller's loop should.
  void Adopt(int pid, const std::string& path);
  // Hands a worker's cgroup back once its process has ended: the tree's
  // thread kills what is left in it and removes it. Never blocks the caller.
  void Release(const std::string& path);
  // `path` as /proc/<pid>/cgroup shows it: relative to the hierarchy's root.
  std::string AsSeenByProcesses(const std::string& path) const;

  const std::string& path() const { return path_; }

 private:
  CgroupTree(std::string mount_point, std::string path, base::UniqueFd keeper_pipe);
  // The tree's thread: cgroupfs calls can wait for a grace period of the
  // kernel (~10-20 ms, while any process moves between cgroups), so none is
  // made on a caller's loop.
  void Run();
  std::optional<std::string> MakeOne();

  const std::string mount_point_;  // of the cgroup v2 hierarchy
  const std::string path_;
  // The write end of the keeper's pipe: never written, closed only when the
  // process ends, which is what the keeper waits for.
  base::UniqueFd keeper_pipe_;
  std::mutex mutex_;  // guards everything below (the tree serves every loop of the process)
  std::condition_variable work_;
  std::uint64_t next_ = 0;
  std::deque<std::string> stock_;  // made, empty, for the next workers
  bool stock_failed_ = false;      // the last attempt to add to it failed
  // Moves and releases, in the order asked: a worker that ends at once is
  // moved (or found gone) before its cgroup goes.
  struct Task {
    enum Kind { kAdopt, kRelease } kind;
    std::string path;
    int pid = 0;  // kAdopt
  };
  std::deque<Task> tasks_;
  std::vector<std::string> busy_;  // killed, still emptying: removed later
  std::thread thread_;  // runs Run(); the tree lives as long as the process
};

// A launched process whose cgroup is released once it has ended (its exit
// seen, or its watch destroyed, which kills and reaps it first).
class CgroupWatch : public ProcessWatch {
 public:
  CgroupWatch(std::unique_ptr<ProcessWatch> process, std::shared_ptr<CgroupTree> tree, std::string path);
  ~CgroupWatch() override;

  void OnExit(std::function<void(int exit_status, int term_signal)> callback) override;
  bool running() const override { return process_->running(); }
  void Kill(int signal) override { process_->Kill(signal); }

 private:
  void ReleaseOnce();

  std::unique_ptr<ProcessWatch> process_;
  std::shared_ptr<CgroupTree> tree_;
  std::string path_;
  bool released_ = false;
};

// Makes a cgroup of `tree` (when there is one) for the process `launched`
// (when the launch succeeded), moves it there, and gives it a watch that
// releases the cgroup once the process has ended.
std::optional<LaunchedProcess> KeepInCgroup(std::optional<LaunchedProcess> launched,
                                            const std::shared_ptr<CgroupTree>& tree);

}  // namespace isohost

#endif  // ISOHOST_HOST_LAUNCH_CGROUP_TREE_H_
