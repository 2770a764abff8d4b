// libFuzzer's entry for the server_view target (fuzz_entries.h; built with SKIRMISH_FUZZ).
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  skirmish::fuzz::fuzz_one_server_view({reinterpret_cast<const char*>(data), size});
  return 0;
}
