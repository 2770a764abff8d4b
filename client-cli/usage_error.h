#pragma once
// A wrong command line that only the client's own checks find, after CLI11 parsed it (a -o
// that is not KEY=VALUE, a game or --seat that does not exist, a bad --server URL, flags
// that do not go together). main() exits 2 for it, as for CLI11's own errors; every other
// failure is 1 (docs/operations.md, "Exit status").
#include <stdexcept>

namespace skirmish::client {

struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace skirmish::client
