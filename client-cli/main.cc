// skirmish: the reference command-line client (play in the terminal, watch, run bots).
#include <csignal>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "client-cli/commands.h"
#include "client-cli/history_commands.h"
#include "client-cli/invites.h"
#include "client-cli/lobby_commands.h"
#include "client-cli/server_url.h"
#include "client-cli/tournament/tournament_command.h"
#include "client-cli/usage_error.h"
#include "engine/registry.h"
#include "protocol/command_line_errors.h"
#include "protocol/version.h"

using namespace skirmish::client;

namespace {

// "Tactego, Dog-Cat-Mouse-cheeSe and 1D Chess": every game the client plays, for its help.
std::string game_titles() {
  const auto& games = skirmish::engine::all_games();
  std::string titles;
  for (std::size_t i = 0; i < games.size(); ++i)
    titles += (i == 0 ? "" : i + 1 == games.size() ? " and " : ", ") + games[i]->title;
  return titles;
}

// When no command was read because the first word is not one: "unknown command 'plya'
// (the commands: games, list, ...)". CLI11 says only "A subcommand is required".
std::optional<std::string> unknown_command(const CLI::App& app, int argc, char** argv) {
  if (!app.get_subcommands().empty()) return std::nullopt;
  std::string word;
  for (int i = 1; i < argc && word.empty(); ++i) {
    const std::string arg = argv[i];
    if (!arg.starts_with("-")) word = arg;
    else if (arg.find('=') == std::string::npos && app.get_option_no_throw(arg) != nullptr &&
             app.get_option_no_throw(arg)->get_expected_min() > 0)
      ++i;  // "--server URL": URL is the flag's value
  }
  if (word.empty()) return std::nullopt;
  std::string names;
  for (const CLI::App* command : app.get_subcommands({}))
    names += (names.empty() ? "" : ", ") + command->get_name();
  return "unknown command '" + word + "' (the commands: " + names + ")";
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGPIPE, SIG_IGN);  // a closed socket or bot pipe is an error code, not a death
  CLI::App app{"skirmish: play " + game_titles() + " on a Skirmish server"};
  // CLI11 takes "" as a value like any other; an empty match id would even list every
  // match to `join` (a list_matches filter left out).
  const CLI::Validator not_empty(
      [](std::string& value) { return value.empty() ? std::string("must not be empty") : std::string(); }, "",
      "not empty");
  // A match id as people paste it: blanks around it dropped. The rest (any case, 0/1/8) is
  // the server's to read, which quotes an id it cannot find as it was sent.
  const CLI::Validator match_id(
      [](std::string& value) {
        value = trim_blanks(value);
        return value.empty() ? std::string("must not be empty") : std::string();
      },
      "", "match id");
  // A URL or a path as pasted: blanks around it dropped here, so that the tournament keeps
  // (and prints) the value without them.
  const CLI::Validator trimmed(
      [](std::string& value) {
        value = trim_blanks(value);
        return std::string();
      },
      "", "trimmed");
  app.require_subcommand(1);
  app.set_version_flag("--version", skirmish::protocol::version_line("skirmish"));
  // --server, --ca-file and --name go before or after the subcommand (subcommands inherit this).
  app.fallthrough();
  CommonOptions common;
  app.add_option("--server", common.server,
                 "server URL (default: $SKIRMISH_SERVER, else ws://127.0.0.1:8080)")
      ->transform(trimmed);
  app.add_option("--ca-file", common.ca_file,
                 "for wss://: trust this certificate (PEM) as well as the system's "
                 "(default: $SKIRMISH_CA_FILE)")
      ->type_name("FILE")
      ->transform(trimmed);
  app.add_option("--name", common.name, "your name as others see it");

  auto* games = app.add_subcommand("games", "list the games and their options");
  std::string list_game;
  auto* list = app.add_subcommand("list", "list open and running matches");
  list->add_option("GAME", list_game, "only this game");

