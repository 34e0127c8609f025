#include "worker/runtime/v8_init.h"

#include <libplatform/libplatform.h>
#include <v8-initialization.h>

#include <memory>

namespace isohost::worker {

v8::Platform* InitializeV8(const std::vector<std::string>& v8_flags) {
  static std::unique_ptr<v8::Platform> platform;
  if (platform) return platform.get();
  v8::V8::SetFlagsFromString("--single-threaded");
  // Import attributes (`with { type: 'json' }`) and the older assertions
  // (`assert { ... }`), as Node 20 parses both; only a module that uses them pays.
  v8::V8::SetFlagsFromString("--harmony-import-assertions --harmony-import-attributes");
  for (const std::string& flag : v8_flags) v8::V8::SetFlagsFromString(flag.c_str());
  platform = v8::platform::NewSingleThreadedDefaultPlatform();
  v8::V8::InitializePlatform(platform.get());
  v8::V8::Initialize();
  return platform.get();
}

}  // namespace isohost::worker
