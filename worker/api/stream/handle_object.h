// The C++ owner of one libuv handle (a child's pipe, a child process, a TCP
// socket) behind its JS object (worker/v8/object_wrap.h). Until its handle is
// in use the object is weak, and the collector takes the owner with it; from
// then on (MakeStrong()) the owner holds the object until JS closes the
// handle, so a handle the script dropped still runs to its end (as Node's
// handles do).
#ifndef ISOHOST_WORKER_API_STREAM_HANDLE_OBJECT_H_
#define ISOHOST_WORKER_API_STREAM_HANDLE_OBJECT_H_

#include <v8.h>

#include "worker/v8/object_wrap.h"

namespace isohost::worker::child_process {

class HandleObject : public ObjectWrap {
 protected:
  using ObjectWrap::ObjectWrap;

  // Calls the function that the object holds in property `name`, if any, as
  // a callback from the loop (ticks and microtasks run after it).
  void CallProperty(const char* name, int argc, v8::Local<v8::Value>* argv);
};

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_API_STREAM_HANDLE_OBJECT_H_
