#include "host/cli/node_command_line.h"

#include "host/cli/permission_flags.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace isohost::cli {
namespace {

// What isohost's own command line starts with; anything else is Node's form.
constexpr std::string_view kOwnFirstArguments[] = {"run", "pool", "--help", "-h", "--version", "-v"};

// Node options that the worker's JavaScript honours; they reach it as
// process.execArgv, which worker/js/internal/process/object.js copies for the builtins.
constexpr std::string_view kProcessOptions[] = {
    "--no-warnings",          "--no-deprecation",        "--throw-deprecation",
    "--pending-deprecation",  "--trace-deprecation",     "--trace-warnings",
    "--zero-fill-buffers",    "--experimental-vm-modules", "--experimental-require-module",
    "--no-experimental-require-module",
    // The module loaders' (worker/js/internal/modules/options.js reads them).
    "--preserve-symlinks", "--preserve-symlinks-main", "--experimental-detect-module",
    "--no-experimental-detect-module", "--experimental-import-meta-resolve", "--no-addons",
    "--check", "-c",
    // worker/js/internal/process/uncaught.js: an uncaught exception aborts the worker.
    "--abort-on-uncaught-exception",
    // worker/js/internal/process/object.js: process.exit() writes where it was called.
    "--trace-exit"};

// Node options that take a value, given as `--name=VALUE` or `--name VALUE`
// (`-r VALUE`, `-C VALUE`); `values` lists what the value may be, when Node
// restricts it, and `invalid` is Node's complaint about another.
struct ValueOption {
  std::string_view name;
  std::string_view alias;
  std::initializer_list<std::string_view> values;
  std::string_view invalid;
};
const ValueOption kValueOptions[] = {
    {"--import", "", {}, ""},
    {"--require", "-r", {}, ""},
    {"--conditions", "-C", {}, ""},
    {"--input-type", "", {"module", "commonjs"}, "--input-type must be \"module\" or \"commonjs\""},
    {"--trace-require-module", "", {"all", "no-node-modules"}, "invalid value for --trace-require-module"},
    // Modules of customization hooks; the worker registers them
    // (worker/js/internal/modules/esm/hooks.js).
    {"--experimental-loader", "", {}, ""},
    {"--loader", "", {}, ""},
    // The process's title (process.title reads it).
    {"--title", "", {}, ""},
    // Warnings not to write, by code or name (worker/js/internal/process/object.js).
    {"--disable-warning", "", {}, ""},
};

// Lets the script require the runtime's own internal/* modules
// (worker/js/internal/modules/builtins.js reads it from process.execArgv).
constexpr std::string_view kExposeInternals = "--expose-internals";

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

// The value option `arg` names (as `--name` or its alias, with or without
// `=VALUE`), or nullptr.
const ValueOption* FindValueOption(std::string_view arg, std::optional<std::string_view>* value) {
  for (const ValueOption& option : kValueOptions) {
    for (std::string_view name : {option.name, option.alias}) {
      if (name.empty() || !arg.starts_with(name)) continue;
      if (arg.size() == name.size()) {
        *value = std::nullopt;
        return &option;
      }
      if (arg[name.size()] == '=') {
        *value = arg.substr(name.size() + 1);
        return &option;
      }
    }
  }
  return nullptr;
}

bool CheckValue(const ValueOption& option, std::string_view value, std::string* error) {
  if (option.values.size() == 0) return true;
  for (std::string_view allowed : option.values) {
    if (value == allowed) return true;
  }
  *error = "isohost: " + std::string(option.invalid);
  return false;
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

// NODE_OPTIONS, split as Node splits it: at spaces, except inside double
// quotes, where a backslash escapes the next character.
bool SplitNodeOptions(std::string_view text, std::vector<std::string>* out) {
  std::string current;
  bool in_word = false;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted && c == '\\' && i + 1 < text.size()) {
      current += text[++i];
    } else if (c == '"') {
      quoted = !quoted;
      in_word = true;
    } else if (c == ' ' && !quoted) {
      if (in_word) out->push_back(std::move(current));
      current.clear();
      in_word = false;
    } else {
      current += c;
      in_word = true;
    }
  }
  if (quoted) return false;
  if (in_word) out->push_back(std::move(current));
  return true;
}

// Node reads options from NODE_OPTIONS before its command line, and they are
// not in process.execArgv. Here they are checked, and the V8 flags and heap
// limit among them applied; the worker's JavaScript reads the others from its
// environment, which is ours.
bool ApplyNodeOptionsVariable(RunOptions* run, std::string* error) {
  const char* variable = std::getenv("NODE_OPTIONS");
  if (variable == nullptr) return true;
  std::vector<std::string> words;
  if (!SplitNodeOptions(variable, &words)) {
    *error = "isohost: invalid value for NODE_OPTIONS (unterminated string)";
    return false;
  }
  RunOptions scratch;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string option = words[i];
    std::optional<std::string_view> value;
    if (FindValueOption(option, &value) != nullptr && !value && i + 1 < words.size()) {
      option += "=" + words[++i];
    }
    if (!ApplyNodeOption(option, &scratch, error)) return false;
  }
  run->v8_flags.insert(run->v8_flags.end(), scratch.v8_flags.begin(), scratch.v8_flags.end());
  if (scratch.max_old_space_mb != 0) run->max_old_space_mb = scratch.max_old_space_mb;
  return true;
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
  std::optional<std::string_view> value;
  if (const ValueOption* option = FindValueOption(arg, &value)) {
    if (!value) {
      *error = "isohost: " + std::string(arg) + " requires an argument";
      return false;
    }
    if (!CheckValue(*option, *value, error)) return false;
    run->exec_argv.emplace_back(arg);
    return true;
  }
  *error = "isohost: bad option: " + std::string(arg) +
           " (Node options isohost takes: -e, -p, --expose-gc, --allow-natives-syntax, --stack-size=N, "
           "--harmony*, --max-old-space-size=MB, --no-warnings, --no-deprecation, --throw-deprecation, "
           "--pending-deprecation, --trace-deprecation, --trace-warnings, --zero-fill-buffers, "
           "--experimental-vm-modules, --[no-]experimental-require-module, --expose-internals, --import, "
           "-r/--require, -C/--conditions, --input-type, --preserve-symlinks[-main], "
           "--[no-]experimental-detect-module, --trace-require-module, -c/--check, --abort-on-uncaught-exception, "
           "--experimental-loader, --loader, --title, --trace-exit, --disable-warning, --permission, "
           "--allow-fs-read=, --allow-fs-write=, --allow-child-process, --allow-worker; see isohost --help)";
  return false;
}

bool ParseNodeCommandLine(int argc, char** argv, RunOptions* run, std::string* error) {
  if (!ApplyNodeOptionsVariable(run, error)) return false;
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

    // `--import X`: the option and its value, two entries of execArgv as
    // under Node.
    std::optional<std::string_view> value;
    if (const ValueOption* option = FindValueOption(arg, &value); option != nullptr && !value) {
      if (i + 1 >= argc) {
        *error = "isohost: " + std::string(arg) + " requires an argument";
        return false;
      }
      if (!CheckValue(*option, argv[i + 1], error)) return false;
      run->exec_argv.emplace_back(arg);
      run->exec_argv.emplace_back(argv[++i]);
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
