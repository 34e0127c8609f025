// The path of a worker's script as Start carries it.
#ifndef ISOHOST_HOST_LAUNCH_SCRIPT_PATH_H_
#define ISOHOST_HOST_LAUNCH_SCRIPT_PATH_H_

#include <optional>
#include <string>

namespace isohost {

// `given` made absolute (against the working directory) and lexically
// normal, without a trailing slash, with its symbolic links kept: the
// worker resolves those as Node resolves its main module, and
// process.argv[1] is this path. An absolute path that is normal already,
// as most are, is taken as it is, at no cost to the spawn. Nullopt, saying
// why in `error`, when the working directory cannot be read.
std::optional<std::string> AbsoluteScriptPath(const std::string& given, std::string* error);

}  // namespace isohost

#endif  // ISOHOST_HOST_LAUNCH_SCRIPT_PATH_H_
