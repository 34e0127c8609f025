# Unit tests of the structured-clone codec against the real V8, included by
# tests/CMakeLists.txt.
include(GoogleTest)
add_executable(clone_codec_test ${CMAKE_CURRENT_LIST_DIR}/clone_codec_test.cc)
target_link_libraries(clone_codec_test PRIVATE
  isohost_ipc isohost::v8 GTest::gtest_main)
gtest_discover_tests(clone_codec_test)
