#include "host/launch/exec_process.h"

#include <signal.h>
#include <sys/wait.h>

#include <unistd.h>

#include <cerrno>

namespace isohost {

std::unique_ptr<ExecWatch> ExecWatch::Spawn(uv_loop_t* loop, const std::vector<std::string>& args,
                                             const int fds[3], std::string* error,
                                             const std::vector<std::string>& extra_env) {
  std::unique_ptr<ExecWatch> watch(new ExecWatch(loop));
  std::vector<std::string> storage = args;
  std::vector<char*> argv;
  for (std::string& arg : storage) argv.push_back(arg.data());
  argv.push_back(nullptr);

  uv_stdio_container_t stdio[4];
  stdio[0].flags = UV_IGNORE;
  for (int i = 0; i < 3; ++i) {
    stdio[i + 1].flags = UV_INHERIT_FD;
    stdio[i + 1].data.fd = fds[i];
  }
  uv_process_options_t options{};
  options.file = argv[0];
  options.args = argv.data();
  options.stdio = stdio;
  options.stdio_count = 4;
  options.exit_cb = &ExecWatch::OnProcessExit;
  std::vector<std::string> env_storage;
  std::vector<char*> env;
  if (!extra_env.empty()) {
    for (char** var = environ; *var != nullptr; ++var) env_storage.emplace_back(*var);
    env_storage.insert(env_storage.end(), extra_env.begin(), extra_env.end());
    for (std::string& var : env_storage) env.push_back(var.data());
    env.push_back(nullptr);
    options.env = env.data();
  }
  int rc = watch->handle_.Spawn(&options, watch.get());
  if (rc != 0) {
    *error = "cannot start " + args[0] + ": " + uv_strerror(rc);
    return nullptr;
  }
  watch->exit_.Started();
  // Until somebody waits for its exit (OnExit), a process alone does not keep
  // the loop running: pooled workers and the zygote wait without doing so.
  watch->Unref();
  return watch;
}

ExecWatch::~ExecWatch() {
  if (exit_.running()) {
    int pid = handle_.pid();
    ::kill(pid, SIGKILL);
    // Once the handle is closed libuv no longer reaps this child: reap it
    // here so that it never lingers as a zombie.
    int status;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
}

void ExecWatch::OnExit(std::function<void(int, int)> callback) {
  handle_.SetReferenced(true);
  exit_.Listen(std::move(callback));
}

bool ExecWatch::WaitForExit(int timeout_ms) {
  if (!exit_.running()) return true;
  for (int waited = 0; waited <= timeout_ms; waited += 1) {
    int status;
    pid_t pid = ::waitpid(handle_.pid(), &status, WNOHANG);
    if (pid == handle_.pid()) {
      exit_.Record(WIFEXITED(status) ? WEXITSTATUS(status) : 0, WIFSIGNALED(status) ? WTERMSIG(status) : 0);
      return true;
    }
    ::usleep(1000);
  }
  return false;
}

void ExecWatch::Kill(int signal) {
  if (exit_.running()) ::kill(handle_.pid(), signal);
}

void ExecWatch::OnProcessExit(uv_process_t* handle, int64_t exit_status, int term_signal) {
  auto* self = static_cast<ExecWatch*>(handle->data);
  if (self == nullptr) return;
  self->exit_.Exited(static_cast<int>(exit_status), term_signal);  // may destroy self
}

}  // namespace isohost
