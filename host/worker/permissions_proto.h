// The host's half of the permission model: WorkerOptions::permissions made
// into the Start frame's Permissions and environment. Used by Worker::Impl.
#ifndef ISOHOST_HOST_WORKER_PERMISSIONS_PROTO_H_
#define ISOHOST_HOST_WORKER_PERMISSIONS_PROTO_H_

#include <map>
#include <optional>
#include <string>

#include "isohost.pb.h"
#include "isohost/permissions.h"

namespace isohost {

// The grant as the worker takes it: roots made absolute (from the host's
// cwd), the entry script's file (and, for the preset, its directory) added,
// the worker's directory chosen. `script_path` is absolute or empty (source
// text). False, with the reason in `error`, when a root cannot be made absolute.
bool ToProto(const Permissions& permissions, const std::string& script_path, proto::Permissions* out,
             std::string* error);

// Whether the worker sees environment variable `name`.
bool EnvGranted(const Permissions& permissions, const std::string& name);

}  // namespace isohost

#endif  // ISOHOST_HOST_WORKER_PERMISSIONS_PROTO_H_
