// isohost-js-cache: a build tool. Runs a worker runtime on a private channel
// through its bootstrap and a warm-up script, then writes a C++ file with
// the V8 code cache of every builtin it loaded (worker/loader/builtin_code_cache.h).
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "worker/runtime/runtime.h"
#include "worker/runtime/v8_init.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: isohost-js-cache OUTPUT.cc\n");
    return 2;
  }
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return 1;
  // Large buffers: nobody reads what the warm-up writes.
  int size = 4 << 20;
  setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
  setsockopt(fds[1], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  v8::Platform* platform = isohost::worker::InitializeV8({});
  std::string code;
  {
    isohost::worker::Runtime runtime(platform, fds[0]);
    // As a pooled worker, so that the cache has its warm-up's code too.
    if (!runtime.Initialize(/*warm_up=*/true)) return 1;
    if (!runtime.WarmUpAndWriteCodeCache(&code)) return 1;
  }
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << code;
  return out.good() ? 0 : 1;
}
