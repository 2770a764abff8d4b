// libFuzzer's entry for the pieces target (fuzz_entries.h; built with SKIRMISH_FUZZ).
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  skirmish::fuzz::fuzz_one_pieces({reinterpret_cast<const char*>(data), size});
  return 0;
}
