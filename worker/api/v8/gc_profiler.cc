// The native half of v8.GCProfiler: while started, each garbage collection
// of the worker's isolate is recorded (its type, the heap before and after,
// what it cost), and stop() hands the records to JS in Node's shape.
//
// V8's GC callbacks are registered once per isolate and fan out to the
// profilers started in it. A profiler whose JS object is collected leaves
// the set from its weak callback, which may run in the middle of a GC; the
// callbacks themselves are removed only from stop(), never during a GC.
#include "worker/api/v8/gc_profiler.h"

#include <sys/time.h>

#include <chrono>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "worker/v8/object_wrap.h"
#include "worker/v8/binding.h"

namespace isohost::worker {
namespace {

using v8::FunctionCallbackInfo;
using v8::Local;
using v8::Value;

struct SpaceSample {
  std::string name;
  double size, used, available, physical;
};

struct HeapSample {
  double total, executable, physical, available, global_handles, used_global_handles, used, limit, malloced,
      external, peak_malloced;
  std::vector<SpaceSample> spaces;
};

struct GcRecord {
  v8::GCType type;
  HeapSample before;
  HeapSample after;
  double cost_us;
};

HeapSample Sample(v8::Isolate* isolate) {
  v8::HeapStatistics s;
  isolate->GetHeapStatistics(&s);
  HeapSample sample{static_cast<double>(s.total_heap_size()),
                    static_cast<double>(s.total_heap_size_executable()),
                    static_cast<double>(s.total_physical_size()),
                    static_cast<double>(s.total_available_size()),
                    static_cast<double>(s.total_global_handles_size()),
                    static_cast<double>(s.used_global_handles_size()),
                    static_cast<double>(s.used_heap_size()),
                    static_cast<double>(s.heap_size_limit()),
                    static_cast<double>(s.malloced_memory()),
                    static_cast<double>(s.external_memory()),
                    static_cast<double>(s.peak_malloced_memory()),
                    {}};
  const std::size_t count = isolate->NumberOfHeapSpaces();
  sample.spaces.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    v8::HeapSpaceStatistics space;
    if (!isolate->GetHeapSpaceStatistics(&space, i)) continue;
    sample.spaces.push_back({space.space_name(), static_cast<double>(space.space_size()),
                             static_cast<double>(space.space_used_size()),
                             static_cast<double>(space.space_available_size()),
                             static_cast<double>(space.physical_space_size())});
  }
  return sample;
}

double NowMs() {
  timeval now{};
  gettimeofday(&now, nullptr);
  return static_cast<double>(now.tv_sec) * 1000 + static_cast<double>(now.tv_usec) / 1000;
}

const char* TypeName(v8::GCType type) {
  switch (type) {
    case v8::kGCTypeScavenge: return "Scavenge";
    case v8::kGCTypeMarkSweepCompact: return "MarkSweepCompact";
    case v8::kGCTypeIncrementalMarking: return "IncrementalMarking";
    case v8::kGCTypeProcessWeakCallbacks: return "ProcessWeakCallbacks";
    default: return "Unknown";
  }
}

class Profiler;

// The profilers started in this worker's isolate (one isolate per process).
std::set<Profiler*>& Started() {
  static std::set<Profiler*> started;
  return started;
}
bool callbacks_added = false;

class Profiler final : public ObjectWrap {
 public:
  alignas(8) static const char kTag;

  Profiler(v8::Isolate* isolate, Local<v8::Object> object) : ObjectWrap(isolate, object, &kTag) {}
  ~Profiler() override { Started().erase(this); }

  static void New(const FunctionCallbackInfo<Value>& info) {
    if (!info.IsConstructCall()) return;
    new Profiler(info.GetIsolate(), info.This());
  }

  static void Start(const FunctionCallbackInfo<Value>& info) {
    Profiler* self = From<Profiler>(info.This());
    if (self == nullptr || Started().count(self) != 0) return;
    self->records_.clear();
    self->start_ms_ = NowMs();
    Started().insert(self);
    if (!callbacks_added) {
      info.GetIsolate()->AddGCPrologueCallback(OnPrologue);
      info.GetIsolate()->AddGCEpilogueCallback(OnEpilogue);
      callbacks_added = true;
    }
  }

  // stop() -> { version, startTime, statistics, endTime }, or undefined if
  // not started.
  static void Stop(const FunctionCallbackInfo<Value>& info) {
    Profiler* self = From<Profiler>(info.This());
    if (self == nullptr || Started().erase(self) == 0) return;
    v8::Isolate* isolate = info.GetIsolate();
    if (Started().empty() && callbacks_added) {
      isolate->RemoveGCPrologueCallback(OnPrologue);
      isolate->RemoveGCEpilogueCallback(OnEpilogue);
      callbacks_added = false;
    }
    std::vector<GcRecord> records = std::move(self->records_);
    self->records_.clear();
    Local<v8::Context> context = isolate->GetCurrentContext();
    Local<v8::Object> result = v8::Object::New(isolate);
    SetValue(isolate, context, result, "version", v8::Integer::New(isolate, 1));
    SetValue(isolate, context, result, "startTime", v8::Number::New(isolate, self->start_ms_));
    Local<v8::Array> statistics = v8::Array::New(isolate, static_cast<int>(records.size()));
    for (std::size_t i = 0; i < records.size(); ++i) {
      const GcRecord& record = records[i];
      Local<v8::Object> entry = v8::Object::New(isolate);
      Local<v8::String> type;
      if (!v8::String::NewFromUtf8(isolate, TypeName(record.type)).ToLocal(&type)) return;
      SetValue(isolate, context, entry, "gcType", type);
      SetValue(isolate, context, entry, "beforeGC", SampleObject(isolate, context, record.before));
      SetValue(isolate, context, entry, "cost", v8::Number::New(isolate, record.cost_us));
      SetValue(isolate, context, entry, "afterGC", SampleObject(isolate, context, record.after));
      if (!statistics->Set(context, static_cast<std::uint32_t>(i), entry).FromMaybe(false)) return;
    }
    SetValue(isolate, context, result, "statistics", statistics);
    SetValue(isolate, context, result, "endTime", v8::Number::New(isolate, NowMs()));
    info.GetReturnValue().Set(result);
  }

