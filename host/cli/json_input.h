// JSON given to the CLI (a pool's task lines, --worker-data, --send) made
// into structured-clone bytes. Every failure is an error for that input
// alone: none escapes as an exception (tests/fuzz/json_input_fuzzer.cc).
#ifndef ISOHOST_HOST_CLI_JSON_INPUT_H_
#define ISOHOST_HOST_CLI_JSON_INPUT_H_

#include <string>
#include <string_view>

namespace isohost::cli {

// Returns false, saying why in `error`, when `json` is not one JSON value a
// message can carry (a syntax error, a number beyond a double's range,
// nesting deeper than a message may hold).
bool JsonToCloneBytes(std::string_view json, std::string* bytes, std::string* error);

}  // namespace isohost::cli

#endif  // ISOHOST_HOST_CLI_JSON_INPUT_H_
