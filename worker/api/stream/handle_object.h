// The tie between a JS object and the C++ owner of one libuv handle (a
// child's pipe, a child process). The object's first internal field points
// at the owner and the second says its type. Until its handle is in use the
// object is weak, and the collector takes the owner with it; from then on
// (MakeStrong()) the owner holds the object until JS closes the handle, so a
// callback from the loop always finds it, and a handle the script dropped
// still runs to its end (as Node's handles do). After DetachAndDelete() the
// object's methods find no owner.
#ifndef ISOHOST_WORKER_API_STREAM_HANDLE_OBJECT_H_
#define ISOHOST_WORKER_API_STREAM_HANDLE_OBJECT_H_

#include <v8.h>

namespace isohost::worker::child_process {

class HandleObject {
 public:
  static constexpr int kInternalFieldCount = 2;

  HandleObject(const HandleObject&) = delete;
  HandleObject& operator=(const HandleObject&) = delete;

  // The T behind `value`, or null if `value` is no object of T's class or
  // its handle was closed. Each T has a `static const int kTag`, whose
  // address tells the classes apart.
  template <typename T>
  static T* From(v8::Local<v8::Value> value) {
    if (!value->IsObject()) return nullptr;
    v8::Local<v8::Object> object = value.As<v8::Object>();
    if (object->InternalFieldCount() != kInternalFieldCount ||
        object->GetAlignedPointerFromInternalField(1) != &T::kTag) {
      return nullptr;
    }
    return static_cast<T*>(static_cast<HandleObject*>(object->GetAlignedPointerFromInternalField(0)));
  }

 protected:
  HandleObject(v8::Isolate* isolate, v8::Local<v8::Object> object, const int* tag);
  virtual ~HandleObject();

  v8::Isolate* isolate() const { return isolate_; }
  v8::Local<v8::Object> object() const { return object_.Get(isolate_); }
  // Calls the function that the object holds in property `name`, if any, as
  // a callback from the loop (ticks and microtasks run after it).
  void CallProperty(const char* name, int argc, v8::Local<v8::Value>* argv);
  // The handle is in use: the object lives until DetachAndDelete().
  void MakeStrong() { object_.ClearWeak(); }
  // Unties the object and deletes the owner.
  void DetachAndDelete();

 private:
  static void OnCollected(const v8::WeakCallbackInfo<HandleObject>& info);

  v8::Isolate* isolate_;
  v8::Global<v8::Object> object_;
};

}  // namespace isohost::worker::child_process

#endif  // ISOHOST_WORKER_API_STREAM_HANDLE_OBJECT_H_
