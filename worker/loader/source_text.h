// The text of a file the module loaders read (readFile of the `binding`), as
// a V8 string. A large file of ASCII bytes (most packages' code) becomes an
// external string over the very buffer it was read into: no zero-filled
// buffer, no UTF-8 decoding pass and no second copy into the V8 heap, which
// for a package of megabytes is a measurable part of loading it. Anything
// else is decoded from UTF-8 as it always was.
#ifndef ISOHOST_WORKER_LOADER_SOURCE_TEXT_H_
#define ISOHOST_WORKER_LOADER_SOURCE_TEXT_H_

#include <v8.h>

#include <string>

#include "worker/loader/compile_cache.h"

namespace isohost::worker {

// Files at least this long may become external strings; shorter ones are
// copied into the heap, where small strings are cheaper.
inline constexpr std::size_t kExternalSourceMinLength = 64 * 1024;

// Reads `path` whole into `*text`. Returns false when it cannot be opened or
// read (errno says why), true with an empty `*text` when V8 cannot make a
// string that long. `stamp` as ReadWholeFile's.
bool ReadSourceText(v8::Isolate* isolate, const std::string& path, FileStamp* stamp, bool want_stamp,
                    v8::Local<v8::String>* text);

// The same for a worker that reads ahead of its Start: only a regular file
// of at most `max_bytes`, opened without blocking. A stat() before the open
// would not do: a FIFO put in the file's place between the two would block
// the open, and the waiting worker with it, while a Start waits. `ctime_ns`,
// if given, is the file's ctime as it was opened.
bool ReadRegularSourceText(v8::Isolate* isolate, const std::string& path, std::size_t max_bytes, FileStamp* stamp,
                           bool want_stamp, v8::Local<v8::String>* text, std::int64_t* ctime_ns = nullptr);

// `text`, a module file's, as the body of a function: a hashbang line is not
// JavaScript there, and becomes a comment of the same length (so that the
// text, and its cache, are the same however it is compiled).
v8::MaybeLocal<v8::String> FunctionBodyText(v8::Isolate* isolate, v8::Local<v8::String> text);

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_LOADER_SOURCE_TEXT_H_
