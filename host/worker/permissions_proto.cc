#include "host/worker/permissions_proto.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace isohost {
namespace {

// An absolute, lexically normal form of `path` (symbolic links are left as
// they are: the worker's JS compares paths as written, the kernel follows
// links to what they name).
bool Absolute(const std::string& path, std::string* out, std::string* error) {
  if (path == "*") {
    *out = path;
    return true;
  }
  if (path.empty()) {
    *error = "an empty path cannot be granted";
    return false;
  }
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  if (ec) {
    *error = "cannot make '" + path + "' absolute: " + ec.message();
    return false;
  }
  std::string normal = absolute.lexically_normal().string();
  if (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  *out = std::move(normal);
  return true;
}

bool AddRoots(const std::vector<std::string>& roots, google::protobuf::RepeatedPtrField<std::string>* out,
              std::string* error) {
  for (const std::string& root : roots) {
    std::string absolute;
    if (!Absolute(root, &absolute, error)) return false;
    *out->Add() = std::move(absolute);
  }
  return true;
}

std::string DirectoryOf(const std::string& path) {
  std::size_t slash = path.rfind('/');
  if (slash == std::string::npos || slash == 0) return "/";
  return path.substr(0, slash);
}

}  // namespace

bool ToProto(const Permissions& permissions, const std::string& script_path, proto::Permissions* out,
             std::string* error) {
  if (!AddRoots(permissions.fs_read, out->mutable_fs_read(), error) ||
      !AddRoots(permissions.fs_write, out->mutable_fs_write(), error)) {
    return false;
  }
  if (!script_path.empty()) {
    // The entry is always readable, as under Node.
    *out->add_fs_read() = script_path;
    if (permissions.read_script_dir) *out->add_fs_read() = DirectoryOf(script_path);
  }
  out->set_child_process(permissions.child_process);
  out->set_worker_threads(permissions.worker_threads);
  out->set_net(permissions.net);
  if (!permissions.host_cwd) out->set_work_dir(script_path.empty() ? "/" : DirectoryOf(script_path));
  out->set_max_open_files(permissions.max_open_files);
  out->set_max_file_size(permissions.max_file_size);
  return true;
}

bool EnvGranted(const Permissions& permissions, const std::string& name) {
  switch (permissions.env) {
    case EnvAccess::kAll: return true;
    case EnvAccess::kNone: return false;
    case EnvAccess::kList:
      return std::find(permissions.env_names.begin(), permissions.env_names.end(), name) !=
             permissions.env_names.end();
  }
  return false;
}

}  // namespace isohost
