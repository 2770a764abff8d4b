#pragma once
// What a fuzz entry does when an invariant breaks: says so on stderr and throws
// InvariantBroken. It is no std::exception, so no handler of an expected error (which all
// catch std::exception or narrower) can swallow it: libFuzzer sees an uncaught exception
// (a crash, with the input saved), the corpus replay test a failure naming the file.
#include <string>
#include <string_view>

namespace skirmish::fuzz {

struct InvariantBroken {
  std::string what;
};

[[noreturn]] void broken(std::string what);

inline void expect(bool holds, std::string_view what) {
  if (!holds) broken(std::string(what));
}

// An error raised for bad input must say what was wrong.
inline void expect_message(const char* what, std::string_view where) {
  if (what == nullptr || *what == '\0') broken(std::string(where) + ": an error without a message");
}

}  // namespace skirmish::fuzz
