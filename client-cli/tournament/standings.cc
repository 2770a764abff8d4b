#include "client-cli/tournament/standings.h"

#include <algorithm>
#include <stdexcept>

namespace skirmish::tournament {

int GameRecord::points_of(const std::string& bot) const {
  if (both_crashed) return 0;
  if (draw()) return kDrawPoints;
  return winner == bot ? kWinPoints : 0;
}

Standings compute_standings(const std::vector<std::string>& bots, const std::vector<GameRecord>& games) {
  Standings result;
  std::map<std::string, Standing> rows;
  for (const auto& bot : bots) rows[bot].bot = bot;
  auto row_of = [&rows](const std::string& bot, int game) -> Standing& {
    const auto it = rows.find(bot);
    if (it == rows.end())
      throw std::invalid_argument("game " + std::to_string(game) + " names an unknown bot '" + bot + "'");
    return it->second;
  };
  for (const auto& game : games) {
    for (const auto& [self, other] : {std::pair{game.seat0, game.seat1}, std::pair{game.seat1, game.seat0}}) {
      Standing& row = row_of(self, game.index);
      PairingResult& pair = result.pairings[self][other];
      row.games += 1;
      row.points += game.points_of(self);
      if (game.draw()) {
        row.draws += 1;
        pair.draws += 1;
      } else if (game.winner == self) {
        row.wins += 1;
        pair.wins += 1;
      } else {
        row.losses += 1;
        pair.losses += 1;
      }
      if (game.crashes.count(self) != 0) row.crashes += 1;
      if (const auto t = game.timeouts.find(self); t != game.timeouts.end()) row.timeouts += t->second;
    }
  }
  for (auto& [name, row] : rows) {
    row.elo = estimate_elo(row.wins, row.draws, row.losses);
    result.table.push_back(row);
  }
  std::sort(result.table.begin(), result.table.end(), [](const Standing& a, const Standing& b) {
    if (a.points != b.points) return a.points > b.points;
    if (a.wins != b.wins) return a.wins > b.wins;
    if (a.crashes != b.crashes) return a.crashes < b.crashes;
    return a.bot < b.bot;
  });
  for (std::size_t i = 0; i < result.table.size(); ++i) {
    Standing& row = result.table[i];
    const Standing* above = i > 0 ? &result.table[i - 1] : nullptr;
    const bool tied = above != nullptr && above->points == row.points && above->wins == row.wins &&
                      above->crashes == row.crashes;
    row.rank = tied ? above->rank : static_cast<int>(i) + 1;
  }
  return result;
}

}  // namespace skirmish::tournament
