# isohost_embed_files(OUT_CC NAMESPACE ns BASE_DIR dir FILES a.js sub/b.js
#                     [DEPS_DIR dir DEPS_PREFIX prefix DEPS_FILES c.js ...]): generates
# a .cc that holds each file as a byte array, and a lookup table by its path
# below BASE_DIR without the extension ("a", "sub/b"). DEPS_FILES are files of
# a bundled package: each is named PREFIX/its path below DEPS_DIR, and gets a
# `require` of its own (internal/deps/require.js) in front of its first line.
function(isohost_embed_files out_cc)
  cmake_parse_arguments(ARG "" "NAMESPACE;BASE_DIR;DEPS_DIR;DEPS_PREFIX" "FILES;DEPS_FILES" ${ARGN})
  add_custom_command(
    OUTPUT "${out_cc}"
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_cc} -DNAMESPACE=${ARG_NAMESPACE} -DBASE_DIR=${ARG_BASE_DIR}
            "-DFILES=${ARG_FILES}" "-DDEPS_DIR=${ARG_DEPS_DIR}" "-DDEPS_PREFIX=${ARG_DEPS_PREFIX}"
            "-DDEPS_FILES=${ARG_DEPS_FILES}" -P "${CMAKE_SOURCE_DIR}/cmake/embed_files_script.cmake"
    DEPENDS ${ARG_FILES} ${ARG_DEPS_FILES} "${CMAKE_SOURCE_DIR}/cmake/embed_files_script.cmake"
    COMMENT "Embedding ${ARG_NAMESPACE} sources"
    VERBATIM)
endfunction()
