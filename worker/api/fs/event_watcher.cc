#include "worker/api/fs/event_watcher.h"

#include <cstring>
#include <memory>

#include "worker/runtime/runtime.h"

namespace isohost::worker::fs {

EventWatcher::EventWatcher(v8::Isolate* isolate, v8::Local<v8::Function> callback, bool as_bytes)
    : Watcher(isolate, callback), as_bytes_(as_bytes), handle_(Runtime::From(isolate)->loop()) {}

v8::MaybeLocal<v8::Value> EventWatcher::Start(v8::Isolate* isolate, const char* path, bool as_bytes,
                                              v8::Local<v8::Function> callback) {
  std::unique_ptr<EventWatcher> watcher(new EventWatcher(isolate, callback, as_bytes));
  EventWatcher* self = watcher.get();
  int rc = watcher->handle_.Start(path, [self](const char* filename, int events, int status) {
    self->OnEvent(filename, events, status);
  });
  // A watcher that did not start goes now, its handle with it.
  if (rc != 0) return v8::Integer::New(isolate, rc);
  v8::Local<v8::Object> object;
  if (!watcher->MakeHandleObject().ToLocal(&object)) return {};
  watcher.release();  // owned by itself until JS closes it
  return object;
}

v8::Local<v8::Value> EventWatcher::Filename(const char* filename) {
  if (filename == nullptr) return v8::Null(isolate());
  std::size_t size = std::strlen(filename);
  if (as_bytes_) {
    v8::Local<v8::ArrayBuffer> bytes = v8::ArrayBuffer::New(isolate(), size);
    std::memcpy(bytes->GetBackingStore()->Data(), filename, size);
    return v8::Uint8Array::New(bytes, 0, size);
  }
  v8::Local<v8::String> name;
  if (!v8::String::NewFromUtf8(isolate(), filename, v8::NewStringType::kNormal, static_cast<int>(size))
           .ToLocal(&name)) {
    return v8::Null(isolate());
  }
  return name;
}

void EventWatcher::OnEvent(const char* filename, int events, int status) {
  v8::HandleScope scope(isolate());
  v8::Context::Scope context_scope(Runtime::From(isolate())->context());
  v8::Local<v8::Value> argv[3] = {v8::Integer::New(isolate(), status), v8::Undefined(isolate()),
                                  v8::Undefined(isolate())};
  if (status == 0) {
    // A rename (an entry made, removed or moved) outweighs a change of the
    // same entry reported in the same event, as in Node.
    argv[1] = (events & UV_RENAME) != 0 ? v8::String::NewFromUtf8Literal(isolate(), "rename")
                                        : v8::String::NewFromUtf8Literal(isolate(), "change");
    argv[2] = Filename(filename);
  }
  Call(3, argv);  // may delete this watcher
}

}  // namespace isohost::worker::fs
