#include "client-cli/tournament/schedule.h"

#include <algorithm>
#include <stdexcept>

#include "client-cli/usage_error.h"

namespace skirmish::tournament {

namespace {

void check_rounds(int rounds) {
  if (rounds < 1) throw std::invalid_argument("--rounds must be at least 1, got " + std::to_string(rounds));
}

void add(std::vector<ScheduledGame>& games, int round, const std::string& a, const std::string& b) {
  games.push_back(ScheduledGame{static_cast<int>(games.size()), round, a, b});
}

}  // namespace

std::vector<ScheduledGame> round_robin(const std::vector<std::string>& bots, int rounds) {
  check_rounds(rounds);
  std::vector<ScheduledGame> games;
  for (int round = 1; round <= rounds; ++round) {
    // Both colours of a pair back to back: an interrupted run leaves few unbalanced pairs.
    for (std::size_t i = 0; i < bots.size(); ++i) {
      for (std::size_t j = i + 1; j < bots.size(); ++j) {
        add(games, round, bots[i], bots[j]);
        add(games, round, bots[j], bots[i]);
      }
    }
  }
  return games;
}

std::vector<ScheduledGame> gauntlet(const std::vector<std::string>& bots, const std::string& hero,
                                    int rounds) {
  check_rounds(rounds);
  if (std::find(bots.begin(), bots.end(), hero) == bots.end())
    throw client::UsageError("--gauntlet " + hero + ": no bot has that name");
  std::vector<ScheduledGame> games;
  for (int round = 1; round <= rounds; ++round) {
    for (const auto& other : bots) {
      if (other == hero) continue;
      add(games, round, hero, other);
      add(games, round, other, hero);
    }
  }
  return games;
}

}  // namespace skirmish::tournament
