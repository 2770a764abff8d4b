# skirmish_options: the compile settings every target of ours links to
# (warnings, warnings-as-errors in CI, sanitizers in the asan preset).
add_library(skirmish_options INTERFACE)
target_compile_options(skirmish_options INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual -Wnull-dereference)
if(SKIRMISH_WERROR)
  target_compile_options(skirmish_options INTERFACE -Werror)
endif()
if(SKIRMISH_SANITIZE)
  target_compile_options(skirmish_options INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(skirmish_options INTERFACE -fsanitize=address,undefined)
endif()
