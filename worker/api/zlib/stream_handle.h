// internalBinding('zlib').Stream: the native side of a zlib stream object
// (zlib.createGzip()...), a StreamCodec that JS feeds a chunk at a time.
#ifndef ISOHOST_WORKER_API_ZLIB_STREAM_HANDLE_H_
#define ISOHOST_WORKER_API_ZLIB_STREAM_HANDLE_H_

#include <v8.h>

namespace isohost::worker::zlib {

void InstallStreamClass(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target);

}  // namespace isohost::worker::zlib

#endif  // ISOHOST_WORKER_API_ZLIB_STREAM_HANDLE_H_
