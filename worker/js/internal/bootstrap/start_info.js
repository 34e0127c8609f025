'use strict';
// The fields of binding.getStartInfo() (worker/runtime/bindings.cc, GetStartInfo):
// what the host's Start frame says, as an array in this order. An array and
// not an object because it is read once, at the start of the script, where
// the interpreter has no feedback yet: a named read costs a runtime call, an
// element read does not. Read these at a module's top, not at the start.

exports.kScriptPath = 0;     // string, or undefined for source text
exports.kScriptSource = 1;   // string, or undefined for a path
exports.kArgv = 2;           // string[] after the entry
exports.kExecArgv = 3;       // string[]: Node's options
exports.kSourceKind = 4;     // Start.source_kind
exports.kThreadId = 5;
exports.kExecPath = 6;
exports.kArgv0 = 7;
exports.kStdinAttached = 8;  // boolean
exports.kStdinIsFd = 9;      // boolean: the host's stdin is our fd 0
exports.kTaskRunner = 10;    // boolean
exports.kPermissions = 11;   // boolean: under the permission model
