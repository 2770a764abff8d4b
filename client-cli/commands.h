#pragma once
// The subcommands that take a seat or watch: interactive play (create, join, play, watch)
// and the bot bridge (bot). Each returns the process exit code.
#include <string>
#include <vector>

#include "client-cli/match_session.h"

namespace skirmish::client {

struct CommonOptions {
  std::string server;   // --server (empty: $SKIRMISH_SERVER or the default)
  std::string ca_file;  // --ca-file (empty: $SKIRMISH_CA_FILE or none), for wss://
  std::string name;     // --name shown to others
};

// KEY=VALUE pairs from -o into the create_match options object. Throws
// std::invalid_argument for an entry without '='.
nlohmann::json parse_match_options(const std::vector<std::string>& pairs);

// A person plays (create, join, play) or watches. Throws std::invalid_argument for a
// seat the game does not have.
int run_interactive(const CommonOptions& common, SeatRequest request);

// `skirmish resume MATCH`: takes back a seat this client held, with the token it saved
// (saved_seats.h), or with `token` when given. Throws std::invalid_argument when there is
// no token to use, naming what to do.
int resume_seat(const CommonOptions& common, const std::string& match, const std::string& seat,
                const std::string& token);

struct BotOptions {
  std::string command;      // --cmd: any shell command (bot_command.h)
  std::string python_dcms;  // --python-dcms team.py
  std::string python = "/usr/bin/python3";
  std::string log_path;     // the bot's stderr
};
int run_bot(const CommonOptions& common, const SeatRequest& request, const BotOptions& bot);

// Where the shipped bots and the seed-submission driver live ($SKIRMISH_BOTS_DIR or the
// source tree's bots/).
std::string bots_dir();

}  // namespace skirmish::client
