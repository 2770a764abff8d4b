# skirmish_options: the compile settings every target of ours links to
# (warnings, warnings-as-errors in CI, sanitizers in the asan preset).
add_library(skirmish_options INTERFACE)
target_compile_options(skirmish_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wnull-dereference)
# GCC 12 at -O3 (the Release build: scripts/serve.sh, the image) warns about std::string's
# own inlined copies ("literal" + std::string&&; GCC bug 105651) and std::vector's: about 20
# false warnings a build. The CI builds (-O2, warnings as errors) keep both checks.
target_compile_options(skirmish_options INTERFACE
  $<$<AND:$<CXX_COMPILER_ID:GNU>,$<CONFIG:Release>>:-Wno-restrict -Wno-null-dereference>)
if(SKIRMISH_WERROR)
  target_compile_options(skirmish_options INTERFACE -Werror)
endif()
if(SKIRMISH_SANITIZE)
  target_compile_options(skirmish_options INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(skirmish_options INTERFACE -fsanitize=address,undefined)
endif()
# The fuzz build: every library of ours instrumented for libFuzzer's coverage, with the
# address and undefined-behaviour sanitizers; the fuzz_* programs add libFuzzer's main.
if(SKIRMISH_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SKIRMISH_FUZZ needs clang (libFuzzer): use the fuzz preset")
  endif()
  target_compile_options(skirmish_options INTERFACE
    -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(skirmish_options INTERFACE -fsanitize=address,undefined)
endif()
