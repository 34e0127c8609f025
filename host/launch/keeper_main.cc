// isohost-keeper: ends what a host leaves behind. Each host (each Launcher)
// that can make a cgroup starts one, which waits for its pipe on fd 0 to
// close: the host let it go, or the host died, however (SIGKILL, the OOM
// killer). It then kills everything in the host's cgroup, which holds every
// worker and every process a worker started, their children and orphans
// included (a process cannot leave a cgroup by forking, reparenting or
// setsid), waits for the cgroup to empty, and removes it and the workers'
// cgroups below it.
//
//   isohost-keeper CGROUP_DIR      (fd 0: the read end of the host's pipe)
//
// Built without libnode, so it costs a fork, an exec and a few pages. It is
// in a session of its own and ignores the signals a terminal or a process
// group gets, so that a Ctrl-C that reaches the host's group, or a kill of
// it, does not end it before it has done its work.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

namespace {

constexpr int kEmptyWaitMs = 2000;

bool WriteFile(const std::string& path, const char* text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = ::write(fd, text, std::strlen(text)) == static_cast<ssize_t>(std::strlen(text));
  ::close(fd);
  return ok;
}

// Whether the cgroup (and all below it) holds no process any more.
bool Empty(const std::string& dir) {
  int fd = ::open((dir + "/cgroup.events").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return true;  // gone already
  char text[256];
  ssize_t n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return true;
  text[n] = '\0';
  return std::strstr(text, "populated 0") != nullptr;
}

void SleepMs(int ms) {
  timespec ts{ms / 1000, (ms % 1000) * 1000000L};
  while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

// Removes the cgroups below `dir` (workers' cgroups have none of their own),
// then `dir`.
void RemoveTree(const std::string& dir) {
  if (DIR* listing = ::opendir(dir.c_str())) {
    while (dirent* entry = ::readdir(listing)) {
      if (entry->d_type != DT_DIR || entry->d_name[0] == '.') continue;
      ::rmdir((dir + "/" + entry->d_name).c_str());
    }
    ::closedir(listing);
  }
  ::rmdir(dir.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: isohost-keeper CGROUP_DIR (fd 0: the host's pipe)\n");
    return 2;
  }
  const std::string dir = argv[1];
  ::setsid();
  for (int signal : {SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU}) ::signal(signal, SIG_IGN);
  // Nothing of the host but the pipe (the host gives it /dev/null as stdout
  // and stderr): no other descriptor of its, a terminal or a socket, is kept
  // open by this process.
  ::close_range(3, ~0U, 0);

  char byte;
  while (true) {
    ssize_t n = ::read(STDIN_FILENO, &byte, 1);
    if (n == 0 || (n < 0 && errno != EINTR)) break;  // the host is gone, or let us go
  }
  // cgroup.kill (Linux 5.14) kills every process in the tree at once; where
  // it is missing, nothing else would find them all, and the tree is left.
  if (WriteFile(dir + "/cgroup.kill", "1")) {
    for (int waited = 0; waited < kEmptyWaitMs && !Empty(dir); waited += 5) SleepMs(5);
  }
  RemoveTree(dir);
  return 0;
}
