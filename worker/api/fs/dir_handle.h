// An open directory (libuv's uv_dir_t) for fs.Dir (worker/js/internal/fs/dir.js):
// entries are read a batch at a time, and the directory is closed once.
// JS holds it as an object with one internal field; the handle lives as long
// as that object, and one never closed is closed when it is collected, so a
// forgotten Dir costs no descriptor for long.
#ifndef ISOHOST_WORKER_API_FS_DIR_HANDLE_H_
#define ISOHOST_WORKER_API_FS_DIR_HANDLE_H_

#include <v8.h>

namespace isohost::worker::fs {

// opendir(path, callback) -> handle
void OpenDir(const v8::FunctionCallbackInfo<v8::Value>& info);

// dirRead(handle, bufferSize, rawNames, callback) -> [name, type, name, type, ...],
// or null at the end. Names are strings, or Uint8Arrays when rawNames.
void ReadDir(const v8::FunctionCallbackInfo<v8::Value>& info);

// dirClose(handle, callback)
void CloseDir(const v8::FunctionCallbackInfo<v8::Value>& info);

}  // namespace isohost::worker::fs

#endif  // ISOHOST_WORKER_API_FS_DIR_HANDLE_H_
