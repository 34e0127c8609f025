#include "worker/messaging/shared_memory.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <mutex>
#include <unordered_map>

#include "ipc/frame_format.h"
#include "worker/messaging/atomics_wait.h"
#include "worker/messaging/serialization.h"

namespace isohost::worker {
namespace {

// A receiver trusts the size it maps only because it cannot change.
constexpr int kRequiredSeals = F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL;

// One buffer's memory, the deleter data of its backing store.
struct Region {
  int fd;
  void* base;
  std::size_t mapped;  // at least a page, so that even an empty one has an address of its own
};

// Every region of this process by address: the sender of a message finds
// the descriptor of a SharedArrayBuffer here. A backing store's deleter can
// run on a V8 background thread, hence the lock.
std::mutex regions_mutex;  // guards `regions`
std::unordered_map<const void*, int>& Regions() {
  static auto* regions = new std::unordered_map<const void*, int>();
  return *regions;
}
std::atomic<bool> any_region{false};

void DeleteRegion(void* data, std::size_t, void* deleter_data) {
  auto* region = static_cast<Region*>(deleter_data);
  {
    std::lock_guard<std::mutex> lock(regions_mutex);
    Regions().erase(data);
  }
  ::munmap(region->base, region->mapped);
  ::close(region->fd);
  delete region;
}

std::size_t PageSize() {
  static const std::size_t size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return size;
}

// Maps `fd` (taken) of `length` bytes and makes its backing store.
std::shared_ptr<v8::BackingStore> Adopt(v8::Isolate* isolate, int fd, std::size_t length) {
  const std::size_t page = PageSize();
  const std::size_t mapped = length == 0 ? page : (length + page - 1) / page * page;
  void* base = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED) {
    ::close(fd);
    return nullptr;
  }
  auto* region = new Region{fd, base, mapped};
  {
    std::lock_guard<std::mutex> lock(regions_mutex);
    Regions()[base] = fd;
  }
  if (!any_region.exchange(true)) InstallSharedAtomics(isolate);
  std::unique_ptr<v8::BackingStore> store =
      v8::SharedArrayBuffer::NewBackingStore(base, length, DeleteRegion, region);
  return std::shared_ptr<v8::BackingStore>(std::move(store));
}

void ThrowRange(v8::Isolate* isolate, const char* message) {
  isolate->ThrowException(v8::Exception::RangeError(
      v8::String::NewFromUtf8(isolate, message).ToLocalChecked()));
}

// The most one buffer may hold: the machine's memory (a memfd's pages are
// only counted once touched, so V8's own refusal never comes).
std::size_t MaxLength() {
  static const std::size_t limit = [] {
    long pages = ::sysconf(_SC_PHYS_PAGES);
    return pages > 0 ? static_cast<std::size_t>(pages) * PageSize() : std::size_t{1} << 32;
  }();
  return limit;
}

// --- the global constructor ----------------------------------------------------

// new SharedArrayBuffer(length): a shareable buffer, with new.target's
// prototype for a subclass.
void Construct(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  if (!info.IsConstructCall()) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "Constructor SharedArrayBuffer requires 'new'")));
    return;
  }
  // ToIndex(length).
  double length = 0;
  if (!info[0]->IsUndefined()) {
    v8::Local<v8::Number> number;
    if (!info[0]->ToNumber(context).ToLocal(&number)) return;
    length = number->Value();
    length = std::isnan(length) ? 0 : std::trunc(length);
    if (length < 0 || length > 9007199254740991.0) return ThrowRange(isolate, "Invalid array buffer length");
  }
  if (length > static_cast<double>(MaxLength())) return ThrowRange(isolate, "Array buffer allocation failed");
  v8::Local<v8::SharedArrayBuffer> buffer;
  if (!NewShareableBuffer(isolate, static_cast<std::size_t>(length)).ToLocal(&buffer)) return;
  v8::Local<v8::Value> new_target = info.NewTarget();
  if (new_target->IsObject()) {
    // A subclass's prototype; the intrinsic one stays for anything but an object.
    v8::Local<v8::Value> prototype;
    if (!new_target.As<v8::Object>()
             ->Get(context, v8::String::NewFromUtf8Literal(isolate, "prototype"))
             .ToLocal(&prototype)) {
      return;
    }
    if (prototype->IsObject() && prototype != buffer->GetPrototype() &&
        !buffer->SetPrototype(context, prototype).FromMaybe(false)) {
      return;
    }
  }
  info.GetReturnValue().Set(buffer);
}

