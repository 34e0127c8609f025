# checkpoint_cost: instructions per setImmediate callback, counted by callgrind
# over the whole worker process (and over `node SCRIPT`), before and after a
# script touches process.nextTick or process.stdout. Needs valgrind at run time.
add_executable(checkpoint_cost ${CMAKE_CURRENT_LIST_DIR}/checkpoint_cost.cc)
target_compile_features(checkpoint_cost PRIVATE cxx_std_20)
# It runs build/bin/isohost and isohost-worker, found beside itself.
add_dependencies(checkpoint_cost isohost isohost-worker)
