// The whole of a file at once, for readFile: open (unless given a
// descriptor), fstat for the size, read until end of file, close. Done in
// C++ so that a whole read costs one call into the binding, and, when
// queued, one entry into JS: the steps chain on the loop through uv_fs_*
// callbacks, each running on the thread pool.
#ifndef ISOHOST_WORKER_API_FS_READ_FILE_H_
#define ISOHOST_WORKER_API_FS_READ_FILE_H_

#include <v8.h>

namespace isohost::worker::fs {

// readFile(pathOrFd, flags, callback) -> ArrayBuffer, [errno, syscall]
// when a step fails, or the size (a number) of a file too large to read.
void ReadFile(const v8::FunctionCallbackInfo<v8::Value>& info);

}  // namespace isohost::worker::fs

#endif  // ISOHOST_WORKER_API_FS_READ_FILE_H_
