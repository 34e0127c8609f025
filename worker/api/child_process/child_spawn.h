// Starting a child process for child_process, on any libuv loop (the
// worker's own for execFile, a private one for spawnSync). Every child goes
// through isohost-child-exec (worker/tools/child_exec_main.cc), which makes it die
// with the worker and leaves it no descriptor but its stdio.
#ifndef ISOHOST_WORKER_API_CHILD_PROCESS_CHILD_SPAWN_H_
#define ISOHOST_WORKER_API_CHILD_PROCESS_CHILD_SPAWN_H_

#include <uv.h>
#include <v8.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace isohost::worker::child_process {

// What one stdio slot of the child is. A pipe of spawnSync is made by its
// run; one of spawn is a Pipe object of JS's (worker/api/stream/pipe_wrap.h).
struct StdioSpec {
  enum Kind { kPipe, kIgnore, kInheritFd };
  Kind kind = kIgnore;
  int fd = -1;  // for kInheritFd: the worker's descriptor the child gets
};

// A child to start, as the JS side normalised it (worker/js/node/child_process.js).
struct SpawnRequest {
  std::string file;
  std::vector<std::string> args;  // the program's argv, argv[0] included
  std::optional<std::vector<std::string>> env;  // "KEY=value"; the worker's own when absent
  std::string cwd;                               // the worker's when empty
  std::optional<std::uint32_t> uid;
  std::optional<std::uint32_t> gid;
  bool detached = false;
  std::vector<StdioSpec> stdio;  // one per slot, at least 3
};

// Reads `options` ({ file, args, envPairs, cwd, uid, gid, detached, stdio })
// into `request`. The JS side has validated it; false (with an exception
// thrown) only on a value that slipped through.
bool ParseSpawnRequest(v8::Isolate* isolate, v8::Local<v8::Object> options, SpawnRequest* request);

// Calls uv_spawn() with `options` on the caller's process handle and loop;
// returns its result, and the child's pid in `*pid` when it succeeded.
using UvSpawn = std::function<int(const uv_process_options_t* options, int* pid)>;

// Starts `request` through `spawn`. `stdio` holds the containers of the
// request's slots (pipes already initialised on the caller's loop). Returns
// 0, or a negative libuv error: uv_spawn's own, or the errno of the child's
// execvp (ENOENT, EACCES...), in which case the child was reaped already. If
// `spawn` was called the caller closes its process handle whatever the
// result (libuv requires it).
int SpawnChild(const SpawnRequest& request, std::vector<uv_stdio_container_t> stdio, uv_exit_cb on_exit,
               const UvSpawn& spawn);

// True when a slot hands the child the worker's own stdout or stderr: the
// channel's frames are flushed first, so that what the worker printed before
// reaches the host before what the child prints.
bool InheritsWorkerOutput(const SpawnRequest& request);

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_API_CHILD_PROCESS_CHILD_SPAWN_H_
