#pragma once
// The results folder (--out DIR): results.json, rewritten after every finished game (so a
// killed run loses at most the games in progress), and standings.md. --resume DIR reads
// results.json back: the tournament's setup and the games already played.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "client-cli/tournament/roster.h"
#include "client-cli/tournament/schedule.h"
#include "client-cli/tournament/standings.h"

namespace skirmish::tournament {

struct TournamentSetup {
  std::string game;
  std::string format = "round_robin";  // or "gauntlet"
  std::string hero;                    // gauntlet: the bot that plays everyone
  int rounds = 1;
  nlohmann::json options = nlohmann::json::object();  // create_match options, for every game
  std::string server;  // the --server the games are played on ("": a private server); --resume keeps it
  std::vector<BotEntry> bots;

  std::vector<std::string> bot_names() const;
  // The games this setup plays, in order (throws std::invalid_argument for a bad setup).
  std::vector<ScheduledGame> schedule() const;
};

struct Results {
  TournamentSetup setup;
  std::vector<GameRecord> games;  // finished games, in the order they finished
};

inline constexpr const char* kResultsFormat = "skirmish-tournament/1";
inline constexpr const char* kResultsFileName = "results.json";
inline constexpr const char* kMarkdownFileName = "standings.md";

nlohmann::json results_to_json(const Results& results);
// Throws std::invalid_argument saying which field is wrong (`where` names the file).
Results results_from_json(const nlohmann::json& j, const std::string& where);

// Writes results.json (atomically: a temporary file renamed over it) and standings.md.
void save_results(const std::string& dir, const Results& results);
// Reads DIR/results.json. Throws std::invalid_argument if missing or malformed.
Results load_results(const std::string& dir);

}  // namespace skirmish::tournament
