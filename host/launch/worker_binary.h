// Where the isohost-worker executable is.
#ifndef ISOHOST_HOST_LAUNCH_WORKER_BINARY_H_
#define ISOHOST_HOST_LAUNCH_WORKER_BINARY_H_

#include <string>

namespace isohost {

// $ISOHOST_WORKER if set, else isohost-worker beside the running executable,
// else beside it under ../libexec (an installed tree). Empty if none exists.
std::string FindWorkerBinary();

// process.execPath of a worker run by `worker_binary`: the isohost CLI beside
// it, which takes Node's command line (`isohost -e CODE`, `isohost FILE`), so
// that a script that spawns process.execPath runs JavaScript as under Node;
// the worker binary itself if there is no CLI there.
// Asked once per binary: a spawn does not look for the CLI again.
std::string ExecPathFor(const std::string& worker_binary);

// Whether `path` is an executable file. A yes is remembered for the life of
// the process, so a spawn costs no lookup once its binary was found; a no is
// asked again (the binary may be installed meanwhile).
bool IsExecutable(const std::string& path);

}  // namespace isohost

#endif  // ISOHOST_HOST_LAUNCH_WORKER_BINARY_H_