// Builds the constructor the first time the global is read; V8 then makes
// the global a plain data property holding it.
void BuildGlobal(v8::Local<v8::Name>, const v8::PropertyCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  // The intrinsic prototype, from a buffer V8 makes: the global itself may
  // be gone already.
  v8::Local<v8::Object> prototype;
  {
    v8::Local<v8::Value> proto = v8::SharedArrayBuffer::New(isolate, 0)->GetPrototype();
    if (!proto->IsObject()) return;
    prototype = proto.As<v8::Object>();
  }
  v8::Local<v8::Value> intrinsic;
  if (!prototype->Get(context, v8::String::NewFromUtf8Literal(isolate, "constructor")).ToLocal(&intrinsic)) return;
  v8::Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate, Construct);
  tmpl->SetClassName(v8::String::NewFromUtf8Literal(isolate, "SharedArrayBuffer"));
  tmpl->SetLength(1);
  v8::Local<v8::Function> constructor;
  if (!tmpl->GetFunction(context).ToLocal(&constructor)) return;
  auto fixed = static_cast<v8::PropertyAttribute>(v8::ReadOnly | v8::DontEnum | v8::DontDelete);
  if (!constructor->DefineOwnProperty(context, v8::String::NewFromUtf8Literal(isolate, "prototype"), prototype, fixed)
           .FromMaybe(false) ||
      !prototype->DefineOwnProperty(context, v8::String::NewFromUtf8Literal(isolate, "constructor"), constructor,
                                    v8::DontEnum)
           .FromMaybe(false)) {
    return;
  }
  // Symbol.species, with V8's own getter (it returns `this`), from the
  // intrinsic constructor.
  v8::Local<v8::Value> symbol_ctor;
  v8::Local<v8::Value> species;
  if (!context->Global()->Get(context, v8::String::NewFromUtf8Literal(isolate, "Symbol")).ToLocal(&symbol_ctor) ||
      !symbol_ctor->IsObject() ||
      !symbol_ctor.As<v8::Object>()->Get(context, v8::String::NewFromUtf8Literal(isolate, "species")).ToLocal(&species)) {
    return;
  }
  if (species->IsSymbol() && intrinsic->IsObject()) {
    v8::Local<v8::Value> descriptor;
    if (!intrinsic.As<v8::Object>()->GetOwnPropertyDescriptor(context, species.As<v8::Symbol>()).ToLocal(&descriptor)) {
      return;
    }
    v8::Local<v8::Value> getter;
    if (descriptor->IsObject() &&
        descriptor.As<v8::Object>()->Get(context, v8::String::NewFromUtf8Literal(isolate, "get")).ToLocal(&getter) &&
        getter->IsFunction()) {
      constructor->SetAccessorProperty(species.As<v8::Symbol>(), getter.As<v8::Function>(),
                                       v8::Local<v8::Function>(), v8::DontEnum);
    }
  }
  info.GetReturnValue().Set(constructor);
}

v8::Local<v8::Private> SharedBuffersKey(v8::Isolate* isolate) {
  // Looked up once: ForApi() searches a registry by name.
  static v8::Isolate* owner = nullptr;
  static v8::Eternal<v8::Private> key;
  if (owner != isolate) {
    key.Set(isolate, v8::Private::ForApi(isolate, v8::String::NewFromUtf8Literal(isolate, "isohost:sharedBuffers")));
    owner = isolate;
  }
  return key.Get(isolate);
}

// Whether any message bytes of this process ever carried buffers: until
// then, the bytes of every message sent or read are not even looked at.
bool any_attached = false;

}  // namespace

v8::MaybeLocal<v8::SharedArrayBuffer> NewShareableBuffer(v8::Isolate* isolate, std::size_t length) {
  int fd = ::memfd_create("isohost-shared-array-buffer", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0 || ::ftruncate(fd, static_cast<off_t>(length)) != 0 ||
      ::fcntl(fd, F_ADD_SEALS, kRequiredSeals) != 0) {
    if (fd >= 0) ::close(fd);
    ThrowRange(isolate, "Array buffer allocation failed");
    return {};
  }
  std::shared_ptr<v8::BackingStore> store = Adopt(isolate, fd, length);
  if (!store) {
    ThrowRange(isolate, "Array buffer allocation failed");
    return {};
  }
  return v8::SharedArrayBuffer::New(isolate, std::move(store));
}

int ShareableFd(const void* data) {
  if (!any_region.load(std::memory_order_relaxed)) return -1;
  std::lock_guard<std::mutex> lock(regions_mutex);
  auto found = Regions().find(data);
  return found == Regions().end() ? -1 : found->second;
}

bool AnyShareableBuffer() { return any_region.load(std::memory_order_relaxed); }

