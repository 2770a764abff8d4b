#include "bench/loadgen/think_time.h"

namespace skirmish::loadgen {

ThinkTime::Wait ThinkTime::before(long long turn, std::mt19937_64& rng) {
  bool drawn = false;
  if (!first_turn_) {
    first_turn_ = turn;
    first_wait_ = std::chrono::milliseconds(rng() % static_cast<unsigned long long>(think_.count()));
    drawn = true;
  }
  if (!first_turn_over_ && turn == *first_turn_) return {first_wait_, drawn};
  first_turn_over_ = true;
  // Bots that all think exactly as long keep any clump of states the server sent together
  // as a clump of moves one think time later, for ever: at 9,900 matches the load came in
  // the same ~100 ms of every second. Players' think times vary.
  auto wait = think_;
  if (const auto jitter = jitter_.count(); jitter > 0)
    wait += std::chrono::milliseconds(static_cast<long long>(rng() % static_cast<unsigned long long>(2 * jitter + 1)) - jitter);
  return {wait, false};
}

}  // namespace skirmish::loadgen
