#include "client-cli/commands.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include <boost/asio/io_context.hpp>
#include <unistd.h>

#include "client-cli/bot_actor.h"
#include "client-cli/human_actor.h"
#include "client-cli/line_input.h"

namespace skirmish::client {

nlohmann::json parse_match_options(const std::vector<std::string>& pairs) {
  nlohmann::json options = nlohmann::json::object();
  for (const auto& pair : pairs) {
    const auto eq = pair.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw std::invalid_argument("option '" + pair + "' must look like KEY=VALUE (e.g. move_time_ms=0)");
    }
    options[pair.substr(0, eq)] = pair.substr(eq + 1);  // the server reads option values as text
  }
  return options;
}

std::string bots_dir() {
  if (const char* env = std::getenv("SKIRMISH_BOTS_DIR"); env != nullptr && *env != '\0') return env;
  return SKIRMISH_DEFAULT_BOTS_DIR;
}

namespace {

std::string default_name() {
  const char* user = std::getenv("USER");
  return user != nullptr && *user != '\0' ? user : "player";
}

}  // namespace

int run_interactive(const CommonOptions& common, const SeatRequest& request) {
  const ServerUrl url = parse_server_url(choose_server(common.server));
  boost::asio::io_context io;
  LineInput input(io);
  HumanActor human(input, Style::detect(), std::cout);
  MatchSession session(io, url, common.name.empty() ? default_name() : common.name, request, human);
  session.start();
  io.run();
  return session.exit_code();
}

int run_bot(const CommonOptions& common, const SeatRequest& request, const BotOptions& options) {
  const ServerUrl url = parse_server_url(choose_server(common.server));
  std::vector<std::string> argv;
  if (!options.python_dcms.empty()) {
    if (!std::filesystem::is_regular_file(options.python_dcms))
      throw std::invalid_argument("--python-dcms: no such file '" + options.python_dcms + "'");
    const std::string driver = bots_dir() + "/seed_submission.py";
    if (!std::filesystem::is_regular_file(driver))
      throw std::invalid_argument("the seed-submission driver is missing: '" + driver +
                                  "' (set SKIRMISH_BOTS_DIR to the bots/ folder)");
    argv = {options.python, driver, options.python_dcms};
  } else {
    argv = {"/bin/sh", "-c", "exec " + options.command};
  }
  const std::string log_path =
      options.log_path.empty() ? "skirmish-bot-" + std::to_string(getpid()) + ".log" : options.log_path;

  boost::asio::io_context io;
  BotProcess process(io, argv, log_path);
  BotActor bot(io, process, std::cout);
  MatchSession session(io, url, common.name.empty() ? "bot" : common.name, request, bot);
  bot.start([&session](const std::string& why) { session.abandon(why, true); });
  session.start();
  io.run();
  process.stop();
  return session.exit_code();
}

}  // namespace skirmish::client
