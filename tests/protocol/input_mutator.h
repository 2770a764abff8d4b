#pragma once
// Turns a valid input (a JSON frame, a move, a pieces or map file) into a broken one, the
// way a buggy bot or a hostile client would: bytes flipped, cut, repeated or replaced by
// JSON's troublesome tokens, and, when the input is JSON, values swapped for ones of the
// wrong type or size, keys dropped or added. Seeded: a failing case can be made again.
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/common/game.h"

namespace skirmish::test {

class InputMutator {
 public:
  explicit InputMutator(std::uint64_t seed) : rng_(seed) {}

  // `valid` changed once, or up to `at_most` times.
  std::string mutate(std::string_view valid, std::size_t at_most = 4);

 private:
  std::string mutate_bytes(std::string text);
  // One value somewhere in `document` replaced, removed or added to.
  void mutate_json(nlohmann::json& document);
  nlohmann::json odd_value();
  std::size_t below(std::size_t bound);  // uniform in [0, bound); 0 when bound is 0

  engine::Rng rng_;
};

}  // namespace skirmish::test
