// Node's command line, `isohost [NODE-OPTIONS] FILE|-e CODE|-p CODE|- [ARGS...]`,
// read into what `isohost run` does: so that a script spawning
// process.execPath (the isohost CLI) gets what it would get from `node`.
#ifndef ISOHOST_HOST_CLI_NODE_COMMAND_LINE_H_
#define ISOHOST_HOST_CLI_NODE_COMMAND_LINE_H_

#include <string>
#include <string_view>

#include "host/cli/run_command.h"

namespace isohost::cli {

// Node's exit status for an option it does not take ("bad option").
constexpr int kBadOptionExitCode = 9;

// Whether `first` (argv[1]) starts Node's form rather than a subcommand or
// the CLI's own --help/--version.
bool IsNodeCommandLine(std::string_view first);

// Adds one Node option (not -e or -p) to `run`: a V8 flag to its V8 flags, and
// every option to its exec_argv. False with `*error` set for an option that
// is not Node's or that Isohost cannot honour. `isohost run --node-option`
// takes its options through here too.
bool ApplyNodeOption(std::string_view arg, RunOptions* run, std::string* error);

// Fills `run` from argv[1..argc). False with `*error` set (a line naming the
// option) for an option that is not Node's or that Isohost cannot honour,
// and for a missing script; the caller exits with kBadOptionExitCode. A
// script on stdin (`-`, or no script and stdin not a terminal) is read here.
bool ParseNodeCommandLine(int argc, char** argv, RunOptions* run, std::string* error);

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_NODE_COMMAND_LINE_H_
