#pragma once
// How long a bot waits before each move (--think-ms, --think-jitter), per match. No Asio:
// the unit tests (tests/hosting/loadgen_reading_test.cc) drive it directly.
//
// All matches are set up within a fraction of a second, and bots that each think exactly
// as long would go on moving in lockstep, every match in the same few hundred milliseconds
// of each period. Independent players do not: the first turn of each match waits a random
// part of one think time instead, which spreads the matches over the whole period. Every
// seat acting in that turn waits the same part: in DCMS both seats move each turn, and a
// seat that waited the whole think time would hold the turn until then, so every match
// resolved its first turn together and moved in lockstep ever after. Only in the match's
// first game: the turns of the next one count from the start again.
#include <chrono>
#include <optional>
#include <random>

namespace skirmish::loadgen {

class ThinkTime {
 public:
  // Each wait after the first turn is drawn uniformly from think +- jitter.
  ThinkTime(std::chrono::milliseconds think, std::chrono::milliseconds jitter)
      : think_(think), jitter_(jitter) {}

  struct Wait {
    std::chrono::milliseconds wait;
    bool first_share_drawn = false;  // this call drew the first turn's random part
  };
  // The wait before acting in `turn`; think must be above zero.
  Wait before(long long turn, std::mt19937_64& rng);

 private:
  std::chrono::milliseconds think_, jitter_;
  std::optional<long long> first_turn_;
  std::chrono::milliseconds first_wait_{0};
  bool first_turn_over_ = false;  // a later turn was acted: every wait is a whole think time
};

}  // namespace skirmish::loadgen
