# The V8-free structured-clone codec (clone_value, clone_codec, clone_json),
# included by ipc/CMakeLists.txt into isohost_ipc.
target_sources(isohost_ipc PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/clone_value.cc
  ${CMAKE_CURRENT_LIST_DIR}/clone_codec.cc
  ${CMAKE_CURRENT_LIST_DIR}/clone_json.cc)
# clone_json.h exposes nlohmann::ordered_json.
target_link_libraries(isohost_ipc PUBLIC nlohmann_json::nlohmann_json)
