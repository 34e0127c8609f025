target_sources(isohost_ipc PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/clone_value.cc
  ${CMAKE_CURRENT_LIST_DIR}/clone_codec.cc
  ${CMAKE_CURRENT_LIST_DIR}/clone_json.cc)
target_link_libraries(isohost_ipc PUBLIC nlohmann_json::nlohmann_json)
