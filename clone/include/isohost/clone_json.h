// Converts between structured-clone values and JSON for the host CLI: JSON
// given with --send / --worker-data becomes a value to Encode, and a decoded
// message becomes JSON for --print-messages.
//
// JSON to value, as JSON.parse would build it:
//   null, true/false, strings   -> the same
//   numbers                     -> kInt32 when integral and in int32 range
//                                  (a Smi in V8), else kDouble
//   arrays                      -> dense arrays
//   objects                     -> plain objects, key order kept; a key that
//                                  is an array index ("0", "17") becomes a
//                                  number key, as V8 writes it
//
// Value to JSON, close to JSON.stringify but lossy in the direction of
// showing more, since this is for people reading messages:
//   undefined, holes            -> null (also as property values, which
//                                  JSON.stringify would drop)
//   NaN, +-Infinity             -> null; -0 -> 0 (as JSON.stringify)
//   integral doubles            -> integers (2.0 prints as 2, as in JS)
//   BigInt                      -> string "123n"; past 16 KiB of magnitude
//                                  "0x...n" (valid BigInt syntax too), since
//                                  decimal conversion is quadratic
//   strings                     -> the same; lone surrogates become U+FFFD
//   number keys                 -> their JS spelling ("1", "4294967294")
//   dense array                 -> array; named properties dropped (as
//                                  JSON.stringify)
//   sparse array                -> array of `length` with null in the gaps
//   Date                        -> toISOString(), null when invalid
//   RegExp                      -> string "/pattern/flags"
//   Map                         -> array of [key, value] pairs
//   Set                         -> array of values
//   ArrayBuffer, DataView       -> array of byte values
//   typed array                 -> array of its elements (BigInt elements as
//                                  "123n" strings, NaN as null)
//   Error                       -> {"name", "message", "stack", "cause"}, each
//                                  present only if the error has it
//   new Number(1) etc.          -> the primitive
//   a reference to an object being printed (a cycle) -> "[Circular]"
//   other shared references     -> printed again in full, as JSON.stringify
//   a dangling back reference   -> null
// A sender can make that last rule exponential ([a, a] where a = [b, b] ...)
// or a sparse array's length huge, so output is bounded by CloneJsonOptions;
// past a bound, the rest of a container becomes one "[Truncated]" marker (the
// last array element, or the value of a "[Truncated]" key).

#ifndef ISOHOST_CLONE_JSON_H_
#define ISOHOST_CLONE_JSON_H_

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "isohost/clone_codec.h"
#include "isohost/clone_value.h"

namespace isohost::clone {

struct CloneJsonOptions {
  // Objects nested deeper than this print as "[Truncated]". Decode bounds
  // nesting, but following references can lead deeper.
  int max_depth = kMaxCloneDepth;
  // At most this many values (array slots and bytes included) are printed.
  size_t max_values = 1'000'000;
};

// ordered_json keeps object keys in insertion order, as JS does.
nlohmann::ordered_json ToJson(const CloneValue& value,
                              const CloneJsonOptions& options = {});
// ToJson, dumped compactly on one line; always valid UTF-8.
std::string ToJsonText(const CloneValue& value,
                       const CloneJsonOptions& options = {});

// Fails on binary JSON values and on nesting deeper than kMaxCloneDepth.
Result<CloneValue> FromJson(const nlohmann::ordered_json& json);
// Parses `text` and converts it. Whatever the parser refuses (a syntax error,
// reported with its position; a number beyond a double's range, such as
// 1e400) is an error result, never an exception.
Result<CloneValue> ParseJson(std::string_view text);

// How JS spells a number as a string (Number.prototype.toString()), e.g. for
// a number key.
std::string JsNumberToString(double value);

}  // namespace isohost::clone

#endif  // ISOHOST_CLONE_JSON_H_
