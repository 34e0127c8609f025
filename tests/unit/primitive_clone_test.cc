// The primitive fast path of the worker's structured clone, against V8's own
// ValueSerializer and ValueDeserializer in a real isolate.
#include "worker/messaging/primitive_clone.h"

#include <gtest/gtest.h>
#include <v8.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <string>

#include "worker/runtime/v8_init.h"

namespace isohost::worker {
namespace {

class PrimitiveCloneTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { InitializeV8({}); }

  void SetUp() override {
    allocator_.reset(v8::ArrayBuffer::Allocator::NewDefaultAllocator());
    v8::Isolate::CreateParams params;
    params.array_buffer_allocator = allocator_.get();
    isolate_ = v8::Isolate::New(params);
  }
  void TearDown() override { isolate_->Dispose(); }

  // Runs `body` inside the isolate, a handle scope and a fresh context.
  void InIsolate(const std::function<void()>& body) {
    v8::Isolate::Scope isolate_scope(isolate_);
    v8::HandleScope handle_scope(isolate_);
    context_ = v8::Context::New(isolate_);
    v8::Context::Scope context_scope(context_);
    body();
  }

  v8::Local<v8::Value> Eval(const std::string& source) {
    v8::Local<v8::String> code = v8::String::NewFromUtf8(isolate_, source.c_str()).ToLocalChecked();
    v8::Local<v8::Script> script = v8::Script::Compile(context_, code).ToLocalChecked();
    return script->Run(context_).ToLocalChecked();
  }

  // What V8's own serializer writes for `value`.
  std::string V8Bytes(v8::Local<v8::Value> value) {
    v8::ValueSerializer serializer(isolate_);
    serializer.WriteHeader();
    EXPECT_TRUE(serializer.WriteValue(context_, value).FromMaybe(false));
    std::pair<std::uint8_t*, std::size_t> buffer = serializer.Release();
    std::string bytes(reinterpret_cast<const char*>(buffer.first), buffer.second);
    std::free(buffer.first);
    return bytes;
  }

  std::string Header() {
    v8::ValueSerializer serializer(isolate_);
    serializer.WriteHeader();
    std::pair<std::uint8_t*, std::size_t> buffer = serializer.Release();
    std::string bytes(reinterpret_cast<const char*>(buffer.first), buffer.second);
    std::free(buffer.first);
    return bytes;
  }

  std::unique_ptr<v8::ArrayBuffer::Allocator> allocator_;
  v8::Isolate* isolate_ = nullptr;
  v8::Local<v8::Context> context_;  // valid inside InIsolate()
};

// Values the fast path takes: their bytes must be V8's, and reading V8's
// bytes back must give the same value (SameValue: NaN and -0 included).
TEST_F(PrimitiveCloneTest, WritesAndReadsExactlyWhatV8Does) {
  InIsolate([&] {
    const char* expressions[] = {
        "0", "1", "-1", "63", "64", "-65", "1000000", "2**30 - 1", "-(2**30)", "2**30", "2**31 - 1",
        "-(2**31)", "2**31", "2**53", "-0", "0.5", "1.5 - 0.5", "NaN", "Infinity", "-Infinity",
        "1e300", "5e-324", "true", "false", "null", "undefined", "''", "'abc'", "'x'.repeat(200)",
        "'x'.repeat(70000)", "'caf\\u00e9 \\u00ff'", "'a' + 'b'.repeat(100)", "String(12345)",
        "'abcdef'.slice(1, 4)"};
    for (const char* expression : expressions) {
      SCOPED_TRACE(expression);
      v8::Local<v8::Value> value = Eval(expression);
      std::string v8_bytes = V8Bytes(value);
      std::optional<SerializedValue> fast = SerializePrimitive(isolate_, value);
      ASSERT_TRUE(fast.has_value()) << "the fast path declined a primitive";
      EXPECT_EQ(std::string(fast->bytes()), v8_bytes);
      std::optional<v8::Local<v8::Value>> read = DeserializePrimitive(isolate_, v8_bytes);
      ASSERT_TRUE(read.has_value()) << "the fast path declined V8's bytes";
      EXPECT_TRUE((*read)->SameValue(value));
    }
  });
}

// Everything else is left to V8: objects, two-byte strings, symbols, BigInts.
TEST_F(PrimitiveCloneTest, LeavesEverythingElseToV8) {
  InIsolate([&] {
    const char* expressions[] = {"({})", "[1, 2]", "new Date(0)", "/x/", "new Map()", "10n",
                                 "'\\u2603'", "'a' + '\\u2603'", "Symbol('s')", "() => 1",
                                 "new Number(1)", "new String('s')", "new Uint8Array(4)"};
    for (const char* expression : expressions) {
      SCOPED_TRACE(expression);
      v8::Local<v8::Value> value = Eval(expression);
      EXPECT_FALSE(SerializePrimitive(isolate_, value).has_value());
      v8::TryCatch try_catch(isolate_);
      v8::ValueSerializer serializer(isolate_);
      serializer.WriteHeader();
      if (!serializer.WriteValue(context_, value).FromMaybe(false)) continue;  // V8 refuses it too
      std::pair<std::uint8_t*, std::size_t> buffer = serializer.Release();
      std::string bytes(reinterpret_cast<const char*>(buffer.first), buffer.second);
      std::free(buffer.first);
      EXPECT_FALSE(DeserializePrimitive(isolate_, bytes).has_value());
    }
  });
}

// Anything but exactly one well-formed primitive after V8's header goes to
// V8's deserializer, which reports what is wrong with it.
TEST_F(PrimitiveCloneTest, DeclinesWhatIsNotExactlyOnePrimitive) {
  InIsolate([&] {
    const std::string header = Header();
    const std::string inputs[] = {
        "",
        header,
        std::string("\xff\x0e") + "T",        // another version
        header + "TT",                        // trailing bytes
        header + "I",                         // no varint
        header + "I\x80",                     // varint cut short
        header + "I\x80\x80\x80\x80\x80\x01", // longer than any uint32
        header + std::string("I\x02\x00", 3), // trailing after the varint
        header + std::string("N\x00\x00", 3), // short double
        header + "\"\x05" "abc",              // string shorter than its length
        header + "\"\x02" "abc",              // string longer than its length
        header + "\"\xff\xff\xff\xff\x0f",    // 4 GiB string
        header + "o",                         // an object
        header + std::string("\0T", 2),      // padding first (V8 skips it)
    };
    for (const std::string& input : inputs) {
      SCOPED_TRACE(::testing::PrintToString(input));
      EXPECT_FALSE(DeserializePrimitive(isolate_, input).has_value());
    }
  });
}

}  // namespace
}  // namespace isohost::worker