  SeatRequest create_request;
  create_request.mode = SeatRequest::Mode::Create;
  std::vector<std::string> create_options;
  auto* create = app.add_subcommand("create", "create a match, join it and play");
  create->add_option("GAME", create_request.game, skirmish::engine::game_names())->required();
  create->add_option("-o,--option", create_options, "a match option KEY=VALUE (repeatable), e.g. -o move_time_ms=0")
      ->allow_extra_args(false);
  create->add_option("--seat", create_request.seat, "the seat to take, by name or number (default: the first)");
  create->add_flag("--detach", create_request.detach, "only create the match and print its id");
  bool create_private = false;
  create->add_flag("--private", create_private,
                   "unlisted: joining or watching needs the invite code it prints (-o private=true)");

  SeatRequest join_request;
  join_request.mode = SeatRequest::Mode::Join;
  auto* join = app.add_subcommand("join", "join a match and play");
  join->add_option("MATCH", join_request.match, "the match id")->required()->transform(match_id);
  join->add_option("--seat", join_request.seat, "the seat to take, by name or number (default: the first free)");
  join->add_option("--invite", join_request.invite,
                   "a private match's invite code, from its creator (default: $SKIRMISH_INVITE)")
      ->type_name("CODE");
  join->add_flag("-y,--yes", join_request.accept_terms,
                 "join without asking when its terms could be unfair to you (the warnings are still printed)");

  std::string resume_match, resume_seat_name, resume_token;
  auto* resume = app.add_subcommand(
      "resume", "take back your seat in a running match after this client stopped (within the reconnect grace)");
  resume->add_option("MATCH", resume_match, "the match id")->required()->transform(match_id);
  resume->add_option("--seat", resume_seat_name, "which seat, when both were played from here");
  resume->add_option("--token", resume_token,
                     "the seat's token (default: the one this client saved when it joined)");

  SeatRequest watch_request;
  watch_request.mode = SeatRequest::Mode::Watch;
  auto* watch = app.add_subcommand("watch", "watch a match as a spectator");
  watch->add_option("MATCH", watch_request.match, "the match id")->required()->transform(match_id);
  watch->add_option("--invite", watch_request.invite,
                    "a private match's invite code, from its creator (default: $SKIRMISH_INVITE)")
      ->type_name("CODE");

  SeatRequest play_request;
  play_request.mode = SeatRequest::Mode::Play;
  std::vector<std::string> play_options;
  auto* play = app.add_subcommand("play", "join an open match of GAME, or create one and wait");
  play->add_option("GAME", play_request.game, skirmish::engine::game_names())->required();
  play->add_option("-o,--option", play_options, "a match option KEY=VALUE for a new match (repeatable)")
      ->allow_extra_args(false);
  play->add_option("--seat", play_request.seat, "the seat to take, by name or number");
  bool play_private = false;
  play->add_flag("--private", play_private,
                 "create a private match (no one else's is ever joined) and print its invite code");

  BotOptions bot_options;
  std::string bot_target;
  std::vector<std::string> bot_match_options;
  std::string bot_seat;
  auto* bot = app.add_subcommand("bot", "let a program play a seat (the bot bridge, docs/bots.md)");
  auto* cmd = bot->add_option("--cmd", bot_options.command, "the command that starts the bot, run by /bin/sh (\"cd bots && ./mine\" works too)");
  auto* py = bot->add_option("--python-dcms", bot_options.python_dcms,
                             "a seed-style Python DCMS submission (setup/move functions)");
  cmd->excludes(py);
  bot->add_option("--python", bot_options.python, "the Python 3 for --python-dcms")->capture_default_str();
  bot->add_option("--log", bot_options.log_path, "where the bot's stderr goes (default skirmish-bot-PID.log)");
  bot->add_option("TARGET", bot_target, "a game name (join an open match or create one) or a match id")
      ->required()
      ->check(not_empty);
  bot->add_option("-o,--option", bot_match_options, "a match option KEY=VALUE for a new match (repeatable)")
      ->allow_extra_args(false);
  bot->add_option("--seat", bot_seat, "the seat to take, by name or number");
  std::string bot_invite;
  bot->add_option("--invite", bot_invite,
                  "a private match's invite code (TARGET a match id; default: $SKIRMISH_INVITE)")
      ->type_name("CODE");

