#include "client-cli/commands.h"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include <boost/asio/io_context.hpp>
#include <pwd.h>
#include <unistd.h>

#include "client-cli/bot_actor.h"
#include "client-cli/bot_command.h"
#include "client-cli/durations.h"
#include "client-cli/human_actor.h"
#include "client-cli/line_input.h"
#include "client-cli/saved_seats.h"
#include "client-cli/style.h"
#include "client-cli/usage_error.h"
#include "engine/registry.h"
#include "protocol/match_ids.h"

namespace skirmish::client {

nlohmann::json parse_match_options(const std::vector<std::string>& pairs) {
  nlohmann::json options = nlohmann::json::object();
  for (const auto& pair : pairs) {
    const auto eq = pair.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw UsageError("option '" + pair + "' must look like KEY=VALUE (e.g. move_time_ms=0)");
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

// $USER, else the account's name (tmux, cron and containers often leave USER unset, and
// two players both called "player" cannot tell each other apart), else "player".
std::string default_name() {
  if (const char* user = std::getenv("USER"); user != nullptr && *user != '\0') return user;
  if (const passwd* account = ::getpwuid(::getuid()); account != nullptr && account->pw_name != nullptr &&
                                                      *account->pw_name != '\0')
    return account->pw_name;
  return "player";
}

// A seat the game does not have is refused before a match is created for it.
void check_seat_name(const SeatRequest& request) {
  if (request.seat.empty() || request.game.empty()) return;
  const auto* game = engine::find_game(request.game);
  if (game == nullptr) return;  // the server names the games it has
  if (engine::find_seat(*game, request.seat)) return;
  throw UsageError("--seat: " + request.game + " has no seat '" + request.seat + "' (" +
                              engine::seat_choices(*game) + ")");
}

int play_as_person(const ServerUrl& url, const CommonOptions& common, const SeatRequest& request) {
  boost::asio::io_context io;
  LineInput input(io);
  HumanActor human(input, Style::detect(), std::cout);
  MatchSession session(io, url, common.name.empty() ? default_name() : common.name, request, human);
  session.start();
  io.run();
  return session.exit_code();
}

// A game whose default clock is a bot tournament's (DCMS: 5 s a move, from the moment the
// second player joins) gives a person who creates a match this, unless they chose a time.
constexpr long long kPersonMoveTimeMs = 60'000;

void give_people_time(SeatRequest& request) {
  const bool creates = request.mode == SeatRequest::Mode::Create || request.mode == SeatRequest::Mode::Play;
  if (!creates || request.detach || request.options.contains("move_time_ms")) return;  // detach: maybe for bots
  const engine::GameInfo* game = engine::find_game(request.game);
  if (game == nullptr || game->default_move_time_ms == 0 || game->default_move_time_ms >= kPersonMoveTimeMs) return;
  request.options["move_time_ms"] = std::to_string(kPersonMoveTimeMs);
  request.create_note = "(" + game->title + " gives " +
                        describe_duration(std::chrono::milliseconds(game->default_move_time_ms)) +
                        " a move by default, a bot's time; this match gives " +
                        describe_duration(std::chrono::milliseconds(kPersonMoveTimeMs)) +
                        ". For the default: -o move_time_ms=" + std::to_string(game->default_move_time_ms) + ")";
}

}  // namespace

int run_interactive(const CommonOptions& common, SeatRequest request) {
  check_seat_name(request);
  give_people_time(request);
  request.remember_seat = request.mode != SeatRequest::Mode::Watch;
  return play_as_person(choose_server_url(common.server, common.ca_file), common, request);
}

int resume_seat(const CommonOptions& common, const std::string& typed_match, const std::string& seat,
                const std::string& token) {
  // The saved seats' files are named by the id as the server gives it ("ef53fp4d" is EF53FP4D).
  const std::string match = protocol::canonical_match_id(typed_match);
  SeatRequest request;
  request.mode = SeatRequest::Mode::Resume;
  request.match = match;
  request.seat = seat;
  request.token = token;
  request.remember_seat = true;
  std::string saved_server;
  std::string saved_ca_file;
  if (token.empty()) {
    std::vector<SavedSeat> saved = saved_seats(match);
    std::erase_if(saved, [&](const SavedSeat& s) { return !seat.empty() && s.seat != seat; });
    const auto dir = saved_seats_dir();
    if (saved.empty())
      throw std::invalid_argument(
          "no saved seat" + (seat.empty() ? std::string() : " '" + seat + "'") + " of match " + match +
          (dir ? " in " + dir->string() : std::string()) +
          " (a seat's file is removed when its game ends: `skirmish replay " + match +
          "` shows a finished game); else give the seat's token with --token (the `token` of the "
          "server's joined message)");
    if (saved.size() > 1)
      throw std::invalid_argument("seats " + saved[0].seat + " and " + saved[1].seat + " of match " + match +
                                  " are both saved here: choose one with --seat");
    request.seat = saved[0].seat;
    request.token = saved[0].token;
    saved_server = saved[0].server;    // the server the seat was taken on
    saved_ca_file = saved[0].ca_file;  // and the --ca-file it trusted, if any
  }
  const ServerUrl url = choose_server_url(common.server, common.ca_file, saved_server, saved_ca_file);
  // A saved token goes only to the server that gave it: another one (--server, or a
  // SKIRMISH_SERVER set for other games) could take the seat with it.
  if (!saved_server.empty() && !same_server(url, saved_server))
    throw std::invalid_argument("the saved seat " + request.seat + " of match " + match + " was taken on " +
                                printable(saved_server) + ", not " + url.text() +
                                " (from --server or SKIRMISH_SERVER): its token is sent only there. Give "
                                "--server " + printable(saved_server) + ", or --token TOKEN to send a token yourself");
  return play_as_person(url, common, request);
}

int run_bot(const CommonOptions& common, const SeatRequest& request, const BotOptions& options) {
  check_seat_name(request);
  const ServerUrl url = choose_server_url(common.server, common.ca_file);
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
    argv = bot_command_argv(options.command);
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
