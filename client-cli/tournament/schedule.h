#pragma once
// Which games a tournament plays, in a fixed order, so a resumed run knows them by index.
#include <string>
#include <vector>

namespace skirmish::tournament {

struct ScheduledGame {
  int index = 0;  // position in the schedule, from 0
  int round = 1;  // from 1
  std::string seat0;  // the bot in the game's first seat (DCMS blue, Tactego red, 1D Chess white)
  std::string seat1;
  friend bool operator==(const ScheduledGame&, const ScheduledGame&) = default;
};

// Round-robin: each round, every pair plays twice, once with each bot in the first seat.
std::vector<ScheduledGame> round_robin(const std::vector<std::string>& bots, int rounds);

// Gauntlet: `hero` plays every other bot, twice per round (once in each seat). Throws
// std::invalid_argument if `hero` is not among `bots`.
std::vector<ScheduledGame> gauntlet(const std::vector<std::string>& bots, const std::string& hero,
                                    int rounds);

}  // namespace skirmish::tournament
