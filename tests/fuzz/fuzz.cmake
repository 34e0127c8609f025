# libFuzzer targets (clang only). The test suite runs each for a bounded
# number of iterations from its seed corpus.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "ISOHOST_BUILD_FUZZERS needs clang (e.g. CXX=clang++-14)")
endif()
set(ISOHOST_FUZZ_FLAGS -fsanitize=fuzzer,address,undefined)

add_executable(frame_reader_fuzzer "${CMAKE_CURRENT_LIST_DIR}/frame_reader_fuzzer.cc")
target_compile_options(frame_reader_fuzzer PRIVATE ${ISOHOST_FUZZ_FLAGS})
target_link_options(frame_reader_fuzzer PRIVATE ${ISOHOST_FUZZ_FLAGS})
target_link_libraries(frame_reader_fuzzer PRIVATE isohost_ipc)
add_test(NAME fuzz.frame_reader
  COMMAND frame_reader_fuzzer -runs=200000 -max_len=4096 "${CMAKE_CURRENT_LIST_DIR}/frame_corpus")

if(EXISTS "${CMAKE_CURRENT_LIST_DIR}/clone_decoder_fuzzer.cc")
  add_executable(clone_decoder_fuzzer "${CMAKE_CURRENT_LIST_DIR}/clone_decoder_fuzzer.cc")
  target_compile_options(clone_decoder_fuzzer PRIVATE ${ISOHOST_FUZZ_FLAGS})
  target_link_options(clone_decoder_fuzzer PRIVATE ${ISOHOST_FUZZ_FLAGS})
  target_link_libraries(clone_decoder_fuzzer PRIVATE isohost_ipc)
  add_test(NAME fuzz.clone_decoder
    COMMAND clone_decoder_fuzzer -runs=200000 -max_len=4096 "${CMAKE_CURRENT_LIST_DIR}/clone_corpus")
endif()
