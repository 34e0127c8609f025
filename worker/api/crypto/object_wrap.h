// A C++ object that a JS object owns: made by a constructor that V8 calls
// with `new`, found again through the JS object's internal fields, and
// deleted when the collector finds the JS object dead.
#ifndef ISOHOST_WORKER_API_CRYPTO_OBJECT_WRAP_H_
#define ISOHOST_WORKER_API_CRYPTO_OBJECT_WRAP_H_

#include <v8.h>

namespace isohost::worker::crypto {

class ObjectWrap {
 public:
  // Instances of a wrapping template have these internal fields: the
  // object, and a tag that says its type.
  static constexpr int kInternalFieldCount = 2;

  ObjectWrap(const ObjectWrap&) = delete;
  ObjectWrap& operator=(const ObjectWrap&) = delete;
  virtual ~ObjectWrap() = default;

  // The T behind `value`, or null if `value` is not a wrapper of a T. Each T
  // has a `static const char kTag` whose address tells the types apart.
  template <typename T>
  static T* From(v8::Local<v8::Value> value) {
    if (!value->IsObject()) return nullptr;
    v8::Local<v8::Object> object = value.As<v8::Object>();
    if (object->InternalFieldCount() != kInternalFieldCount ||
        object->GetAlignedPointerFromInternalField(1) != &T::kTag) {
      return nullptr;
    }
    return static_cast<T*>(static_cast<ObjectWrap*>(object->GetAlignedPointerFromInternalField(0)));
  }

 protected:
  ObjectWrap(v8::Isolate* isolate, v8::Local<v8::Object> object, const char* tag) {
    object->SetAlignedPointerInInternalField(0, this);
    object->SetAlignedPointerInInternalField(1, const_cast<char*>(tag));
    wrapper_.Reset(isolate, object);
    wrapper_.SetWeak(this, OnCollected, v8::WeakCallbackType::kParameter);
  }

  // The JS object; alive whenever one of its methods runs.
  v8::Local<v8::Object> object(v8::Isolate* isolate) const { return wrapper_.Get(isolate); }

 private:
  static void OnCollected(const v8::WeakCallbackInfo<ObjectWrap>& info) {
    ObjectWrap* self = info.GetParameter();
    self->wrapper_.Reset();
    delete self;
  }

  v8::Global<v8::Object> wrapper_;
};

}  // namespace isohost::worker::crypto

#endif  // ISOHOST_WORKER_API_CRYPTO_OBJECT_WRAP_H_
