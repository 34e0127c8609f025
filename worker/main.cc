// isohost-worker: one JavaScript worker process. Started by the host with the
// channel on fd 3; everything it runs arrives over that channel.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "worker/runtime.h"

int main(int argc, char** argv) {
  std::vector<std::string> v8_flags;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0) {
      std::puts("usage: isohost-worker [V8 flags]\n"
                "Runs one Isohost worker; started by the isohost host, which passes the\n"
                "channel on fd 3. Not meant to be run by hand.");
      return 0;
    }
    v8_flags.emplace_back(argv[i]);
  }
  return isohost::worker::RunWorker(v8_flags);
}
