#include "host/cli/permission_flags.h"

namespace isohost::cli {
namespace {

// "a,b" -> a, b (Node takes a list in one flag, and the flag again).
void AppendList(std::string_view list, std::vector<std::string>* out) {
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    if (!item.empty()) out->emplace_back(item);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

Permissions& ModelOf(std::optional<Permissions>* permissions) {
  if (!*permissions) permissions->emplace();
  return **permissions;
}

}  // namespace

void AddPermissionOptions(CLI::App* command, PermissionFlags& flags, double* cpu_time_s) {
  const char* group = "Permissions (docs/sandbox.md; any of them turns the model on, and what is not granted is refused)";
  command->add_flag("--sandbox", flags.sandbox,
                        "Nothing but the script's own directory, read only: no environment, no host cwd,\n"
                        "no processes, workers or sockets (the --allow-* flags add to it)")
      ->group(group);
  command->add_flag("--permission,--experimental-permission", flags.permission,
                        "Node's permission model: only what --allow-* grants (the environment stays)")
      ->group(group);
  // One value per occurrence: the script's path comes after them.
  command->add_option("--allow-fs-read", flags.fs_read, "Let the workers read PATH and below (A,B lists; * all)")
      ->allow_extra_args(false)
      ->group(group);
  command->add_option("--allow-fs-write", flags.fs_write, "Let the workers write PATH and below (A,B lists; * all)")
      ->allow_extra_args(false)
      ->group(group);
  command->add_option("--allow-env", flags.env, "Let the workers see these environment variables (A,B; none: all)")
      ->expected(0, 1)
      ->allow_extra_args(false)
      ->group(group);
  command->add_flag("--allow-child-process", flags.child_process, "Let the workers start processes")->group(group);
  command->add_flag("--allow-worker", flags.worker, "Let the workers start workers")->group(group);
  command->add_flag("--allow-net", flags.net, "Let the workers open network sockets")->group(group);
  command->add_flag("--allow-cwd", flags.cwd, "Let the workers start in (and see) the host's cwd")->group(group);
  if (cpu_time_s != nullptr) {
    command->add_option("--cpu-time", *cpu_time_s,
                        "Stop a worker that used more than S seconds of CPU time (reason cpu_time)")
        ->check(CLI::Range(0.001, 1e7));
  }
}

void ApplyPermissionFlags(const PermissionFlags& flags, const CLI::App& command,
                          std::optional<Permissions>* permissions) {
  bool env_given = command.count("--allow-env") > 0;
  bool any = flags.sandbox || flags.permission || !flags.fs_read.empty() || !flags.fs_write.empty() || env_given ||
             flags.child_process || flags.worker || flags.net || flags.cwd;
  if (!any) return;
  Permissions& model = ModelOf(permissions);
  if (flags.sandbox) model = Permissions::Sandbox();
  for (const std::string& item : flags.fs_read) AppendList(item, &model.fs_read);
  for (const std::string& item : flags.fs_write) AppendList(item, &model.fs_write);
  if (env_given) {
    model.env_names.clear();
    for (const std::string& item : flags.env) AppendList(item, &model.env_names);
    model.env = model.env_names.empty() ? EnvAccess::kAll : EnvAccess::kList;
  }
  model.child_process = model.child_process || flags.child_process;
  model.worker_threads = model.worker_threads || flags.worker;
  model.net = model.net || flags.net;
  if (flags.cwd) model.host_cwd = true;
}

bool ApplyNodePermissionOption(std::string_view arg, RunOptions* run) {
  auto value_of = [&](std::string_view name) -> std::optional<std::string_view> {
    if (arg.size() <= name.size() || !arg.starts_with(name) || arg[name.size()] != '=') return std::nullopt;
    return arg.substr(name.size() + 1);
  };
  if (arg == "--permission" || arg == "--experimental-permission") {
    ModelOf(&run->permissions);
  } else if (std::optional<std::string_view> list = value_of("--allow-fs-read")) {
    AppendList(*list, &ModelOf(&run->permissions).fs_read);
  } else if (std::optional<std::string_view> list = value_of("--allow-fs-write")) {
    AppendList(*list, &ModelOf(&run->permissions).fs_write);
  } else if (arg == "--allow-child-process") {
    ModelOf(&run->permissions).child_process = true;
  } else if (arg == "--allow-worker") {
    ModelOf(&run->permissions).worker_threads = true;
  } else {
    return false;
  }
  run->exec_argv.emplace_back(arg);
  return true;
}

}  // namespace isohost::cli
