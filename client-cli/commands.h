#pragma once
// The subcommands that take a seat or watch: interactive play (create, join, play, watch)
// and the bot bridge (bot). Each returns the process exit code.
#include <string>
#include <vector>

#include "client-cli/match_session.h"

namespace skirmish::client {

struct CommonOptions {
  std::string server;  // --server (empty: $SKIRMISH_SERVER or the default)
  std::string name;    // --name shown to others
};

// KEY=VALUE pairs from -o into the create_match options object. Throws
// std::invalid_argument for an entry without '='.
nlohmann::json parse_match_options(const std::vector<std::string>& pairs);

int run_interactive(const CommonOptions& common, const SeatRequest& request);

struct BotOptions {
  std::string command;      // --cmd "PROGRAM ARGS" (run by /bin/sh)
  std::string python_dcms;  // --python-dcms team.py
  std::string python = "/usr/bin/python3";
  std::string log_path;     // the bot's stderr
};
int run_bot(const CommonOptions& common, const SeatRequest& request, const BotOptions& bot);

// Where the shipped bots and the seed-submission driver live ($SKIRMISH_BOTS_DIR or the
// source tree's bots/).
std::string bots_dir();

}  // namespace skirmish::client