  // History (issue 5): the server's stored matches, over its HTTP side.
  std::string history_match, export_path = "-", verify_path;
  auto* export_cmd = app.add_subcommand("export", "write a stored match's record as JSON");
  export_cmd->add_option("MATCH", history_match, "the match id")->required()->transform(match_id);
  export_cmd->add_option("-o,--output", export_path, "the file to write (default: standard output)");
  auto* replay = app.add_subcommand("replay", "step through a finished game (next/previous/jump)");
  replay->add_option("MATCH", history_match, "a match id, or a record file from `skirmish export`")
      ->required()
      ->transform(match_id);
  auto* verify = app.add_subcommand("verify", "re-run a record through the rules: legal moves, right result");
  verify->add_option("RECORD", verify_path, "a record file from `skirmish export`")->required()->check(not_empty);

  skirmish::tournament::TournamentCommand tournament;  // docs/tournaments.md
  tournament.attach(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return app.exit(error);  // --help, --version
    // 2: the command line is wrong, said as our own checks say it.
    const auto unknown = unknown_command(app, argc, argv);
    const std::string message =
        unknown ? *unknown : skirmish::protocol::reword_command_line_error(error.what());
    std::fprintf(stderr, "skirmish: %s\nRun with --help for more information.\n", message.c_str());
    return 2;
  }
  const auto server = [&common] { return choose_server_url(common.server, common.ca_file); };
  try {
    if (tournament.parsed()) return tournament.run(common.server, common.ca_file);
    if (export_cmd->parsed())
      return export_match(server(), history_match, export_path);
    if (replay->parsed())
      return replay_match(server(), history_match, std::cin, std::cout);
    if (verify->parsed()) return verify_record_file(verify_path, std::cout);
    if (games->parsed()) return list_games(server());
    if (list->parsed()) return list_matches(server(), list_game);
    if (create->parsed()) {
      check_game_name(create_request.game);
      create_request.options = parse_match_options(create_options);
      if (create_private) ask_private(create_request.options);
      return run_interactive(common, create_request);
    }
    if (join->parsed()) {
      join_request.invite = choose_invite(join_request.invite);
      return run_interactive(common, join_request);
    }
    if (watch->parsed()) {
      watch_request.invite = choose_invite(watch_request.invite);
      return run_interactive(common, watch_request);
    }
    if (resume->parsed()) return resume_seat(common, resume_match, resume_seat_name, resume_token);
    if (play->parsed()) {
      check_game_name(play_request.game);
      play_request.options = parse_match_options(play_options);
      if (play_private) ask_private(play_request.options);
      return run_interactive(common, play_request);
    }
    if (bot->parsed()) {
      if (bot_options.command.empty() && bot_options.python_dcms.empty()) {
        std::cerr << "skirmish bot: give --cmd \"PROGRAM ARGS\" or --python-dcms FILE" << std::endl;
        return 2;
      }
      SeatRequest request;
      request.seat = bot_seat;
      request.bot = true;
      if (skirmish::engine::find_game(bot_target) != nullptr) {
        request.mode = SeatRequest::Mode::Play;
        request.game = bot_target;
        request.options = parse_match_options(bot_match_options);
      } else {
        request.mode = SeatRequest::Mode::Join;
        request.match = bot_target;
        request.invite = choose_invite(bot_invite);  // $SKIRMISH_INVITE: a game name ignores it
      }
      if (!bot_invite.empty() && request.mode == SeatRequest::Mode::Play) {
        std::cerr << "skirmish bot: --invite goes with a match id, not a game name ('" << bot_target << "')"
                  << std::endl;
        return 2;
      }
      if (!bot_options.python_dcms.empty() && request.mode == SeatRequest::Mode::Play &&
          request.game != "dcms") {
        std::cerr << "skirmish bot: --python-dcms plays DCMS only, not '" << bot_target << "'" << std::endl;
        return 2;
      }
      return run_bot(common, request, bot_options);
    }
  } catch (const UsageError& e) {
    std::cerr << "skirmish: " << e.what() << "\nRun with --help for more information." << std::endl;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "skirmish: " << e.what() << std::endl;
    return 1;
  }
  return 0;
}
