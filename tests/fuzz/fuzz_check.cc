#include "tests/fuzz/fuzz_check.h"

#include <cstdio>

namespace skirmish::fuzz {

void broken(std::string what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
  throw InvariantBroken{std::move(what)};
}

}  // namespace skirmish::fuzz