std::shared_ptr<v8::BackingStore> MapShareable(v8::Isolate* isolate, base::UniqueFd fd, std::string* error) {
  int seals = ::fcntl(fd.get(), F_GET_SEALS);
  struct stat st {};
  if (seals < 0 || (seals & kRequiredSeals) != kRequiredSeals || ::fstat(fd.get(), &st) != 0 ||
      !S_ISREG(st.st_mode) || st.st_size < 0) {
    *error = "the descriptor of a SharedArrayBuffer is not a sealed memfd";
    return nullptr;
  }
  std::shared_ptr<v8::BackingStore> store = Adopt(isolate, fd.release(), static_cast<std::size_t>(st.st_size));
  if (!store) *error = std::string("cannot map a SharedArrayBuffer: ") + std::strerror(errno);
  return store;
}

bool InstallSharedArrayBufferGlobal(v8::Isolate* isolate, v8::Local<v8::Context> context) {
  return context->Global()
      ->SetLazyDataProperty(context, v8::String::NewFromUtf8Literal(isolate, "SharedArrayBuffer"), BuildGlobal,
                            v8::Local<v8::Value>(), v8::DontEnum)
      .FromMaybe(false);
}

bool DescriptorsOf(v8::Isolate* isolate, const SharedBuffers& buffers, std::vector<int>* fds) {
  fds->clear();
  if (buffers.size() > ipc::kMaxSharedBuffersPerMessage) {
    ThrowDataCloneError(isolate, v8::String::NewFromUtf8Literal(
                                     isolate, "A message can carry at most 64 SharedArrayBuffers to another worker."));
    return false;
  }
  for (const std::shared_ptr<v8::BackingStore>& store : buffers) {
    int fd = ShareableFd(store->Data());
    if (fd < 0) {
      ThrowDataCloneError(isolate, v8::String::NewFromUtf8Literal(
                                       isolate,
                                       "#<SharedArrayBuffer> could not be cloned: its memory (made by V8, as a "
                                       "shared WebAssembly.Memory's) cannot be shared with another worker process."));
      return false;
    }
    fds->push_back(fd);
  }
  return true;
}

bool SendSharedFrame(v8::Isolate* isolate, ipc::Channel* channel, proto::Envelope& envelope,
                     const std::vector<int>& fds) {
  if (channel->SendWithDescriptors(envelope, fds, kSharedSendWaitMs)) return true;
  isolate->ThrowException(v8::Exception::Error(v8::String::NewFromUtf8Literal(
      isolate,
      "The memory of the message's SharedArrayBuffers could not be passed to the other worker (it has not read "
      "the messages with SharedArrayBuffers sent before, or is gone).")));
  return false;
}

bool MapReceived(v8::Isolate* isolate, std::vector<base::UniqueFd> fds, SharedBuffers* out) {
  out->clear();
  for (base::UniqueFd& fd : fds) {
    std::string error;
    std::shared_ptr<v8::BackingStore> store = MapShareable(isolate, std::move(fd), &error);
    if (!store) {
      out->clear();
      isolate->ThrowException(v8::Exception::Error(v8::String::NewFromUtf8(isolate, error.c_str()).ToLocalChecked()));
      return false;
    }
    out->push_back(std::move(store));
  }
  return true;
}

bool AttachSharedBuffers(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> bytes,
                         const SharedBuffers& buffers) {
  if (buffers.empty()) return true;
  any_attached = true;
  v8::Local<v8::Array> list = v8::Array::New(isolate, static_cast<int>(buffers.size()));
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    if (!list->Set(context, static_cast<std::uint32_t>(i), v8::SharedArrayBuffer::New(isolate, buffers[i]))
             .FromMaybe(false)) {
      return false;
    }
  }
  return bytes->SetPrivate(context, SharedBuffersKey(isolate), list).FromMaybe(false);
}

bool SharedBuffersOf(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> bytes,
                     SharedBuffers* out) {
  out->clear();
  if (!any_attached || !bytes->IsObject()) return true;
  v8::Local<v8::Object> object = bytes.As<v8::Object>();
  v8::Local<v8::Private> key = SharedBuffersKey(isolate);
  if (!object->HasPrivate(context, key).FromMaybe(false)) return true;
  v8::Local<v8::Value> value;
  if (!object->GetPrivate(context, key).ToLocal(&value)) return false;
  if (!value->IsArray()) return true;
  v8::Local<v8::Array> list = value.As<v8::Array>();
  for (std::uint32_t i = 0; i < list->Length(); ++i) {
    v8::Local<v8::Value> item;
    if (!list->Get(context, i).ToLocal(&item)) return false;
    if (item->IsSharedArrayBuffer()) out->push_back(item.As<v8::SharedArrayBuffer>()->GetBackingStore());
  }
  return true;
}

}  // namespace isohost::worker
