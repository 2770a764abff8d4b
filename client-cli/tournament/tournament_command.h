#pragma once
// `skirmish tournament`: the command line of bot tournaments (docs/tournaments.md).
// main() calls attach() to add the subcommand and run() when it was given.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "client-cli/tournament/resource_limits.h"

namespace skirmish::tournament {

class TournamentCommand {
 public:
  void attach(CLI::App& app);
  bool parsed() const { return command_ != nullptr && command_->parsed(); }
  // `server` is the global --server ("" = start a private server), `ca_file` the global
  // --ca-file (for a wss:// server). Returns 0 when all games were played, 3 when it stopped
  // early (interrupted, --max-games, failed games); throws client::UsageError for a wrong
  // command line and other exceptions for failures.
  int run(const std::string& server, const std::string& ca_file) const;

 private:
  // The flags of this run that results.json does not keep (--concurrency, the limits,
  // --python, ...), as " --concurrency 2": the resume hint repeats them.
  std::string run_flags_text() const;

  CLI::App* command_ = nullptr;
  CLI::Option* rounds_flag_ = nullptr;
  std::string game_;
  std::vector<std::string> bots_;
  std::string gauntlet_;
  int rounds_ = 1;
  std::vector<std::string> options_;
  int concurrency_ = 1;
  std::string out_;
  std::string resume_;
  ResourceLimits limits_;
  bool no_limits_ = false;
  std::string python_ = "/usr/bin/python3";
  int max_games_ = 0;
  int game_timeout_s_ = 600;
};

}  // namespace skirmish::tournament
