// internalBinding('zlib'): whole-buffer (de)compression with the system's
// zlib and brotli, synchronous or on the thread pool, crc32, and the
// constants of zlib.constants taken from the libraries' own headers.
// Arguments are checked in JS (node/zlib.js) before they get here.
#include <brotli/decode.h>
#include <brotli/encode.h>
#include <zlib.h>

#include <cmath>
#include <limits>
#include <vector>

#include "worker/api/buffer/v8_bytes.h"
#include "worker/v8/binding.h"
#include "worker/api/zlib/codec.h"
#include "worker/api/zlib/stream_handle.h"
#include "worker/api/zlib/zlib_job.h"

namespace isohost::worker::native_modules {
namespace {

using zlib::CodecOptions;
using zlib::ZlibJob;

bool ToInt(v8::Local<v8::Context> context, v8::Local<v8::Value> value, int* out) {
  return value->Int32Value(context).To(out);
}

// process(mode, input, level, windowBits, memLevel, strategy, finishFlush,
//         chunkSize, maxOutputLength, dictionary, brotliParams, callback?)
// `input` and `dictionary` (or undefined) are ArrayBufferViews;
// `brotliParams` is an array of kBrotliParamCount numbers, -1 for unset.
// Returns (or passes to the callback) an ArrayBuffer or an error tuple.
void Process(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  CodecOptions options;
  int mode = 0;
  int chunk_size = 0;
  double max_output = 0;
  if (!ToInt(context, info[0], &mode) || !ToInt(context, info[2], &options.level) ||
      !ToInt(context, info[3], &options.window_bits) || !ToInt(context, info[4], &options.mem_level) ||
      !ToInt(context, info[5], &options.strategy) || !ToInt(context, info[6], &options.finish_flush) ||
      !info[8]->NumberValue(context).To(&max_output)) {
    return;
  }
  double chunk = 0;
  if (!info[7]->NumberValue(context).To(&chunk)) return;
  chunk_size = chunk > (1 << 30) ? (1 << 30) : static_cast<int>(chunk);
  options.mode = static_cast<zlib::Mode>(mode);
  options.chunk_size = static_cast<std::size_t>(chunk_size);
  options.max_output = static_cast<std::size_t>(max_output);
  if (info[9]->IsArrayBufferView()) {
    buffer::ViewBytes dict(info[9], buffer::ViewBytes::kRead);
    options.dictionary.assign(dict.data(), dict.data() + dict.size());
  }
  options.brotli_params.fill(-1);
  if (info[10]->IsArray()) {
    v8::Local<v8::Array> params = info[10].As<v8::Array>();
    for (int i = 0; i < zlib::kBrotliParamCount; ++i) {
      v8::Local<v8::Value> value;
      double number = 0;
      if (!params->Get(context, i).ToLocal(&value) || !value->NumberValue(context).To(&number)) return;
      options.brotli_params[i] = std::isfinite(number) ? static_cast<std::int64_t>(number) : 0;
    }
  }
  if (!info[1]->IsArrayBufferView()) return;
  buffer::ViewBytes input(info[1], buffer::ViewBytes::kRead);
  auto job = std::make_unique<ZlibJob>(std::move(options));
  if (info[11]->IsFunction()) {
    std::vector<std::uint8_t> copy(input.data(), input.data() + input.size());
    ZlibJob::Queue(isolate, std::move(job), std::move(copy), info[11].As<v8::Function>());
    return;
  }
  info.GetReturnValue().Set(job->RunSync(isolate, input.data(), input.size()));
}

// crc32(view, initial): the CRC-32 of the bytes, continuing from `initial`.
void Crc32(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Local<v8::Context> context = info.GetIsolate()->GetCurrentContext();
  std::uint32_t value = 0;
  if (!info[0]->IsArrayBufferView() || !info[1]->Uint32Value(context).To(&value)) return;
  buffer::ViewBytes bytes(info[0], buffer::ViewBytes::kRead);
  uLong crc = value;
  const std::uint8_t* data = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {  // crc32() takes at most a uInt of bytes at a time
    uInt piece = left > std::numeric_limits<uInt>::max() ? std::numeric_limits<uInt>::max() : static_cast<uInt>(left);
    crc = crc32(crc, data, piece);
    data += piece;
    left -= piece;
  }
  info.GetReturnValue().Set(static_cast<double>(crc));
}

struct Constant {
  const char* name;
  double value;
};

// In the order Node lists them.
const Constant kConstants[] = {
    {"Z_NO_FLUSH", Z_NO_FLUSH}, {"Z_PARTIAL_FLUSH", Z_PARTIAL_FLUSH}, {"Z_SYNC_FLUSH", Z_SYNC_FLUSH},
    {"Z_FULL_FLUSH", Z_FULL_FLUSH}, {"Z_FINISH", Z_FINISH}, {"Z_BLOCK", Z_BLOCK},
    {"Z_OK", Z_OK}, {"Z_STREAM_END", Z_STREAM_END}, {"Z_NEED_DICT", Z_NEED_DICT}, {"Z_ERRNO", Z_ERRNO},
    {"Z_STREAM_ERROR", Z_STREAM_ERROR}, {"Z_DATA_ERROR", Z_DATA_ERROR}, {"Z_MEM_ERROR", Z_MEM_ERROR},
    {"Z_BUF_ERROR", Z_BUF_ERROR}, {"Z_VERSION_ERROR", Z_VERSION_ERROR},
    {"Z_NO_COMPRESSION", Z_NO_COMPRESSION}, {"Z_BEST_SPEED", Z_BEST_SPEED},
    {"Z_BEST_COMPRESSION", Z_BEST_COMPRESSION}, {"Z_DEFAULT_COMPRESSION", Z_DEFAULT_COMPRESSION},
    {"Z_FILTERED", Z_FILTERED}, {"Z_HUFFMAN_ONLY", Z_HUFFMAN_ONLY}, {"Z_RLE", Z_RLE}, {"Z_FIXED", Z_FIXED},
    {"Z_DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY}, {"ZLIB_VERNUM", ZLIB_VERNUM},
    {"DEFLATE", 1}, {"INFLATE", 2}, {"GZIP", 3}, {"GUNZIP", 4}, {"DEFLATERAW", 5}, {"INFLATERAW", 6},
    {"UNZIP", 7}, {"BROTLI_DECODE", 8}, {"BROTLI_ENCODE", 9},
    {"Z_MIN_WINDOWBITS", 8}, {"Z_MAX_WINDOWBITS", 15}, {"Z_DEFAULT_WINDOWBITS", 15},
    {"Z_MIN_CHUNK", 64}, {"Z_MAX_CHUNK", std::numeric_limits<double>::infinity()}, {"Z_DEFAULT_CHUNK", 16 * 1024},
    {"Z_MIN_MEMLEVEL", 1}, {"Z_MAX_MEMLEVEL", 9}, {"Z_DEFAULT_MEMLEVEL", 8},
    {"Z_MIN_LEVEL", -1}, {"Z_MAX_LEVEL", 9}, {"Z_DEFAULT_LEVEL", Z_DEFAULT_COMPRESSION},
    {"BROTLI_OPERATION_PROCESS", BROTLI_OPERATION_PROCESS}, {"BROTLI_OPERATION_FLUSH", BROTLI_OPERATION_FLUSH},
    {"BROTLI_OPERATION_FINISH", BROTLI_OPERATION_FINISH},
    {"BROTLI_OPERATION_EMIT_METADATA", BROTLI_OPERATION_EMIT_METADATA},
    {"BROTLI_PARAM_MODE", BROTLI_PARAM_MODE}, {"BROTLI_MODE_GENERIC", BROTLI_MODE_GENERIC},
    {"BROTLI_MODE_TEXT", BROTLI_MODE_TEXT}, {"BROTLI_MODE_FONT", BROTLI_MODE_FONT},
    {"BROTLI_DEFAULT_MODE", BROTLI_DEFAULT_MODE}, {"BROTLI_PARAM_QUALITY", BROTLI_PARAM_QUALITY},
    {"BROTLI_MIN_QUALITY", BROTLI_MIN_QUALITY}, {"BROTLI_MAX_QUALITY", BROTLI_MAX_QUALITY},
    {"BROTLI_DEFAULT_QUALITY", BROTLI_DEFAULT_QUALITY}, {"BROTLI_PARAM_LGWIN", BROTLI_PARAM_LGWIN},
    {"BROTLI_MIN_WINDOW_BITS", BROTLI_MIN_WINDOW_BITS}, {"BROTLI_MAX_WINDOW_BITS", BROTLI_MAX_WINDOW_BITS},
    {"BROTLI_LARGE_MAX_WINDOW_BITS", BROTLI_LARGE_MAX_WINDOW_BITS},
    {"BROTLI_DEFAULT_WINDOW", BROTLI_DEFAULT_WINDOW}, {"BROTLI_PARAM_LGBLOCK", BROTLI_PARAM_LGBLOCK},
    {"BROTLI_MIN_INPUT_BLOCK_BITS", BROTLI_MIN_INPUT_BLOCK_BITS},
    {"BROTLI_MAX_INPUT_BLOCK_BITS", BROTLI_MAX_INPUT_BLOCK_BITS},
    {"BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING", BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING},
    {"BROTLI_PARAM_SIZE_HINT", BROTLI_PARAM_SIZE_HINT}, {"BROTLI_PARAM_LARGE_WINDOW", BROTLI_PARAM_LARGE_WINDOW},
    {"BROTLI_PARAM_NPOSTFIX", BROTLI_PARAM_NPOSTFIX}, {"BROTLI_PARAM_NDIRECT", BROTLI_PARAM_NDIRECT},
    {"BROTLI_DECODER_RESULT_ERROR", BROTLI_DECODER_RESULT_ERROR},
    {"BROTLI_DECODER_RESULT_SUCCESS", BROTLI_DECODER_RESULT_SUCCESS},
    {"BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT", BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT},
    {"BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT", BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT},
    {"BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION", BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION},
    {"BROTLI_DECODER_PARAM_LARGE_WINDOW", BROTLI_DECODER_PARAM_LARGE_WINDOW},
#define ISOHOST_BROTLI_CODE(PREFIX, NAME, CODE) {"BROTLI_DECODER" #PREFIX #NAME, CODE},
#define ISOHOST_BROTLI_SEPARATOR
    BROTLI_DECODER_ERROR_CODES_LIST(ISOHOST_BROTLI_CODE, ISOHOST_BROTLI_SEPARATOR)
#undef ISOHOST_BROTLI_SEPARATOR
#undef ISOHOST_BROTLI_CODE
};

void InstallConstants(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Object> target) {
  v8::Local<v8::Object> constants = v8::Object::New(isolate, v8::Null(isolate), nullptr, nullptr, 0);
  for (const Constant& constant : kConstants) {
    SetValue(isolate, context, constants, constant.name, v8::Number::New(isolate, constant.value));
  }
  SetValue(isolate, context, target, "constants", constants);
}

}  // namespace

ISOHOST_BINDING(zlib) {
  SetMethod(isolate, context, target, "process", Process);
  SetMethod(isolate, context, target, "crc32", Crc32);
  zlib::InstallStreamClass(isolate, context, target);
  InstallConstants(isolate, context, target);
}

}  // namespace isohost::worker::native_modules
