#include "host/cli/json_input.h"

#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"

namespace isohost::cli {

bool JsonToCloneBytes(std::string_view json, std::string* bytes, std::string* error) {
  clone::Result<clone::CloneValue> value = clone::ParseJson(json);
  if (!value) {
    *error = value.error().message;
    return false;
  }
  std::vector<std::uint8_t> encoded = clone::Encode(*value);
  bytes->assign(encoded.begin(), encoded.end());
  return true;
}

}  // namespace isohost::cli
