#pragma once
// Finished games and the standings they add up to: win 3, draw 1, loss 0 (rules.md), with
// crashes and timeouts (missed deadlines) per bot and the result of every pairing.
#include <map>
#include <string>
#include <vector>

#include "client-cli/tournament/elo.h"

namespace skirmish::tournament {

struct GameRecord {
  int index = 0;
  int round = 1;
  std::string seat0, seat1;          // bot names
  std::string seat0_name, seat1_name;  // the game's seat names ("blue", "red", ...)
  std::string match;                 // the server's match id (for `skirmish replay`)
  std::string winner;                // bot name; "" for a draw
  std::string reason;                // the outcome's reason ("score", "resignation", ...)
  int turns = 0;
  std::map<std::string, std::string> crashes;  // bot -> what happened (a crash loses)
  // bot -> deadlines missed in this game: DCMS null moves and a missed setup, or a game
  // lost on time (docs/tournaments.md, "Timeouts")
  std::map<std::string, int> timeouts;
  // Both programs crashed (each before its bridge learned the game was over): a loss for
  // both, whatever the server recorded (docs/tournaments.md).
  bool both_crashed = false;

  bool draw() const { return winner.empty() && !both_crashed; }
  int points_of(const std::string& bot) const;
};

constexpr int kWinPoints = 3;
constexpr int kDrawPoints = 1;

struct Standing {
  int rank = 0;  // equal points, wins and games share a rank
  std::string bot;
  int points = 0, games = 0, wins = 0, draws = 0, losses = 0, crashes = 0, timeouts = 0;
  EloEstimate elo;
};

// Wins, draws and losses of one bot against one opponent.
struct PairingResult {
  int wins = 0, draws = 0, losses = 0;
};

struct Standings {
  std::vector<Standing> table;  // best first
  // pairings[a][b]: a's results against b.
  std::map<std::string, std::map<std::string, PairingResult>> pairings;
};

// Every bot in `bots` gets a row, even with no game yet. Order: points, then wins, then
// fewer crashes, then name.
Standings compute_standings(const std::vector<std::string>& bots, const std::vector<GameRecord>& games);

}  // namespace skirmish::tournament
