// Checks the V8-free structured-clone codec against the real V8 10.2: bytes
// V8 writes must decode, re-encode to the same bytes and deserialize to an
// equal value; values built in C++ must read back in V8 as intended; and no
// input may crash the decoder.
//
// Set CLONE_CORPUS_DIR to also write the V8 bytes of the small cases there,
// as seeds for tests/fuzz/clone_decoder_fuzzer.cc.

#include "isohost/clone_codec.h"

#include <gtest/gtest.h>
#include <libplatform/libplatform.h>
#include <v8.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "isohost/clone_json.h"
#include "isohost/clone_value.h"

namespace isohost::clone {
namespace {

using Bytes = std::vector<uint8_t>;

// Compares two JS values structurally and returns "" or where they differ.
// Objects must correspond one to one, so cycles and shared references are
// compared too; numbers compare with Object.is (NaN, -0).
constexpr char kDeepEqualSource[] = R"js(
globalThis.cloneDeepEqual = function (a, b) {
  const aToB = new Map(), bToA = new Map();
  const show = (x) => {
    try { return typeof x === 'string' ? JSON.stringify(x.slice(0, 40)) : String(x).slice(0, 40); }
    catch { return typeof x; }
  };
  const eq = (a, b, path) => {
    if (typeof a !== typeof b) return `${path}: ${typeof a} vs ${typeof b}`;
    if (a === null || b === null || typeof a !== 'object') {
      return Object.is(a, b) ? '' : `${path}: ${show(a)} vs ${show(b)}`;
    }
    if (aToB.has(a) || bToA.has(b)) {
      return aToB.get(a) === b && bToA.get(b) === a ? '' : `${path}: identity differs`;
    }
    aToB.set(a, b);
    bToA.set(b, a);
    const tag = Object.prototype.toString.call(a);
    if (tag !== Object.prototype.toString.call(b)) {
      return `${path}: ${tag} vs ${Object.prototype.toString.call(b)}`;
    }
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: prototype`;
    switch (tag) {
      case '[object Date]':
        return eq(a.getTime(), b.getTime(), path + '.getTime()');
      case '[object RegExp]':
        return a.source === b.source && a.flags === b.flags ? '' : `${path}: ${a} vs ${b}`;
      case '[object Number]': case '[object String]':
      case '[object Boolean]': case '[object BigInt]':
        return eq(a.valueOf(), b.valueOf(), path + '.valueOf()');
      case '[object ArrayBuffer]': {
        if (a.byteLength !== b.byteLength) return `${path}: byteLength`;
        const x = new Uint8Array(a), y = new Uint8Array(b);
        for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `${path}[${i}]`;
        return '';
      }
      case '[object Map]': case '[object Set]': {
        const x = [...a.entries()], y = [...b.entries()];
        if (x.length !== y.length) return `${path}: size ${x.length} vs ${y.length}`;
        for (let i = 0; i < x.length; i++) {
          const d = eq(x[i][0], y[i][0], `${path}<key ${i}>`) || eq(x[i][1], y[i][1], `${path}<value ${i}>`);
          if (d) return d;
        }
        return '';
      }
      case '[object Error]':
        for (const key of ['name', 'message', 'stack']) if (a[key] !== b[key]) return `${path}.${key}`;
        if (('cause' in a) !== ('cause' in b)) return `${path}.cause presence`;
        return 'cause' in a ? eq(a.cause, b.cause, path + '.cause') : '';
    }
    if (ArrayBuffer.isView(a)) {
      if (a.byteOffset !== b.byteOffset || a.byteLength !== b.byteLength) return `${path}: view bounds`;
      return eq(a.buffer, b.buffer, path + '.buffer');
    }
    if (Array.isArray(a) && a.length !== b.length) return `${path}.length ${a.length} vs ${b.length}`;
    const ka = Object.keys(a), kb = Object.keys(b);
    if (ka.join('\u0000') !== kb.join('\u0000')) return `${path}: keys [${ka.slice(0, 8)}] vs [${kb.slice(0, 8)}]`;
    for (const key of ka) {
      const d = eq(a[key], b[key], `${path}.${key}`);
      if (d) return d;
    }
    return '';
  };
  return eq(a, b, 'value');
};
)js";

// One isolate and context for the whole binary, single-threaded.
class V8Environment : public ::testing::Environment {
 public:
  void SetUp() override {
    v8::V8::SetFlagsFromString("--single-threaded");
    platform_ = v8::platform::NewSingleThreadedDefaultPlatform();
    v8::V8::InitializePlatform(platform_.get());
    v8::V8::Initialize();
    allocator_.reset(v8::ArrayBuffer::Allocator::NewDefaultAllocator());
    v8::Isolate::CreateParams params;
    params.array_buffer_allocator = allocator_.get();
    isolate_ = v8::Isolate::New(params);
    v8::Isolate::Scope isolate_scope(isolate_);
    v8::HandleScope handle_scope(isolate_);
    v8::Local<v8::Context> context = v8::Context::New(isolate_);
    context_.Reset(isolate_, context);
    v8::Context::Scope context_scope(context);
    v8::Local<v8::String> source =
        v8::String::NewFromUtf8(isolate_, kDeepEqualSource).ToLocalChecked();
    v8::Script::Compile(context, source)
        .ToLocalChecked()
        ->Run(context)
        .ToLocalChecked();
  }

  void TearDown() override {
    context_.Reset();
    isolate_->Dispose();
    v8::V8::Dispose();
    v8::V8::DisposePlatform();
  }

  static v8::Isolate* isolate() { return isolate_; }
  static v8::Local<v8::Context> context() { return context_.Get(isolate_); }

 private:
  // Torn down in reverse: context, isolate, then the platform.
  static inline std::unique_ptr<v8::Platform> platform_;
  static inline std::unique_ptr<v8::ArrayBuffer::Allocator> allocator_;
  static inline v8::Isolate* isolate_ = nullptr;
  static inline v8::Global<v8::Context> context_;
};

[[maybe_unused]] const auto* const kV8Environment =
    ::testing::AddGlobalTestEnvironment(new V8Environment);

// What each test body opens before touching V8.
struct V8Scope {
  V8Scope()
      : isolate_scope(V8Environment::isolate()),
        handle_scope(V8Environment::isolate()),
        context(V8Environment::context()),
        context_scope(context) {}
  v8::Isolate::Scope isolate_scope;
  v8::HandleScope handle_scope;
  v8::Local<v8::Context> context;
  v8::Context::Scope context_scope;
};

v8::Isolate* Isolate() { return V8Environment::isolate(); }
v8::Local<v8::Context> Context() { return V8Environment::context(); }

std::string ExceptionText(const v8::TryCatch& try_catch) {
  if (!try_catch.HasCaught()) return "(no exception)";
  v8::String::Utf8Value text(Isolate(), try_catch.Exception());
  return *text ? *text : "(unprintable exception)";
}

// Runs `source` as a script; a throw fails the test.
v8::Local<v8::Value> RunJs(const std::string& source) {
  v8::TryCatch try_catch(Isolate());
  v8::Local<v8::String> code =
      v8::String::NewFromUtf8(Isolate(), source.data(),
                              v8::NewStringType::kNormal,
                              static_cast<int>(source.size()))
          .ToLocalChecked();
  v8::Local<v8::Script> script;
  v8::Local<v8::Value> result;
  if (!v8::Script::Compile(Context(), code).ToLocal(&script) ||
      !script->Run(Context()).ToLocal(&result)) {
    ADD_FAILURE() << "JS threw " << ExceptionText(try_catch) << " in "
                  << source.substr(0, 200);
    return v8::Undefined(Isolate());
  }
  return result;
}

// Calls the function `function_source` evaluates to.
v8::Local<v8::Value> Call(const std::string& function_source,
                          std::vector<v8::Local<v8::Value>> args) {
  v8::Local<v8::Value> function = RunJs("(" + function_source + ")");
  if (!function->IsFunction()) return v8::Undefined(Isolate());
  v8::TryCatch try_catch(Isolate());
  v8::Local<v8::Value> result;
  if (!function.As<v8::Function>()
           ->Call(Context(), v8::Undefined(Isolate()),
                  static_cast<int>(args.size()), args.data())
           .ToLocal(&result)) {
    ADD_FAILURE() << "JS threw " << ExceptionText(try_catch) << " in "
                  << function_source;
    return v8::Undefined(Isolate());
  }
  return result;
}

std::string ToStdString(v8::Local<v8::Value> value) {
  v8::String::Utf8Value text(Isolate(), value);
  return *text ? std::string(*text, text.length()) : "";
}

// "" if equal, else where they differ.
std::string DeepDifference(v8::Local<v8::Value> a, v8::Local<v8::Value> b) {
  return ToStdString(Call("cloneDeepEqual", {a, b}));
}

Bytes Serialize(v8::Local<v8::Value> value) {
  v8::TryCatch try_catch(Isolate());
  v8::ValueSerializer serializer(Isolate());
  serializer.WriteHeader();
  if (serializer.WriteValue(Context(), value).IsNothing()) {
    ADD_FAILURE() << "V8 cannot serialize: " << ExceptionText(try_catch);
    return {};
  }
  auto [data, size] = serializer.Release();
  Bytes bytes(data, data + size);
  std::free(data);  // Allocated with realloc, as there is no delegate.
  return bytes;
}

// Empty, with the reason in `error`, if V8 rejects `bytes`.
v8::MaybeLocal<v8::Value> Deserialize(std::span<const uint8_t> bytes,
                                      std::string* error) {
  v8::TryCatch try_catch(Isolate());
  v8::ValueDeserializer deserializer(Isolate(), bytes.data(), bytes.size());
  v8::Local<v8::Value> value;
  if (deserializer.ReadHeader(Context()).IsNothing() ||
      !deserializer.ReadValue(Context()).ToLocal(&value)) {
    *error = ExceptionText(try_catch);
    return {};
  }
  return value;
}

std::string Printable(std::span<const uint8_t> bytes, size_t limit = 64) {
  std::string text;
  for (size_t i = 0; i < bytes.size() && i < limit; ++i) {
    char hex[4];
    std::snprintf(hex, sizeof(hex), "%02x ", bytes[i]);
    text += hex;
  }
  if (bytes.size() > limit) text += "...";
  return text;
}

// A JS expression V8 serializes, for the round-trip table.
struct JsCase {
  const char* name;
  const char* source;
  // Encode(Decode(bytes)) == bytes. False where V8 holds a string as two
  // bytes although every character fits in one; Encode picks one byte.
  bool exact_bytes = true;
  // V8's own round trip returns an equal value. False where V8 drops parts
  // (an error's custom name); those cases compare with V8's round trip only.
  bool lossless = true;
};

void PrintTo(const JsCase& js_case, std::ostream* os) { *os << js_case.name; }

const JsCase kJsCases[] = {
    {"undefined", "undefined"},
    {"null", "null"},
    {"true", "true"},
    {"false", "false"},
    {"int_zero", "0"},
    {"int_small", "-7"},
    {"int_max", "2147483647"},
    {"int_min", "-2147483648"},
    {"double_fraction", "1.5"},
    {"double_negative_zero", "-0"},
    {"double_nan", "NaN"},
    {"double_infinity", "Infinity"},
    {"double_negative_infinity", "-Infinity"},
    {"double_past_int32", "2147483648"},
    {"double_2_53", "2 ** 53"},
    {"double_denormal", "5e-324"},
    {"double_max", "Number.MAX_VALUE"},
    {"bigint_zero", "0n"},
    {"bigint_small", "123n"},
    {"bigint_negative", "-123n"},
    {"bigint_u64_max", "18446744073709551615n"},
    {"bigint_2_64", "2n ** 64n"},
    {"bigint_minus_2_64", "-(2n ** 64n)"},
    {"bigint_huge", "2n ** 1000n + 12345678901234567890n"},
    {"bigint_huge_negative", "-(3n ** 5000n) - 1n"},
    {"string_empty", "''"},
    {"string_ascii", "'hello, world'"},
    {"string_latin1", "'caf\\u00e9 \\u00ff \\u0080'"},
    {"string_nul", "'a\\u0000b'"},
    {"string_two_byte", "'\\u0100\\u4e2d\\u6587'"},
    {"string_emoji", "'smile \\u{1F600} and \\u{1F4A9}!'"},
    {"string_lone_lead_surrogate", "'x\\ud800y'"},
    {"string_lone_trail_surrogate", "'\\udc00'"},
    {"string_reversed_pair", "'\\udc00\\ud800'"},
    {.name = "string_two_byte_holding_latin1",
     .source = "('\\u0100' + '\\u00e9'.repeat(20)).slice(1)",
     .exact_bytes = false},
    {"array_empty", "[]"},
    {"array_smis", "[1, 2, 3]"},
    {"array_doubles", "[1.5, 2, -0, NaN]"},
    {"array_mixed", "[1, 'a', null, undefined, true, 2.5, 7n]"},
    {"array_nested", "[[[]], [[1], [2, [3]]]]"},
    {"array_with_property",
     "(() => { const a = [1, 2]; a.foo = 'bar'; "
     "return a; })()"},
    {"array_holey", "[1, , 3]"},
    {"array_sparse",
     "(() => { const a = []; a[5] = 1; a[2] = 'x'; "
     "a.name = 'n'; return a; })()"},
    {"array_sparse_long", "(() => { const a = []; a[1e6] = 1; return a; })()"},
    {"array_sparse_max_index",
     "(() => { const a = []; a[4294967294] = 1; return a; })()"},
    {"object_empty", "({})"},
    {"object_nested", "({a: 1, b: {c: [1, {d: 'e'}]}, f: null})"},
    {"object_index_keys", "({2: 'x', 1: 'y', a: 'z', 0: 0})"},
    {"object_big_index_keys", "({4294967294: 1, 4294967295: 2, '-1': 3})"},
    {"object_unicode_keys",
     "({'\\u043a\\u043b\\u044e\\u0447': 1, '\\u{1F600}': 2, '\\u00e9': 3})"},
    {"object_many_keys",
     "Object.fromEntries(Array.from({length: 1000}, "
     "(_, i) => ['k' + i, i]))"},
    {"object_dictionary_mode",
     "(() => { const o = {a: 1, b: 2, c: 3}; "
     "delete o.b; return o; })()"},
    {"cycle_self", "(() => { const a = {}; a.self = a; return a; })()"},
    {"cycle_mutual",
     "(() => { const a = {}, b = {a}; a.b = b; "
     "return [a, b]; })()"},
    {"cycle_array", "(() => { const a = [1]; a.push(a); return a; })()"},
    {"cycle_map",
     "(() => { const m = new Map(); m.set(m, m); "
     "return m; })()"},
    {"cycle_set", "(() => { const s = new Set(); s.add(s); return s; })()"},
    {"shared_object", "(() => { const o = {x: 1}; return [o, o, {o}]; })()"},
    {"shared_deep",
     "(() => { let x = [1]; for (let i = 0; i < 30; i++) "
     "x = [x, x]; return x; })()"},
    {"date_epoch", "new Date(0)"},
    {"date_now_ish", "new Date(1700000000123)"},
    {"date_max", "new Date(8.64e15)"},
    {"date_min", "new Date(-8.64e15)"},
    {"date_invalid", "new Date(NaN)"},
    {"regexp_simple", "/a+b/"},
    {"regexp_flags", "/x/dgimsuy"},
    {"regexp_slash", "new RegExp('a/b', 'g')"},
    {"regexp_latin1", "/caf\\u00e9/i"},
    {"regexp_two_byte", "/\\u{1F600}+/u"},
    {"map_empty", "new Map()"},
    {"map_mixed", "new Map([[1, 'a'], ['b', {}], [null, [1]], [NaN, -0]])"},
    {"map_object_keys",
     "(() => { const k = {k: 1}; "
     "return new Map([[k, 1], [{}, k], [[k], k]]); })()"},
    {"set_mixed", "new Set([1, 'a', {}, [1], 2n, undefined])"},
    {"array_buffer_empty", "new ArrayBuffer(0)"},
    {"array_buffer", "new Uint8Array([1, 2, 3, 250]).buffer"},
    {"typed_arrays_with_offsets", R"js((() => {
      const b = new ArrayBuffer(64);
      new Uint8Array(b).forEach((_, i, a) => { a[i] = i * 37; });
      return [new Int8Array(b, 1, 3), new Uint8Array(b),
              new Uint8ClampedArray(b, 5), new Int16Array(b, 2, 4),
              new Uint16Array(b, 8), new Int32Array(b, 4, 2),
              new Uint32Array(b, 12, 1), new Float32Array(b, 16, 2),
              new Float64Array(b, 8, 3), new BigInt64Array(b, 16, 2),
              new BigUint64Array(b, 24), new DataView(b, 3, 7), b];
    })())js"},
    {"typed_array_subarray", "new Int32Array([1, 2, 3]).subarray(1)"},
    {"typed_array_special_doubles", "new Float64Array([NaN, -0, Infinity])"},
    {"data_view_alone", "new DataView(new ArrayBuffer(10), 2, 5)"},
    {"views_share_buffer_in_map", R"js((() => {
      const b = new ArrayBuffer(8);
      const v = new Uint16Array(b, 2, 2);
      return new Map([[v, new DataView(b)], ['v', v]]);
    })())js"},
    {"error_plain", "new Error('message')"},
    {"error_no_message", "new Error()"},
    {"error_type", "new TypeError('t')"},
    {"error_range", "new RangeError('r')"},
    {"error_reference", "new ReferenceError('r')"},
    {"error_syntax", "new SyntaxError('s')"},
    {"error_eval", "new EvalError('e')"},
    {"error_uri", "new URIError('u')"},
    {"error_two_byte_message", "new Error('\\u{1F600} \\u0100')"},
    {"error_cause", "new Error('outer', {cause: {inner: [1, 2]}})"},
    {"error_cause_error",
     "new Error('outer', {cause: new TypeError('inner')})"},
    {.name = "error_custom_name",
     .source = "(() => { const e = new Error('x'); e.name = 'Custom'; "
               "return e; })()",
     .lossless = false},
    {"boxed_number", "Object(1.5)"},
    {"boxed_negative_zero", "Object(-0)"},
    {"boxed_nan", "Object(NaN)"},
    {"boxed_string", "Object('s')"},
    {"boxed_two_byte_string", "Object('\\u{1F600}')"},
    {"boxed_bigint", "Object(-(2n ** 70n))"},
    {"boxed_true", "Object(true)"},
    {"boxed_false", "Object(false)"},
    {"nested_900",
     "(() => { let a = []; for (let i = 0; i < 900; i++) "
     "a = [a]; return a; })()"},
    {"everything", R"js((() => {
      const shared = {s: 1};
      const o = {num: 1, dbl: 0.1, big: 10n ** 30n, str: '\u{1F600}',
                 arr: [shared, , 3], date: new Date(5), re: /x/g,
                 map: new Map([[shared, 'v']]), set: new Set([shared]),
                 u8: new Uint8Array([9, 8, 7]), err: new RangeError('bad'),
                 boxed: Object('b'), nil: null, undef: undefined};
      o.self = o;
      return o;
    })())js"},
    {"string_16_mib_one_byte", "'x'.repeat(16 << 20)"},
    {"string_16_mib_two_byte", "'\\u{1F600}'.repeat(4 << 20)"},
    {"array_buffer_16_mib", "new Uint8Array(16 << 20).fill(7).buffer"},
};

class RoundTripTest : public ::testing::TestWithParam<JsCase> {};

// V8 bytes -> Decode -> Encode -> V8, compared with the original in JS.
TEST_P(RoundTripTest, V8BytesSurviveDecodeAndEncode) {
  V8Scope scope;
  const JsCase& js_case = GetParam();
  v8::Local<v8::Value> original = RunJs(js_case.source);
  const Bytes bytes = Serialize(original);
  ASSERT_FALSE(bytes.empty());

  Result<CloneValue> decoded = Decode(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.error().message << "\n"
                            << Printable(bytes);
  const Bytes encoded = Encode(*decoded);
  if (js_case.exact_bytes) {
    EXPECT_EQ(encoded, bytes)
        << "ours: " << Printable(encoded) << "\nV8's: " << Printable(bytes);
  } else {
    EXPECT_NE(encoded, bytes) << "the bytes match now: drop exact_bytes";
  }

  std::string error;
  v8::Local<v8::Value> ours, theirs;
  ASSERT_TRUE(Deserialize(encoded, &error).ToLocal(&ours)) << error;
  ASSERT_TRUE(Deserialize(bytes, &error).ToLocal(&theirs)) << error;
  EXPECT_EQ(DeepDifference(theirs, ours), "");
  if (js_case.lossless) {
    EXPECT_EQ(DeepDifference(original, ours), "");
  }
}

// Every proper prefix of a valid message is an error, never a crash, unless
// it is a whole message itself (an ArrayBuffer without the view after it).
TEST_P(RoundTripTest, EveryTruncationFailsOrIsWhole) {
  V8Scope scope;
  const Bytes bytes = Serialize(RunJs(GetParam().source));
  if (bytes.size() > 64 * 1024) GTEST_SKIP() << "quadratic; covered by fuzzer";
  for (size_t size = 0; size < bytes.size(); ++size) {
    std::span<const uint8_t> prefix(bytes.data(), size);
    Result<CloneValue> decoded = Decode(prefix);
    if (decoded.ok()) {
      EXPECT_EQ(Encode(*decoded), Bytes(prefix.begin(), prefix.end()))
          << "prefix of " << size << " bytes decoded";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(JsValues, RoundTripTest, ::testing::ValuesIn(kJsCases),
                         [](const ::testing::TestParamInfo<JsCase>& info) {
                           return std::string(info.param.name);
                         });

// Writes the small cases' bytes as seeds for the fuzzer, when asked to.
TEST(CorpusTest, WritesSeedsWhenCloneCorpusDirIsSet) {
  const char* directory = std::getenv("CLONE_CORPUS_DIR");
  if (directory == nullptr) GTEST_SKIP() << "CLONE_CORPUS_DIR not set";
  V8Scope scope;
  for (const JsCase& js_case : kJsCases) {
    const Bytes bytes = Serialize(RunJs(js_case.source));
    if (bytes.size() > 4096) continue;
    std::ofstream file(std::string(directory) + "/" + js_case.name + ".bin",
                       std::ios::binary);
    file.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    EXPECT_TRUE(file.good()) << js_case.name;
  }
}

// Encodes `value` and hands V8's reading of it to `predicate`, a JS function
// of one argument that must return true.
void ExpectV8Reads(const CloneValue& value, const std::string& predicate) {
  const Bytes bytes = Encode(value);
  std::string error;
  v8::Local<v8::Value> read;
  ASSERT_TRUE(Deserialize(bytes, &error).ToLocal(&read)) << error << "\n"
                                                         << Printable(bytes);
  EXPECT_TRUE(Call(predicate, {read})->IsTrue())
      << predicate << "\nbytes: " << Printable(bytes);
  // And what we encode, we decode to the same bytes again.
  Result<CloneValue> decoded = Decode(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.error().message;
  EXPECT_EQ(Encode(*decoded), bytes);
}

CloneValue Str(std::string text) { return CloneValue::String(std::move(text)); }
CloneValue Int(int32_t number) { return CloneValue::Int32(number); }

TEST(BuiltInCppTest, Primitives) {
  V8Scope scope;
  ExpectV8Reads(CloneValue::Undefined(), "v => v === undefined");
  ExpectV8Reads(CloneValue::Null(), "v => v === null");
  ExpectV8Reads(CloneValue::Bool(true), "v => v === true");
  ExpectV8Reads(Int(-5), "v => v === -5");
  ExpectV8Reads(Int(std::numeric_limits<int32_t>::min()),
                "v => v === -2147483648");
  ExpectV8Reads(CloneValue::Double(-0.0), "v => Object.is(v, -0)");
  ExpectV8Reads(CloneValue::Double(std::nan("")), "v => Number.isNaN(v)");
  ExpectV8Reads(CloneValue::Double(-INFINITY), "v => v === -Infinity");
  ExpectV8Reads(CloneValue::Number(3.0), "v => v === 3");
  EXPECT_EQ(CloneValue::Number(3.0).kind(), CloneValue::Kind::kInt32);
  EXPECT_EQ(CloneValue::Number(-0.0).kind(), CloneValue::Kind::kDouble);
  EXPECT_EQ(CloneValue::Number(2147483648.0).kind(), CloneValue::Kind::kDouble);
}

TEST(BuiltInCppTest, BigInts) {
  V8Scope scope;
  const char* kDecimals[] = {
      "0",
      "1",
      "-1",
      "18446744073709551615",
      "18446744073709551616",
      "-123456789012345678901234567890123456789012345678901234567890"};
  for (const char* decimal : kDecimals) {
    std::optional<CloneBigInt> bigint = CloneBigInt::FromDecimalString(decimal);
    ASSERT_TRUE(bigint.has_value()) << decimal;
    EXPECT_EQ(bigint->ToDecimalString(), decimal);
    ExpectV8Reads(CloneValue::BigInt(*bigint),
                  std::string("v => v === ") + decimal + "n");
  }
  EXPECT_EQ(CloneBigInt::FromInt64(std::numeric_limits<int64_t>::min())
                .ToDecimalString(),
            "-9223372036854775808");
  EXPECT_FALSE(CloneBigInt::FromDecimalString("12a").has_value());
  EXPECT_FALSE(CloneBigInt::FromDecimalString("-").has_value());
  EXPECT_EQ(CloneBigInt::FromDecimalString("-0")->negative, false);
}

TEST(BuiltInCppTest, Strings) {
  V8Scope scope;
  ExpectV8Reads(Str(""), "v => v === ''");
  ExpectV8Reads(Str("caf\xC3\xA9"), "v => v === 'caf\\u00e9'");
  ExpectV8Reads(Str("\xF0\x9F\x98\x80 \xC4\x80"),
                "v => v === '\\u{1F600} \\u0100'");
  // WTF-8 for a lone surrogate.
  ExpectV8Reads(Str("a\xED\xA0\x80"), "v => v === 'a\\ud800'");
  // Ill-formed UTF-8 becomes U+FFFD.
  ExpectV8Reads(Str("a\xFF"), "v => v === 'a\\ufffd'");
  std::string big(1 << 20, 'z');
  ExpectV8Reads(Str(big), "v => v.length === 1048576 && v[1000] === 'z'");
}

TEST(BuiltInCppTest, ObjectsAndArrays) {
  V8Scope scope;
  ExpectV8Reads(CloneValue::NewObject(ClonePlainObject{{
                    {Int(1), Str("one")},
                    {Str("name"), Str("x")},
                    {CloneValue::Double(4294967294.0), CloneValue::Null()},
                }}),
                "v => v[1] === 'one' && v.name === 'x' && "
                "v[4294967294] === null && "
                "Object.keys(v).join() === '1,4294967294,name'");
  ExpectV8Reads(
      CloneValue::NewObject(CloneDenseArray{
          {Int(1), CloneValue::Hole(), Int(3)}, {{Str("p"), Int(9)}}}),
      "v => Array.isArray(v) && v.length === 3 && !(1 in v) && "
      "v[2] === 3 && v.p === 9");
  ExpectV8Reads(CloneValue::NewObject(CloneSparseArray{
                    100, {{Int(50), Str("x")}, {Str("foo"), Int(1)}}}),
                "v => v.length === 100 && v[50] === 'x' && v.foo === 1 && "
                "Object.keys(v).length === 2");
}

TEST(BuiltInCppTest, CyclesAndSharedReferences) {
  V8Scope scope;
  auto cyclic = std::make_shared<CloneObject>(ClonePlainObject{});
  cyclic->As<ClonePlainObject>()->properties.push_back(
      {Str("self"), CloneValue::BackReference(cyclic)});
  ExpectV8Reads(CloneValue::Object(cyclic), "v => v.self === v");

  // Shared (acyclic) objects may use owning edges twice.
  CloneValue shared =
      CloneValue::NewObject(ClonePlainObject{{{Str("a"), Int(1)}}});
  ExpectV8Reads(CloneValue::NewObject(CloneDenseArray{{shared, shared}, {}}),
                "v => v[0] === v[1] && v[0].a === 1");

  CloneValue key = CloneValue::NewObject(ClonePlainObject{});
  ExpectV8Reads(
      CloneValue::NewObject(CloneMap{{{key, Int(1)}, {Str("k"), key}}}),
      "v => v instanceof Map && v.size === 2 && "
      "[...v.keys()][0] === v.get('k')");
  ExpectV8Reads(CloneValue::NewObject(CloneSet{{key, Str("s"), key}}),
                "v => v instanceof Set && v.size === 2");
}

TEST(BuiltInCppTest, DatesRegExpsAndBoxes) {
  V8Scope scope;
  ExpectV8Reads(CloneValue::NewObject(CloneDate{1700000000123.0}),
                "v => v instanceof Date && "
                "v.toISOString() === '2023-11-14T22:13:20.123Z'");
  std::optional<uint32_t> flags = CloneRegExp::ParseFlags("gi");
  ASSERT_TRUE(flags.has_value());
  ExpectV8Reads(CloneValue::NewObject(CloneRegExp{"a+\xC4\x80", *flags}),
                "v => v instanceof RegExp && v.source === 'a+\\u0100' && "
                "v.flags === 'gi'");
  EXPECT_EQ((CloneRegExp{"", *CloneRegExp::ParseFlags("ydsmig")}.FlagsString()),
            "dgimsy");
  EXPECT_FALSE(CloneRegExp::ParseFlags("gg").has_value());
  EXPECT_FALSE(CloneRegExp::ParseFlags("q").has_value());
  ExpectV8Reads(CloneValue::NewObject(CloneBoxedPrimitive{Str("str")}),
                "v => typeof v === 'object' && v.valueOf() === 'str'");
  ExpectV8Reads(
      CloneValue::NewObject(CloneBoxedPrimitive{CloneValue::Double(-0.0)}),
      "v => v instanceof Number && Object.is(v.valueOf(), -0)");
  ExpectV8Reads(
      CloneValue::NewObject(CloneBoxedPrimitive{CloneValue::Bool(false)}),
      "v => v instanceof Boolean && v.valueOf() === false");
  ExpectV8Reads(CloneValue::NewObject(CloneBoxedPrimitive{
                    CloneValue::BigInt(CloneBigInt::FromInt64(-5))}),
                "v => typeof v === 'object' && v.valueOf() === -5n");
}

TEST(BuiltInCppTest, BuffersAndViews) {
  V8Scope scope;
  CloneValue buffer = CloneValue::NewObject(
      CloneArrayBuffer{{1, 0, 2, 0, 3, 0, 4, 0, 0xff, 0xff, 0xff, 0xff}});
  CloneValue u16 = CloneValue::NewObject(
      CloneArrayBufferView{CloneViewType::kUint16Array, buffer, 2, 4});
  CloneValue i32 = CloneValue::NewObject(
      CloneArrayBufferView{CloneViewType::kInt32Array, buffer, 8, 4});
  CloneValue data_view = CloneValue::NewObject(
      CloneArrayBufferView{CloneViewType::kDataView, buffer, 1, 3});
  ExpectV8Reads(
      CloneValue::NewObject(CloneDenseArray{{u16, i32, data_view, buffer}, {}}),
      "v => v[0] instanceof Uint16Array && v[0].length === 2 && "
      "v[0][0] === 2 && v[0][1] === 3 && v[1][0] === -1 && "
      "v[2] instanceof DataView && v[2].getUint8(1) === 2 && "
      "v[0].buffer === v[1].buffer && v[1].buffer === v[2].buffer && "
      "v[3] === v[0].buffer");
}

TEST(BuiltInCppTest, Errors) {
  V8Scope scope;
  CloneErrorObject error;
  error.prototype = CloneErrorObject::Prototype::kTypeError;
  error.message = "boom \xF0\x9F\x98\x80";
  error.stack = "TypeError: boom\n    at somewhere";
  error.cause = CloneValue::NewObject(ClonePlainObject{{{Str("x"), Int(1)}}});
  ExpectV8Reads(CloneValue::NewObject(error),
                "v => v instanceof TypeError && v.message === "
                "'boom \\u{1F600}' && v.cause.x === 1 && "
                "v.stack === 'TypeError: boom\\n    at somewhere'");
  ExpectV8Reads(CloneValue::NewObject(CloneErrorObject{}),
                "v => v instanceof Error && v.message === '' && "
                "!('cause' in v)");
}

TEST(BuiltInCppTest, FindReadsPlainObjectProperties) {
  CloneValue message = CloneValue::NewObject(
      ClonePlainObject{{{Str("type"), Str("log")}, {Int(0), Str("zero")}}});
  ASSERT_NE(message.Find("type"), nullptr);
  EXPECT_EQ(message.Find("type")->string(), "log");
  EXPECT_EQ(message.Find("0"), nullptr);  // Number keys are not strings.
  EXPECT_EQ(Str("x").Find("type"), nullptr);
}

// Decode's error for `bytes`, or "" if it decodes.
std::string DecodeError(const Bytes& bytes) {
  Result<CloneValue> decoded = Decode(bytes);
  return decoded.ok() ? "" : decoded.error().message;
}

Bytes Concat(std::initializer_list<Bytes> parts) {
  Bytes bytes;
  for (const Bytes& part : parts)
    bytes.insert(bytes.end(), part.begin(), part.end());
  return bytes;
}

Bytes Repeat(const Bytes& part, size_t count) {
  Bytes bytes;
  for (size_t i = 0; i < count; ++i)
    bytes.insert(bytes.end(), part.begin(), part.end());
  return bytes;
}

const Bytes kHeader = {0xFF, 0x0F};

TEST(DecodeErrorTest, NamesUnknownTagAndOffset) {
  // {a: <tag 0x01>}
  EXPECT_EQ(DecodeError(Concat({kHeader, {'o', '"', 1, 'a', 0x01}})),
            "unknown structured-clone tag 0x01 at offset 6");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'o', '"', 1, 'a', '\\'}})),
            "unsupported structured-clone tag 0x5c at offset 6 ('\\', host "
            "object, which needs a V8 delegate)");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'t', 0}})),
            "unsupported structured-clone tag 0x74 at offset 2 ('t', "
            "transferred ArrayBuffer, which needs a V8 delegate)");
}

TEST(DecodeErrorTest, HeaderAndFraming) {
  EXPECT_EQ(DecodeError({}),
            "missing structured-clone version header (0xff) at offset 0");
  EXPECT_EQ(DecodeError({'_'}),
            "missing structured-clone version header (0xff) at offset 0");
  EXPECT_EQ(DecodeError({0xFF, 16, '_'}),
            "unsupported structured-clone version 16 (want 13 to 15) at "
            "offset 1");
  EXPECT_EQ(DecodeError({0xFF, 12, '_'}),
            "unsupported structured-clone version 12 (want 13 to 15) at "
            "offset 1");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'_', '_'}})),
            "trailing byte 0x5f after the value at offset 3");
  EXPECT_EQ(DecodeError(Concat({kHeader, {0, '_', 0, 0}})), "");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'I'}})),
            "unexpected end of input at offset 3");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'I', 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}})),
            "varint longer than 5 bytes at offset 3");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'I', 0xFF, 0xFF, 0xFF, 0xFF, 0x1F}})),
            "varint overflows 32 bits at offset 3");
  // Version 13 views have no flags.
  Result<CloneValue> old =
      Decode(Bytes{0xFF, 13, 'B', 2, 1, 2, 'V', 'B', 0, 2});
  ASSERT_TRUE(old.ok()) << old.error().message;
}

TEST(DecodeErrorTest, HugeLengthsAllocateNothing) {
  const Bytes kMaxVarint = {0xFF, 0xFF, 0xFF, 0xFF, 0x0F};
  EXPECT_EQ(DecodeError(Concat({kHeader, {'"'}, kMaxVarint, {'a'}})),
            "length 4294967295 exceeds the 1 bytes left at offset 8");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'c'}, kMaxVarint, {'a'}})),
            "two-byte string of odd length 4294967295 at offset 2");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'A'}, kMaxVarint, {'_'}})),
            "dense array length 4294967295 exceeds the 1 bytes left at "
            "offset 2");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'B'}, kMaxVarint})),
            "length 4294967295 exceeds the 0 bytes left at offset 8");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'Z', 0xFE, 0xFF, 0xFF, 0xFF, 0x07}})),
            "BigInt of 1073741823 bytes is longer than V8 allows at offset 3");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'Z', 0x01}})),
            "BigInt -0n at offset 3");
  // A sparse array may claim any length: it allocates per property only.
  Result<CloneValue> sparse =
      Decode(Concat({kHeader, {'a'}, kMaxVarint, {'@', 0}, kMaxVarint}));
  ASSERT_TRUE(sparse.ok()) << sparse.error().message;
  EXPECT_EQ(ToJsonText(*sparse, {.max_values = 4}),
            "[null,null,null,\"[Truncated]\"]");
}

TEST(DecodeErrorTest, NestingIsBounded) {
  const auto nested = [](size_t depth) {
    return Concat(
        {kHeader, Repeat({'A', 1}, depth), {'_'}, Repeat({'$', 0, 1}, depth)});
  };
  EXPECT_EQ(DecodeError(nested(kMaxCloneDepth)), "");
  EXPECT_EQ(DecodeError(nested(kMaxCloneDepth + 1)),
            "objects nested deeper than 1000 at offset 2002");
  EXPECT_NE(DecodeError(Concat({kHeader, Repeat({'o', '"', 1, 'a'}, 200000)})),
            "");
  // The ignored object-count tag loops instead of recursing.
  EXPECT_EQ(DecodeError(Concat({kHeader, Repeat({'?', 0}, 1000000), {'_'}})),
            "");
}

TEST(DecodeErrorTest, StructuralErrors) {
  EXPECT_EQ(DecodeError(Concat({kHeader, {'^', 0}})),
            "reference to unknown object id 0 at offset 2");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'o', '{', 1}})),
            "property count 1 does not match the 0 read at offset 4");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'A', 1, '_', '$', 0, 2}})),
            "array length count 2 does not match the 1 read at offset 7");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'o', 'o', '{', 0, '_', '{', 1}})),
            "property key is neither a string nor a number at offset 3");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'-'}})),
            "array hole tag '-' outside a dense array at offset 2");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'V', 'B', 0, 0, 0}})),
            "view tag 'V' without an ArrayBuffer before it at offset 2");
  EXPECT_EQ(
      DecodeError(Concat({kHeader, {'B', 4, 0, 0, 0, 0, 'V', 'B', 2, 4, 0}})),
      "view of bytes [2, +4) outside its 4-byte ArrayBuffer at offset 8");
  EXPECT_EQ(
      DecodeError(Concat({kHeader, {'B', 4, 0, 0, 0, 0, 'V', 'w', 1, 2, 0}})),
      "view offset or length not a multiple of its 2-byte elements at "
      "offset 8");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'B', 2, 0, 0, 'V', 'h', 0, 2, 0}})),
            "unknown view subtag 0x68 at offset 6");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'r', 'X'}})),
            "unknown error subtag 0x58 at offset 3");
  EXPECT_EQ(DecodeError(Concat({kHeader, {'r', 'm', 'I', 0}})),
            "expected a string at offset 4");
  EXPECT_EQ(DecodeError(Concat({kHeader, {';', '_', ':', 2}})),
            "unknown structured-clone tag 0x3a at offset 4");
  EXPECT_EQ(DecodeError(Concat({kHeader, {';', '_', '_'}})),
            "unexpected end of input at offset 5");
}

TEST(DecodeTest, CauseReferringToItsErrorIsABackReference) {
  V8Scope scope;
  const Bytes bytes = Serialize(RunJs(
      "(() => { const e = new RangeError('x'); e.cause = e; return e; })()"));
  Result<CloneValue> decoded = Decode(bytes);
  ASSERT_TRUE(decoded.ok()) << decoded.error().message;
  const auto* error = decoded->object()->As<CloneErrorObject>();
  ASSERT_NE(error, nullptr);
  ASSERT_TRUE(error->cause.has_value());
  EXPECT_TRUE(error->cause->is_back_reference());
  EXPECT_EQ(error->cause->object(), decoded->object());
  EXPECT_EQ(Encode(*decoded), bytes);
}

TEST(DecodeTest, SurvivesMutatedMessages) {
  V8Scope scope;
  std::vector<Bytes> seeds;
  for (const JsCase& js_case : kJsCases) {
    Bytes bytes = Serialize(RunJs(js_case.source));
    if (bytes.size() < 4096) seeds.push_back(std::move(bytes));
  }
  std::mt19937 random(12345);
  int decoded_count = 0;
  for (int round = 0; round < 20000; ++round) {
    Bytes bytes = seeds[random() % seeds.size()];
    for (int flips = 1 + random() % 4; flips > 0; --flips) {
      bytes[2 + random() % (bytes.size() - 2)] = static_cast<uint8_t>(random());
    }
    Result<CloneValue> decoded = Decode(bytes);
    if (!decoded.ok()) continue;
    ++decoded_count;
    const Bytes encoded = Encode(*decoded);
    Result<CloneValue> again = Decode(encoded);
    ASSERT_TRUE(again.ok()) << again.error().message << "\n"
                            << Printable(bytes);
    EXPECT_EQ(Encode(*again), encoded);
    ToJsonText(*decoded, {.max_values = 10000});
  }
  EXPECT_GT(decoded_count, 100);
}

// JSON text -> value -> V8 equals JSON.parse(text).
void ExpectJsonParsesLikeV8(const std::string& text) {
  Result<CloneValue> value = ParseJson(text);
  ASSERT_TRUE(value.ok()) << value.error().message;
  std::string error;
  v8::Local<v8::Value> ours;
  ASSERT_TRUE(Deserialize(Encode(*value), &error).ToLocal(&ours)) << error;
  v8::Local<v8::Value> theirs =
      Call("t => JSON.parse(t)",
           {v8::String::NewFromUtf8(Isolate(), text.c_str()).ToLocalChecked()});
  EXPECT_EQ(DeepDifference(theirs, ours), "") << text;
}

TEST(JsonTest, ParsesLikeJsonParse) {
  V8Scope scope;
  ExpectJsonParsesLikeV8("null");
  ExpectJsonParsesLikeV8("[1, 1.5, -2147483648, 2147483648, 1e300, 1.0, -0.0]");
  ExpectJsonParsesLikeV8("\"caf\\u00e9 \\ud83d\\ude00 \\u0000\"");
  ExpectJsonParsesLikeV8(
      R"({"a": [true, false, null, {"b": "c"}], "": {}, "1": "one", "x": []})");
  ExpectJsonParsesLikeV8(R"({"4294967294": 1, "4294967295": 2, "01": 3})");
}

TEST(JsonTest, NumbersTakeV8Tags) {
  Result<CloneValue> value = ParseJson("[1, 1.5, 2147483648, -0.0, 1.0]");
  ASSERT_TRUE(value.ok());
  const auto& elements = value->object()->As<CloneDenseArray>()->elements;
  using Kind = CloneValue::Kind;
  EXPECT_EQ(elements[0].kind(), Kind::kInt32);
  EXPECT_EQ(elements[1].kind(), Kind::kDouble);
  EXPECT_EQ(elements[2].kind(), Kind::kDouble);
  EXPECT_EQ(elements[3].kind(), Kind::kDouble);
  EXPECT_EQ(elements[4].kind(), Kind::kInt32);
}

TEST(JsonTest, RejectsBadJson) {
  Result<CloneValue> bad = ParseJson("{\"a\": }");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("invalid JSON"), std::string::npos)
      << bad.error().message;
  Result<CloneValue> deep =
      ParseJson(std::string(5000, '[') + std::string(5000, ']'));
  ASSERT_FALSE(deep.ok());
  EXPECT_EQ(deep.error().message, "JSON nested deeper than 1000");
  EXPECT_TRUE(ParseJson(std::string(1000, '[') + std::string(1000, ']')).ok());
}

// ToJsonText of V8's bytes for `source`.
std::string PrintedJson(const std::string& source,
                        const CloneJsonOptions& options = {}) {
  Result<CloneValue> decoded = Decode(Serialize(RunJs(source)));
  if (!decoded.ok()) return "decode error: " + decoded.error().message;
  return ToJsonText(*decoded, options);
}

TEST(JsonTest, PrintsJsonCompatibleValuesLikeJsonStringify) {
  V8Scope scope;
  const char* kSources[] = {
      "({a: 1, b: [1, 2.5, 'x', null, true, false], c: {d: {}}})",
      "({b: 1, 2: 3, a: [[]]})",
      R"js('quote " backslash \\ newline \n tab \t control \u0001 \u{1F600}')js",
      "[0.1, -0, 1e21, 2 ** 53, 2 ** 60, -1.5e300, NaN, Infinity]",
      "[1, , 3]",
      "(() => { const a = []; a[3] = 1; return a; })()",
      "Object(1)",
      "Object('boxed')",
      "new Date(0)",
      "new Date(-1)",
      "new Date(8.64e15)",
      "new Date(-8.64e15)",
      "new Date(-62198755200000)",
      "new Date(253402300800000)",
      "new Date(NaN)",
      "[new Date(951782400000), new Date(4107542400000)]",
      "(() => { const o = {x: 1}; return [o, {o}]; })()",
  };
  for (const char* source : kSources) {
    EXPECT_EQ(PrintedJson(source),
              ToStdString(Call("v => JSON.stringify(v)", {RunJs(source)})))
        << source;
  }
}

TEST(JsonTest, PrintsOtherValuesAsDocumented) {
  V8Scope scope;
  EXPECT_EQ(PrintedJson("[undefined, {u: undefined}]"), "[null,{\"u\":null}]");
  EXPECT_EQ(PrintedJson("[123n, -(2n ** 64n), 0n]"),
            "[\"123n\",\"-18446744073709551616n\",\"0n\"]");
  EXPECT_EQ(
      PrintedJson("(() => { const a = {x: 1}; a.self = a; return a; })()"),
      "{\"x\":1,\"self\":\"[Circular]\"}");
  EXPECT_EQ(PrintedJson("new Map([[1, 'a'], [{}, [2]]])"),
            "[[1,\"a\"],[{},[2]]]");
  EXPECT_EQ(PrintedJson("new Set([1, 'b'])"), "[1,\"b\"]");
  EXPECT_EQ(PrintedJson("/a\\/b+/gi"), "\"/a\\\\/b+/gi\"");
  EXPECT_EQ(PrintedJson("new Int16Array([1, -2, 3]).subarray(1)"), "[-2,3]");
  EXPECT_EQ(PrintedJson("new Float32Array([0.5, NaN])"), "[0.5,null]");
  EXPECT_EQ(PrintedJson("new BigInt64Array([-1n, 2n])"), "[\"-1n\",\"2n\"]");
  EXPECT_EQ(PrintedJson("new DataView(new Uint8Array([1, 2, 3]).buffer, 1)"),
            "[2,3]");
  EXPECT_EQ(PrintedJson("new Uint8Array([4, 5]).buffer"), "[4,5]");
  EXPECT_EQ(PrintedJson("'\\ud800'"), "\"\xEF\xBF\xBD\"");
  EXPECT_EQ(PrintedJson("({4294967294: 1})"), "{\"4294967294\":1}");
  EXPECT_EQ(PrintedJson("(() => { const e = new TypeError('t', {cause: 1}); "
                        "e.stack = 'S'; return e; })()"),
            "{\"name\":\"TypeError\",\"message\":\"t\",\"stack\":\"S\","
            "\"cause\":1}");
  EXPECT_EQ(PrintedJson("Object(2n)"), "\"2n\"");
  const std::string big = PrintedJson("2n ** 200000n");
  EXPECT_EQ(big.substr(0, 4), "\"0x1");
  EXPECT_EQ(big.substr(big.size() - 4), "00n\"");
}

TEST(JsonTest, BigIntDecimalMatchesV8) {
  V8Scope scope;
  const char* kSources[] = {"2n ** 64n - 1n", "-(10n ** 40n) + 7n",
                            "3n ** 3000n", "-(2n ** 4096n)"};
  for (const char* source : kSources) {
    EXPECT_EQ(PrintedJson(source),
              ToStdString(Call("v => JSON.stringify(String(v) + 'n')",
                               {RunJs(source)})))
        << source;
  }
}

TEST(JsonTest, OutputIsBounded) {
  V8Scope scope;
  // 2^64 leaves if printed in full.
  const std::string exponential = PrintedJson(
      "(() => { let x = [1]; for (let i = 0; i < 64; i++) x = [x, x]; "
      "return x; })()");
  EXPECT_NE(exponential.find("[Truncated]"), std::string::npos);
  EXPECT_LT(exponential.size(), 20u << 20);
  // A chain of references deeper than Decode's nesting limit.
  const std::string chain = PrintedJson(
      "(() => { const a = [{}]; for (let i = 1; i < 5000; i++) "
      "a.push({prev: a[i - 1]}); return a; })()");
  EXPECT_NE(chain.find("[Truncated]"), std::string::npos);
  EXPECT_EQ(PrintedJson("({a: 1, b: 2, c: 3})", {.max_values = 2}),
            "{\"a\":1,\"[Truncated]\":\"[Truncated]\"}");
  EXPECT_EQ(PrintedJson("[[[1]]]", {.max_depth = 2}), "[[\"[Truncated]\"]]");
}

TEST(JsonTest, JsNumberToStringMatchesV8) {
  V8Scope scope;
  std::vector<double> numbers = {0,
                                 -0.0,
                                 1,
                                 -1,
                                 0.1,
                                 1.5,
                                 1e21,
                                 1e20,
                                 123e-20,
                                 1e-6,
                                 1e-7,
                                 2147483648.0,
                                 4294967294.0,
                                 1.0 / 3,
                                 5e-324,
                                 1.7976931348623157e308,
                                 NAN,
                                 INFINITY,
                                 -INFINITY};
  std::mt19937_64 random(7);
  for (int i = 0; i < 2000; ++i) {
    uint64_t bits = random();
    double number;
    std::memcpy(&number, &bits, sizeof(number));
    numbers.push_back(number);
  }
  for (double number : numbers) {
    EXPECT_EQ(JsNumberToString(number),
              ToStdString(
                  Call("n => String(n)", {v8::Number::New(Isolate(), number)})))
        << number;
  }
}

}  // namespace
}  // namespace isohost::clone
