#include "host/cli/node_command_line.h"

#include "host/cli/permission_flags.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <optional>

namespace isohost::cli {
namespace {

// What isohost's own command line starts with; anything else is Node's form.
constexpr std::string_view kOwnFirstArguments[] = {"run", "pool", "--help", "-h", "--version", "-v"};

// Node options that the worker's JavaScript honours; they reach it as
// process.execArgv, which worker/js/process.js copies for the builtins.
constexpr std::string_view kProcessOptions[] = {
    "--no-warnings",          "--no-deprecation",        "--throw-deprecation",
    "--pending-deprecation",  "--trace-deprecation",     "--trace-warnings",
    "--zero-fill-buffers",    "--experimental-vm-modules", "--experimental-require-module",
    "--no-experimental-require-module"};

// Lets the script require the runtime's own internal/* modules
// (worker/js/internal/modules/builtins.js reads it from process.execArgv).
constexpr std::string_view kExposeInternals = "--expose-internals";

// Node's options naming a module of customization hooks, taken as
// "--NAME=URL" (or "--NAME URL" on Node's command line); the worker registers
// them (worker/js/internal/modules/esm/hooks.js).
constexpr std::string_view kLoaderOptions[] = {"--experimental-loader", "--loader"};

bool IsLoaderOption(std::string_view arg) {
  for (std::string_view option : kLoaderOptions) {
    if (arg == option) return true;
  }
  return false;
}

// V8 flags that Node hands to V8 as they are and that mean the same to a worker.
constexpr std::string_view kV8Flags[] = {"--expose-gc", "--expose_gc", "--allow-natives-syntax",
                                         "--allow_natives_syntax"};

// The largest --max-old-space-size, as `isohost run --max-old-space` takes.
constexpr unsigned kLargestOldSpaceMb = 1u << 20;

// "--NAME=VALUE" (or with '_' for '-', as V8 spells it) -> VALUE.
std::optional<std::string_view> ValueOf(std::string_view arg, std::string_view name) {
  if (arg.size() <= name.size() || arg[name.size()] != '=') return std::nullopt;
  for (std::size_t i = 0; i < name.size(); ++i) {
    char expected = name[i];
    if (arg[i] != expected && !(expected == '-' && i > 1 && arg[i] == '_')) return std::nullopt;
  }
  return arg.substr(name.size() + 1);
}

std::optional<unsigned> PositiveNumber(std::string_view text) {
  unsigned value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value == 0) return std::nullopt;
  return value;
}

bool IsV8Flag(std::string_view arg) {
  for (std::string_view flag : kV8Flags) {
    if (arg == flag) return true;
  }
  if (arg.starts_with("--harmony")) return true;
  std::optional<std::string_view> stack_size = ValueOf(arg, "--stack-size");
  return stack_size && PositiveNumber(*stack_size);
}

bool IsProcessOption(std::string_view arg) {
  for (std::string_view option : kProcessOptions) {
    if (arg == option) return true;
  }
  return false;
}

bool ReadAll(int fd, std::string* out, std::string* error) {
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) return true;
    if (n < 0) {
      if (errno == EINTR) continue;
      *error = "isohost: cannot read the script from stdin";
      return false;
    }
    out->append(buffer, static_cast<std::size_t>(n));
  }
}

}  // namespace

bool IsNodeCommandLine(std::string_view first) {
  for (std::string_view own : kOwnFirstArguments) {
    if (first == own) return false;
  }
  return true;
}

bool ApplyNodeOption(std::string_view arg, RunOptions* run, std::string* error) {
  if (std::optional<std::string_view> mb = ValueOf(arg, "--max-old-space-size")) {
    std::optional<unsigned> value = PositiveNumber(*mb);
    if (!value || *value > kLargestOldSpaceMb) {
      *error = "isohost: " + std::string(arg) + ": the size must be a number of MB from 1 to " +
               std::to_string(kLargestOldSpaceMb);
      return false;
    }
    run->max_old_space_mb = *value;
    run->exec_argv.emplace_back(arg);
    return true;
  }
  if (IsV8Flag(arg)) {
    run->v8_flags.emplace_back(arg);
    run->exec_argv.emplace_back(arg);
    return true;
  }
  if (ApplyNodePermissionOption(arg, run)) return true;
  if (IsProcessOption(arg) || arg == kExposeInternals) {
    run->exec_argv.emplace_back(arg);
    return true;
  }
  for (std::string_view option : kLoaderOptions) {
    std::optional<std::string_view> url = ValueOf(arg, option);
    if (url && !url->empty()) {
      run->exec_argv.emplace_back(arg);
      return true;
    }
  }
  *error = "isohost: bad option: " + std::string(arg) +
           " (Node options isohost takes: -e, -p, --expose-gc, --allow-natives-syntax, --stack-size=N, "
           "--harmony*, --max-old-space-size=MB, --no-warnings, --no-deprecation, --throw-deprecation, "
           "--pending-deprecation, --trace-deprecation, --trace-warnings, --zero-fill-buffers, "
           "--experimental-vm-modules, --[no-]experimental-require-module, --expose-internals, "
           "--experimental-loader=URL, --loader=URL, --permission, --allow-fs-read=, --allow-fs-write=, "
           "--allow-child-process, --allow-worker; see isohost --help)";
  return false;
}

bool ParseNodeCommandLine(int argc, char** argv, RunOptions* run, std::string* error) {
  bool script_on_stdin = false;
  int i = 1;
  for (; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg == "-") {
      script_on_stdin = true;
      ++i;
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') break;  // the script

    // Node's -e and -p, with their code as the next argument or after '='.
    // They are not in execArgv: a child forked with it runs its module.
    bool eval = arg == "-e" || arg == "--eval";
    bool print = arg == "-p" || arg == "--print" || arg == "-pe" || arg == "-ep";
    if (eval || print) {
      if (i + 1 >= argc) {
        *error = "isohost: " + std::string(arg) + " requires an argument";
        return false;
      }
      run->source = argv[++i];
      run->source_kind = print ? SourceKind::kPrint : SourceKind::kEval;
      continue;
    }
    if (std::optional<std::string_view> code = ValueOf(arg, "--eval")) {
      run->source = std::string(*code);
      run->source_kind = SourceKind::kEval;
      continue;
    }
    if (std::optional<std::string_view> code = ValueOf(arg, "--print")) {
      run->source = std::string(*code);
      run->source_kind = SourceKind::kPrint;
      continue;
    }

    if (IsLoaderOption(arg)) {
      if (i + 1 >= argc) {
        *error = "isohost: " + std::string(arg) + " requires an argument";
        return false;
      }
      if (!ApplyNodeOption(std::string(arg) + "=" + argv[++i], run, error)) return false;
      continue;
    }

    if (!ApplyNodeOption(arg, run, error)) return false;
  }

  if (run->source) {
    // `-e CODE A B`: A and B are the script's arguments, as under Node.
  } else if (script_on_stdin || (i >= argc && ::isatty(STDIN_FILENO) == 0)) {
    std::string source;
    if (!ReadAll(STDIN_FILENO, &source, error)) return false;
    run->source = std::move(source);
    run->source_kind = SourceKind::kStdin;
  } else if (i < argc) {
    run->script = argv[i++];
  } else {
    *error = "isohost: no script given (isohost has no REPL); see isohost --help";
    return false;
  }
  run->script_args.assign(argv + i, argv + argc);
  return true;
}

}  // namespace isohost::cli
