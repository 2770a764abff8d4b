#pragma once
// What went wrong in a test of thousands of cases, or on several threads (Catch2's macros
// are not thread-safe): collected, then checked with one assertion that shows the first few.
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

namespace skirmish::test {

class ProblemList {
 public:
  void add(const std::string& what) {
    std::lock_guard lock(mutex_);
    if (shown_.size() < kShown) shown_.push_back(what);
    ++count_;
  }
  // On the test's own thread, once the others are done.
  void check() {
    std::lock_guard lock(mutex_);
    std::string first;
    for (const auto& what : shown_) first += what + "\n";
    INFO(first);
    CHECK(count_ == 0);
  }

 private:
  static constexpr std::size_t kShown = 10;
  std::mutex mutex_;
  std::vector<std::string> shown_;
  int count_ = 0;
};

}  // namespace skirmish::test
