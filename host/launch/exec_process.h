// A child process started with libuv (posix_spawn), watched until it ends.
#ifndef ISOHOST_HOST_LAUNCH_EXEC_PROCESS_H_
#define ISOHOST_HOST_LAUNCH_EXEC_PROCESS_H_

#include <uv.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "host/launch/exit_notice.h"
#include "host/launch/launcher.h"
#include "base/uv_handle.h"

namespace isohost {

class ExecWatch final : public ProcessWatch {
 public:
  // Starts `args[0]` with `fds` as its fds 1, 2 and 3 (fd 0 is /dev/null),
  // in this process's environment plus `extra_env` ("NAME=value" entries).
  // Returns null and sets `error` when it cannot.
  static std::unique_ptr<ExecWatch> Spawn(uv_loop_t* loop, const std::vector<std::string>& args,
                                          const int fds[3], std::string* error,
                                          const std::vector<std::string>& extra_env = {});
  ~ExecWatch() override;

  void OnExit(std::function<void(int exit_status, int term_signal)> callback) override;
  bool running() const override { return exit_.running(); }
  void Kill(int signal) override;
  int pid() { return handle_.pid(); }
  // The process alone no longer keeps the loop running (the zygote).
  void Unref() { handle_.SetReferenced(false); }
  // Blocks until the process exits by itself, at most `timeout_ms`; reaps it
  // if it did. Returns whether it is gone.
  bool WaitForExit(int timeout_ms);

 private:
  explicit ExecWatch(uv_loop_t* loop) : handle_(loop), exit_(loop) {}
  static void OnProcessExit(uv_process_t* handle, int64_t exit_status, int term_signal);

  base::ProcessHandle handle_;
  ExitNotice exit_;
};

}  // namespace isohost

#endif  // ISOHOST_HOST_LAUNCH_EXEC_PROCESS_H_
