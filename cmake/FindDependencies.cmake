# Locates every third-party dependency and defines imported targets for the ones
# without a CMake package of their own (libuv, V8).
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBUV REQUIRED IMPORTED_TARGET libuv)
# ICU: the same libicu that libnode's V8 uses for Intl (process.versions reads it).
pkg_check_modules(ICU REQUIRED IMPORTED_TARGET icu-uc icu-i18n)
# OpenSSL: hashing, key derivation and randomness for `crypto`; the same
# libssl3 that libnode itself links.
find_package(OpenSSL REQUIRED)
# zlib and brotli for `zlib`: the system's, as Debian's Node links them.
pkg_check_modules(COMPRESSION REQUIRED IMPORTED_TARGET zlib libbrotlienc libbrotlidec)
find_package(Protobuf REQUIRED)
find_package(spdlog REQUIRED)
find_package(CLI11 REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(Threads REQUIRED)

# V8 from Debian's libnode108: libv8.so and friends are links to libnode.so.108.
set(_v8_include "${ISOHOST_LIBNODE_ROOT}/usr/include/node")
find_library(ISOHOST_LIBNODE NAMES node.108 libnode.so.108 node
             PATHS "${ISOHOST_LIBNODE_ROOT}/usr/lib/x86_64-linux-gnu" NO_DEFAULT_PATH)
if(NOT EXISTS "${_v8_include}/v8.h" OR NOT ISOHOST_LIBNODE)
  message(FATAL_ERROR
    "V8 (libnode108) not found under ${ISOHOST_LIBNODE_ROOT}. "
    "Run scripts/setup.sh ${CMAKE_BINARY_DIR} first.")
endif()
add_library(isohost::v8 SHARED IMPORTED)
set_target_properties(isohost::v8 PROPERTIES
  IMPORTED_LOCATION "${ISOHOST_LIBNODE}"
  IMPORTED_NO_SONAME OFF
  INTERFACE_INCLUDE_DIRECTORIES "${_v8_include}")
# Binaries run from the build tree and from an install prefix.
get_filename_component(ISOHOST_LIBNODE_DIR "${ISOHOST_LIBNODE}" DIRECTORY)
set(CMAKE_BUILD_RPATH "${ISOHOST_LIBNODE_DIR}")