 private:
  static void OnPrologue(v8::Isolate* isolate, v8::GCType type, v8::GCCallbackFlags) {
    if (Started().empty()) return;
    HeapSample before = Sample(isolate);
    auto now = std::chrono::steady_clock::now();
    for (Profiler* profiler : Started()) {
      profiler->pending_ = true;
      profiler->pending_record_ = {type, before, {}, 0};
      profiler->pending_start_ = now;
    }
  }

  static void OnEpilogue(v8::Isolate* isolate, v8::GCType, v8::GCCallbackFlags) {
    if (Started().empty()) return;
    auto now = std::chrono::steady_clock::now();
    HeapSample after = Sample(isolate);
    for (Profiler* profiler : Started()) {
      if (!profiler->pending_) continue;  // started during this GC
      profiler->pending_ = false;
      profiler->pending_record_.after = after;
      profiler->pending_record_.cost_us =
          std::chrono::duration<double, std::micro>(now - profiler->pending_start_).count();
      profiler->records_.push_back(std::move(profiler->pending_record_));
    }
  }

  static Local<v8::Object> SampleObject(v8::Isolate* isolate, Local<v8::Context> context, const HeapSample& sample) {
    Local<v8::Object> heap = v8::Object::New(isolate);
    const std::pair<const char*, double> fields[] = {
        {"totalHeapSize", sample.total},
        {"totalHeapSizeExecutable", sample.executable},
        {"totalPhysicalSize", sample.physical},
        {"totalAvailableSize", sample.available},
        {"totalGlobalHandlesSize", sample.global_handles},
        {"usedGlobalHandlesSize", sample.used_global_handles},
        {"usedHeapSize", sample.used},
        {"heapSizeLimit", sample.limit},
        {"mallocedMemory", sample.malloced},
        {"externalMemory", sample.external},
        {"peakMallocedMemory", sample.peak_malloced},
    };
    for (const auto& [name, value] : fields) SetValue(isolate, context, heap, name, v8::Number::New(isolate, value));
    Local<v8::Array> spaces = v8::Array::New(isolate, static_cast<int>(sample.spaces.size()));
    for (std::size_t i = 0; i < sample.spaces.size(); ++i) {
      const SpaceSample& space = sample.spaces[i];
      Local<v8::Object> entry = v8::Object::New(isolate);
      Local<v8::String> name;
      if (v8::String::NewFromUtf8(isolate, space.name.c_str()).ToLocal(&name)) {
        SetValue(isolate, context, entry, "spaceName", name);
      }
      SetValue(isolate, context, entry, "spaceSize", v8::Number::New(isolate, space.size));
      SetValue(isolate, context, entry, "spaceUsedSize", v8::Number::New(isolate, space.used));
      SetValue(isolate, context, entry, "spaceAvailableSize", v8::Number::New(isolate, space.available));
      SetValue(isolate, context, entry, "physicalSpaceSize", v8::Number::New(isolate, space.physical));
      (void)spaces->Set(context, static_cast<std::uint32_t>(i), entry).FromMaybe(false);
    }
    Local<v8::Object> result = v8::Object::New(isolate);
    SetValue(isolate, context, result, "heapStatistics", heap);
    SetValue(isolate, context, result, "heapSpaceStatistics", spaces);
    return result;
  }

  std::vector<GcRecord> records_;
  double start_ms_ = 0;
  bool pending_ = false;
  GcRecord pending_record_{};
  std::chrono::steady_clock::time_point pending_start_;
};

alignas(8) const char Profiler::kTag = 0;

}  // namespace

void InstallGcProfilerClass(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target) {
  Local<v8::FunctionTemplate> tmpl = v8::FunctionTemplate::New(isolate, Profiler::New);
  Local<v8::String> name = v8::String::NewFromUtf8Literal(isolate, "GCProfiler");
  tmpl->SetClassName(name);
  tmpl->InstanceTemplate()->SetInternalFieldCount(ObjectWrap::kInternalFieldCount);
  Local<v8::Signature> signature = v8::Signature::New(isolate, tmpl);
  const std::pair<const char*, v8::FunctionCallback> methods[] = {{"start", Profiler::Start}, {"stop", Profiler::Stop}};
  for (const auto& [method, callback] : methods) {
    tmpl->PrototypeTemplate()->Set(v8::String::NewFromUtf8(isolate, method).ToLocalChecked(),
                                   v8::FunctionTemplate::New(isolate, callback, Local<Value>(), signature));
  }
  Local<v8::Function> constructor;
  if (!tmpl->GetFunction(context).ToLocal(&constructor)) return;
  (void)target->Set(context, name, constructor).FromMaybe(false);
}

}  // namespace isohost::worker
