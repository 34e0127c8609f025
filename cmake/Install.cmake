# `cmake --install`: the CLI and the worker binary (side by side in bin/, with
# the libnode they need in lib/isohost/), the host library and its headers,
# and a CMake package so that another project can find_package(isohost).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(isohost isohost-worker PROPERTIES
  INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}/isohost")
install(TARGETS isohost isohost-worker RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
file(GLOB _libnode_files "${ISOHOST_LIBNODE_DIR}/libnode.so*")
install(FILES ${_libnode_files} DESTINATION ${CMAKE_INSTALL_LIBDIR}/isohost)

install(TARGETS isohost_host isohost_ipc isohost_proto EXPORT isohostTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY host/include/isohost DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ipc/clone_codec.h ipc/clone_json.h ipc/clone_value.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/ipc)
install(FILES "${CMAKE_BINARY_DIR}/proto/isohost.pb.h" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(EXPORT isohostTargets NAMESPACE isohost::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/isohost)
configure_package_config_file(cmake/isohostConfig.cmake.in
  "${CMAKE_BINARY_DIR}/isohostConfig.cmake"
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/isohost)
write_basic_package_version_file("${CMAKE_BINARY_DIR}/isohostConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/isohostConfig.cmake" "${CMAKE_BINARY_DIR}/isohostConfigVersion.cmake"
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/isohost)
