# `cmake --install`: the CLI and the worker binary (side by side in bin/, with
# the libnode they need in lib/isohost/), the host library, the codec and their headers,
# and a CMake package so that another project can find_package(isohost).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(isohost isohost-worker PROPERTIES
  INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}/isohost")
install(TARGETS isohost isohost-worker isohost-child-exec isohost-keeper RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
file(GLOB _libnode_files "${ISOHOST_LIBNODE_DIR}/libnode.so*")
install(FILES ${_libnode_files} DESTINATION ${CMAKE_INSTALL_LIBDIR}/isohost)

# One include root, include/isohost/: the host library's headers and the
# codec's. isohost_ipc and isohost_proto are installed only to be linked (the
# host library is static); their headers are private.
install(TARGETS isohost_host isohost_clone isohost_ipc isohost_proto EXPORT isohostTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY host/include/isohost clone/include/isohost DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(EXPORT isohostTargets NAMESPACE isohost::
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/isohost)
configure_package_config_file(cmake/isohostConfig.cmake.in
  "${CMAKE_BINARY_DIR}/isohostConfig.cmake"
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/isohost)
write_basic_package_version_file("${CMAKE_BINARY_DIR}/isohostConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/isohostConfig.cmake" "${CMAKE_BINARY_DIR}/isohostConfigVersion.cmake"
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/isohost)
