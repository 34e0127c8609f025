// The one tie between a JS object and the C++ object it owns: made by a
// constructor V8 calls with `new` (or an instance of a wrapping template),
// found again through the JS object's two internal fields (the owner, and a
// tag that says its type), and deleted when the collector finds the JS
// object dead. An owner whose native resource is in use (a libuv handle)
// holds its JS object strong until it lets go (MakeStrong(),
// DetachAndDelete()), so that a callback from the loop always finds it.
#ifndef ISOHOST_WORKER_V8_OBJECT_WRAP_H_
#define ISOHOST_WORKER_V8_OBJECT_WRAP_H_

#include <v8.h>

namespace isohost::worker {

class ObjectWrap {
 public:
  // The instances of a wrapping template have these internal fields.
  static constexpr int kInternalFieldCount = 2;

  ObjectWrap(const ObjectWrap&) = delete;
  ObjectWrap& operator=(const ObjectWrap&) = delete;
  virtual ~ObjectWrap() = default;

  // The T behind `value`, or null if `value` is no wrapper of a T (or its
  // owner let go of it). Each T has a `static const` kTag whose address
  // tells the types apart.
  template <typename T>
  static T* From(v8::Local<v8::Value> value) {
    if (!value->IsObject()) return nullptr;
    v8::Local<v8::Object> object = value.As<v8::Object>();
    if (object->InternalFieldCount() != kInternalFieldCount ||
        object->GetAlignedPointerFromInternalField(1) != static_cast<const void*>(&T::kTag)) {
      return nullptr;
    }
    return static_cast<T*>(static_cast<ObjectWrap*>(object->GetAlignedPointerFromInternalField(0)));
  }

 protected:
  ObjectWrap(v8::Isolate* isolate, v8::Local<v8::Object> object, const void* tag) : isolate_(isolate) {
    object->SetAlignedPointerInInternalField(0, this);
    object->SetAlignedPointerInInternalField(1, const_cast<void*>(tag));
    object_.Reset(isolate, object);
    object_.SetWeak(this, OnCollected, v8::WeakCallbackType::kParameter);
  }

  v8::Isolate* isolate() const { return isolate_; }
  // The JS object; alive whenever one of its methods runs, and while the
  // owner holds it strong.
  v8::Local<v8::Object> object() const { return object_.Get(isolate_); }
  // The native resource is in use: the JS object lives until DetachAndDelete().
  void MakeStrong() { object_.ClearWeak(); }
  // Unties the JS object (its methods find no owner) and deletes the owner.
  void DetachAndDelete() {
    {
      v8::HandleScope scope(isolate_);
      object()->SetAlignedPointerInInternalField(0, nullptr);
    }
    object_.Reset();
    delete this;
  }

 private:
  static void OnCollected(const v8::WeakCallbackInfo<ObjectWrap>& info) {
    ObjectWrap* self = info.GetParameter();
    self->object_.Reset();
    delete self;
  }

  v8::Isolate* isolate_;
  v8::Global<v8::Object> object_;
};

}  // namespace isohost::worker

#endif  // ISOHOST_WORKER_V8_OBJECT_WRAP_H_
