#pragma once
// Runs a tournament's remaining games: on the given server or a private one started in
// this process on 127.0.0.1 (a free port), N games at a time, saving the results folder
// after each finished game and showing the progress line. Ctrl-C (or SIGTERM) stops it:
// games in progress are given up and not recorded, so --resume plays them again.
#include <chrono>
#include <ostream>
#include <string>
#include <vector>

#include "client-cli/tournament/resource_limits.h"
#include "client-cli/tournament/results_file.h"

namespace skirmish::tournament {

// In the results folder: each finished game's record, and the private server's store.
inline constexpr const char* kRecordsDir = "records";
inline constexpr const char* kServerDataDir = "server-data";

struct RunOptions {
  std::string server;      // ws:// or wss://HOST:PORT; empty = start a private server
  std::string ca_file;     // for a wss:// server: --ca-file (empty: $SKIRMISH_CA_FILE or none)
  int concurrency = 1;
  std::string out_dir;     // results.json, standings.md, logs/
  ResourceLimits limits;
  bool limit_resources = true;
  std::string python = "/usr/bin/python3";
  std::string bots_dir;    // where seed_submission.py is
  int stop_after = 0;      // play at most this many games in this run (0 = all)
  std::chrono::seconds game_timeout{600};
  std::ostream* progress = nullptr;  // the notices and the progress line (stderr); nullptr = none
  // Lines to give once every check has passed, before the results folder is made (a missing
  // program, the default move time): a refused command prints none of them.
  std::vector<std::string> notices;
  bool progress_in_place = false;    // a terminal: redraw the line in place
};

struct RunSummary {
  Results results;           // every finished game, earlier runs included
  int total_games = 0;
  int played_now = 0;
  bool interrupted = false;
  std::vector<std::string> errors;  // games that ended without a result (not recorded)
  std::vector<std::string> unsaved_records;  // finished games whose record could not be fetched
  bool complete() const { return static_cast<int>(results.games.size()) == total_games; }
};

// Throws std::invalid_argument for bad settings (unknown game, concurrency < 1, a bot file
// that is not a DCMS game's submission, ...) and std::runtime_error if the private server
// cannot start.
RunSummary run_tournament(Results results, const RunOptions& options);

}  // namespace skirmish::tournament
