#include "host/cli/json_input.h"

#include <vector>

#include "isohost/clone_codec.h"
#include "isohost/clone_json.h"

namespace isohost::cli {

bool JsonToCloneBytes(std::string_view json, std::string* bytes, std::string* error) {
  ipc::Result<ipc::CloneValue> value = ipc::ParseJson(json);
  if (!value) {
    *error = value.error().message;
    return false;
  }
  std::vector<std::uint8_t> encoded = ipc::Encode(*value);
  bytes->assign(encoded.begin(), encoded.end());
  return true;
}

}  // namespace isohost::cli
