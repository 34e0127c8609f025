# isohost_embed_files(OUT_CC NAMESPACE ns BASE_DIR dir FILES a.js sub/b.js): generates
# a .cc that holds each file as a byte array, and a lookup table by its path
# below BASE_DIR without the extension ("a", "sub/b").
function(isohost_embed_files out_cc)
  cmake_parse_arguments(ARG "" "NAMESPACE;BASE_DIR" "FILES" ${ARGN})
  add_custom_command(
    OUTPUT "${out_cc}"
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_cc} -DNAMESPACE=${ARG_NAMESPACE} -DBASE_DIR=${ARG_BASE_DIR}
            "-DFILES=${ARG_FILES}" -P "${CMAKE_SOURCE_DIR}/cmake/embed_files_script.cmake"
    DEPENDS ${ARG_FILES} "${CMAKE_SOURCE_DIR}/cmake/embed_files_script.cmake"
    COMMENT "Embedding ${ARG_NAMESPACE} sources"
    VERBATIM)
endfunction()
