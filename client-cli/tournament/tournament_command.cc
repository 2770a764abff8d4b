#include "client-cli/tournament/tournament_command.h"

#include <filesystem>
#include <iostream>

#include <unistd.h>

#include "client-cli/commands.h"
#include "client-cli/invites.h"
#include "client-cli/tournament/report.h"
#include "client-cli/tournament/submission_check.h"
#include "client-cli/tournament/tournament_run.h"
#include "client-cli/usage_error.h"
#include "engine/registry.h"

namespace skirmish::tournament {

namespace {

std::string without_trailing_slash(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

// In a game without a default time per move (Tactego, 1D Chess) one bot that hangs would
// stall its game until --game-timeout, unrecorded, and again on every --resume. A tournament
// gives each move 10 s unless told otherwise; a game's own default (DCMS's 5 s) stays.
constexpr int kTournamentMoveTimeMs = 10000;

// Returns the notice to give once the setup has passed its checks, or "" when the game's
// own limit (or -o) holds.
std::string default_move_time(const std::string& game, nlohmann::json& options) {
  const engine::GameInfo* info = engine::find_game(game);
  // An unknown game gets no notice: run_tournament refuses it first thing.
  if (info == nullptr || info->default_move_time_ms > 0 || options.contains("move_time_ms")) return "";
  options["move_time_ms"] = kTournamentMoveTimeMs;
  return "tournament: each move gets " + std::to_string(kTournamentMoveTimeMs) +
         " ms (no -o move_time_ms given): a bot that hangs loses on time instead of stalling the "
         "tournament; -o move_time_ms=0 for no limit";
}

}  // namespace

void TournamentCommand::attach(CLI::App& app) {
  command_ = app.add_subcommand("tournament", "play a round-robin or gauntlet between bots (docs/tournaments.md)");
  command_->add_option("--game", game_, engine::game_names());
  command_->add_option("--bots", bots_,
                       "seed-style .py submissions (DCMS), folders of them, or bots files of NAME = COMMAND lines");
  command_->add_option("--gauntlet", gauntlet_, "a gauntlet: this bot plays every other one (default: round-robin)");
  // Ranges are CLI11's checks, so a wrong value is a usage error (exit 2) before anything runs.
  rounds_flag_ = command_->add_option("--rounds", rounds_, "each pairing plays this many times in each colour")
                     ->capture_default_str()
                     ->check(CLI::Range(1, 1000));
  command_->add_option("-o,--option", options_, "a match option KEY=VALUE for every game (repeatable), e.g. -o move_time_ms=5000")
      ->allow_extra_args(false);
  command_->add_option("--concurrency", concurrency_, "games played at the same time")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  command_->add_option("--out", out_, "the results folder (results.json, standings.md, logs/)");
  command_->add_option("--resume", resume_, "continue the tournament saved in this results folder");
  command_->add_option("--memory-mb", limits_.memory_mb, "each bot's address-space limit in MiB (0 = none)")
      ->capture_default_str()
      ->check(CLI::Range(0L, 1L << 20));
  command_->add_option("--cpu-seconds", limits_.cpu_seconds, "each bot's CPU time limit per game (0 = none)")
      ->capture_default_str()
      ->check(CLI::Range(0L, 86400L));
  command_->add_option("--processes", limits_.processes, "the process limit for bots (RLIMIT_NPROC; 0 = none)")
      ->capture_default_str()
      ->check(CLI::Range(0L, 1L << 20));
  command_->add_option("--open-files", limits_.open_files, "each bot's open file limit (0 = none)")
      ->capture_default_str()
      ->check(CLI::Range(0L, 1L << 20));
  command_->add_flag("--no-limits", no_limits_, "run the bots without resource limits");
  command_->add_option("--python", python_, "the Python 3 for seed-style submissions")->capture_default_str();
  command_->add_option("--max-games", max_games_, "stop after this many games (resume later)")
      ->check(CLI::Range(1, 1000000));
  command_->add_option("--game-timeout", game_timeout_s_, "give up a game after this many seconds")
      ->capture_default_str()
      ->check(CLI::Range(1, 86400));
  // --server is the client's own option (before or after `tournament`): say so here, where
  // a host looks for it.
  command_->footer(
      "The games are played on a private server on 127.0.0.1, started and stopped by this command,\n"
      "unless --server ws://HOST:PORT (or wss://, with --ca-file) names one; $SKIRMISH_SERVER is not used.");
}

std::string TournamentCommand::run_flags_text() const {
  std::string text;
  for (const char* name : {"--concurrency", "--memory-mb", "--cpu-seconds", "--processes", "--open-files",
                           "--no-limits", "--python", "--game-timeout", "--max-games"}) {
    const CLI::Option* option = command_->get_option(name);
    if (option->count() == 0) continue;
    text += std::string(" ") + name;
    if (option->get_expected_min() > 0) text += " " + client::shell_word(option->results().back());
  }
  return text;
}

int TournamentCommand::run(const std::string& server, const std::string& ca_file) const {
  Results results;
  // "results/" and "results" name one folder: paths printed later get one slash.
  std::string out = without_trailing_slash(out_);
  // Said only once run_tournament has checked the setup: a refused command gives no notices.
  std::vector<std::string> notices;
  if (!resume_.empty()) {
    if (!game_.empty() || !bots_.empty() || !options_.empty() || !gauntlet_.empty() || rounds_flag_->count() > 0)
      throw client::UsageError("--resume takes the game, bots, rounds and options from " +
                               (std::filesystem::path(resume_) / kResultsFileName).lexically_normal().string() +
                               ": leave out --game, --bots, --gauntlet, --rounds and -o");
    results = load_results(resume_);
    if (out.empty()) out = without_trailing_slash(resume_);
    for (const auto& warning : changed_submissions(results.setup.bots)) notices.push_back("tournament: " + warning);
  } else {
    if (game_.empty()) throw client::UsageError("give --game GAME (or --resume DIR)");
    if (bots_.empty()) throw client::UsageError("give --bots PATH... (or --resume DIR)");
    if (out.empty()) throw client::UsageError("give --out DIR: where the results and the bots' logs go");
    std::error_code error;
    if (std::filesystem::exists(out, error) && !std::filesystem::is_directory(out, error))
      throw std::runtime_error("--out " + out + " is a file: give a folder (it is created if missing)");
    if (std::filesystem::exists(std::filesystem::path(out) / kResultsFileName, error))
      throw std::runtime_error("--out " + out + " already holds a tournament: --resume " + out +
                               " to continue it, or choose another folder");
    results.setup.game = game_;
    results.setup.bots = load_roster(bots_);
    for (const auto& warning : missing_programs(results.setup.bots)) notices.push_back("tournament: " + warning);
    for (const auto& warning : misfit_submissions(results.setup.bots, python_))
      notices.push_back("tournament: " + warning);
    results.setup.format = gauntlet_.empty() ? "round_robin" : "gauntlet";
    results.setup.hero = gauntlet_;
    results.setup.rounds = rounds_;
    results.setup.options = client::parse_match_options(options_);
    if (auto notice = default_move_time(results.setup.game, results.setup.options); !notice.empty())
      notices.push_back(std::move(notice));
    results.setup.server = server;
  }
  RunOptions options;
  // A resumed tournament goes on where it was played: the stored server, unless --server
  // names another one now.
  options.server = server.empty() ? results.setup.server : server;
  if (!resume_.empty() && !server.empty() && server != results.setup.server)
    notices.push_back("Note: the earlier games were played on " +
                      (results.setup.server.empty() ? std::string("a private server") : results.setup.server) +
                      "; the rest go to " + server);
  options.ca_file = ca_file;
  options.concurrency = concurrency_;
  options.out_dir = out;
  options.limits = limits_;
  options.limit_resources = !no_limits_;
  options.python = python_;
  options.bots_dir = client::bots_dir();
  options.stop_after = max_games_;
  options.game_timeout = std::chrono::seconds(game_timeout_s_);
  options.progress = &std::cerr;
  options.progress_in_place = isatty(STDERR_FILENO) != 0;
  options.notices = std::move(notices);

  const RunSummary summary = run_tournament(std::move(results), options);
  const auto standings = compute_standings(summary.results.setup.bot_names(), summary.results.games);
  std::cout << standings_text(standings);
  std::cout << "\n" << summary.results.games.size() << " of " << summary.total_games << " games played. Results: "
            << out << "/" << kResultsFileName << ", " << out << "/" << kMarkdownFileName << ", game records in " << out
            << "/" << kRecordsDir << ", logs in " << out << "/logs\n";
  for (const auto& error : summary.errors) std::cerr << "not recorded: " << error << "\n";
  for (const auto& failure : summary.unsaved_records) std::cerr << "record not saved: " << failure << "\n";
  if (!summary.complete()) {
    std::cout << (summary.interrupted ? "Interrupted. " : "") << "Continue with: skirmish tournament --resume "
              << client::shell_word(out) << run_flags_text()
              << (ca_file.empty() ? "" : " --ca-file " + client::shell_word(ca_file)) << std::endl;
    return 3;
  }
  return 0;
}

}  // namespace skirmish::tournament
