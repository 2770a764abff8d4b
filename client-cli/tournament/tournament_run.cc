#include "client-cli/tournament/tournament_run.h"

#include <csignal>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <list>
#include <optional>
#include <set>
#include <stdexcept>

#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include "client-cli/tournament/game_play.h"
#include "client-cli/tournament/new_entries.h"
#include "client-cli/tournament/option_check.h"
#include "client-cli/tournament/progress.h"
#include "client-cli/tournament/record_saver.h"
#include "client-cli/lobby_commands.h"
#include "client-cli/server_http.h"
#include "client-cli/usage_error.h"
#include "engine/registry.h"
#include "server/server.h"

namespace skirmish::tournament {

namespace asio = boost::asio;

namespace {

// MatchSession narrates on std::cout (joined, created, ...): into the tournament's log
// while games run, so the terminal keeps the progress line and the standings.
class CoutToFile {
 public:
  explicit CoutToFile(const std::string& path) : file_(path, std::ios::app), saved_(std::cout.rdbuf(file_.rdbuf())) {}
  ~CoutToFile() { std::cout.rdbuf(saved_); }
  CoutToFile(const CoutToFile&) = delete;
  CoutToFile& operator=(const CoutToFile&) = delete;

 private:
  std::ofstream file_;
  std::streambuf* saved_;
};

// The DCMS pieces a tournament plays ("SM", the default, when -o pieces is not given).
// check_match_options has already refused anything but SM, SMC and SMCD, spelt so.
std::string seed_pieces(const nlohmann::json& options) {
  const auto it = options.find("pieces");
  if (it == options.end()) return "SM";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

void check_setup(const TournamentSetup& setup, const RunOptions& options) {
  client::check_game_name(setup.game);
  if (options.concurrency < 1)
    throw client::UsageError("--concurrency must be at least 1, got " + std::to_string(options.concurrency));
  if (options.out_dir.empty()) throw client::UsageError("no results folder (--out DIR)");
  check_match_options(setup.game, setup.options);  // before any folder or game exists
  const std::string driver = options.bots_dir + "/seed_submission.py";
  for (const auto& bot : setup.bots) {
    if (bot.kind == BotEntry::Kind::PythonDcms && !std::filesystem::is_regular_file(driver))
      throw std::invalid_argument("the seed-submission driver is missing: '" + driver +
                                  "' (set SKIRMISH_BOTS_DIR to the bots/ folder)");
    // Else every game of every seed-style bot would be lost as a crash (exit 127).
    if (bot.kind == BotEntry::Kind::PythonDcms && !program_exists(options.python))
      throw std::runtime_error("--python " + options.python + ": no such program, or it cannot be run (bot '" +
                               bot.name + "' needs it)");
    if (bot.kind == BotEntry::Kind::PythonDcms && setup.game != "dcms")
      throw client::UsageError("bot '" + bot.name + "' is a seed-style Python submission (" + bot.source +
                                  "), which plays DCMS only, not " + setup.game +
                                  ": name a command for it in a bots file");
    // Its setup() places two pieces (the seed's round 1): with more, every game it plays
    // would end at once in an illegal setup, and the standings would mean nothing.
    const std::string pieces = seed_pieces(setup.options);
    if (bot.kind == BotEntry::Kind::PythonDcms && pieces != "SM")
      throw client::UsageError("bot '" + bot.name + "' is a seed-style Python submission (" + bot.source +
                                  "), whose setup() places the seed's two pieces (SM), so it cannot play -o pieces=" +
                                  pieces + ": leave pieces at SM, or make the bots programs (a bots file)");
  }
  // Here, before the results folder exists: a run refused later would leave a results.json
  // behind, and the same command, run again, would be told to --resume.
  if (options.limit_resources && access(limits_program().c_str(), X_OK) != 0)
    throw std::invalid_argument("cannot run the bots' resource limiter '" + limits_program() +
                                "': set SKIRMISH_BOT_LIMITS to skirmish-bot-limits, or give --no-limits");
}

// A server named by --server is asked first: a wrong address fails here, once, before the
// results folder is made, rather than in every game alike.
void check_server_answers(const client::ServerUrl& server) {
  const client::HttpReply health = client::http_get(server, "/healthz");
  if (health.status != 200)
    throw std::runtime_error("the server at " + server.text() + " is not ready: /healthz answered " +
                             std::to_string(health.status) + " " + health.body);
}

server::Config private_server_config(const std::string& out_dir) {
  server::Config config;
  config.address = "127.0.0.1";
  config.port = 0;
  config.threads = 1;
  config.log_level = "warn";
  // A store, so every game's record can be fetched (records/) and, with skirmish-server
  // --data-dir on this folder, replayed by match id after the run.
  config.data_dir = (std::filesystem::path(out_dir) / kServerDataDir).string();
  // Only our own bridges connect, and a fast bot in a long Tactego game sends more than
  // the public default (50 messages/s): a dropped move there would be lost on time.
  config.rate_limit_per_second = 1e6;
  config.rate_burst = 1000000;
  return config;
}

}  // namespace

RunSummary run_tournament(Results results, const RunOptions& options) {
  check_setup(results.setup, options);
  std::optional<client::ServerUrl> external_server;
  if (!options.server.empty()) {
    external_server = client::choose_server_url(options.server, options.ca_file);
    check_server_answers(*external_server);
  }
  if (options.progress)
    for (const auto& notice : options.notices) *options.progress << notice << std::endl;
  results.setup.server = options.server;  // --resume plays on the same server
  // A bot that dies leaves a closed pipe: writing to it must be an error code, not our death.
  std::signal(SIGPIPE, SIG_IGN);
  const std::vector<ScheduledGame> schedule = results.setup.schedule();
  RunSummary summary;
  summary.total_games = static_cast<int>(schedule.size());

  std::set<int> finished;
  for (const auto& g : results.games) finished.insert(g.index);
  std::deque<ScheduledGame> waiting;
  for (const auto& g : schedule)
    if (finished.count(g.index) == 0) waiting.push_back(g);
  const int already_done = static_cast<int>(finished.size());

  // Until the private server runs, a failure takes away what this run made (new_entries.h).
  const NewEntries made_now(options.out_dir);
  std::optional<server::Server> private_server;
  try {
    try {
      std::filesystem::create_directories(std::filesystem::path(options.out_dir) / "logs");
    } catch (const std::filesystem::filesystem_error& e) {
      throw std::runtime_error("cannot create the results folder " + options.out_dir + ": " + e.code().message());
    }
    save_results(options.out_dir, results);  // the setup is on disk before the first game
    if (!external_server) private_server.emplace(private_server_config(options.out_dir)).start();
  } catch (...) {
    private_server.reset();  // its store, and the lock it holds in the folder, first
    made_now.remove();
    throw;
  }

  GameSettings settings;
  if (private_server) {
    settings.server = client::parse_server_url("ws://127.0.0.1:" + std::to_string(private_server->port()));
  } else {
    settings.server = *external_server;
  }
  const engine::GameInfo* info = engine::find_game(results.setup.game);
  settings.game = results.setup.game;
  settings.options = results.setup.options;
  settings.seat_names = {info->seat_names[0], info->seat_names[1]};
  settings.python = options.python;
  settings.bots_dir = options.bots_dir;
  settings.limits_program = options.limit_resources ? limits_program() : "";  // checked by check_setup
  settings.limits = options.limits;
  settings.log_dir = (std::filesystem::path(options.out_dir) / "logs").string();
  settings.game_timeout = options.game_timeout;

  std::map<std::string, BotEntry> bots;
  for (const auto& bot : results.setup.bots) bots[bot.name] = bot;

  RecordSaver records(settings.server, std::filesystem::path(options.out_dir) / kRecordsDir);
  CoutToFile narration((std::filesystem::path(options.out_dir) / "tournament.log").string());
  asio::io_context io;
  std::list<GamePlay> games;  // kept until the end: sessions may still have handlers queued
  int running = 0;
  bool stopping = false;
  const auto started = std::chrono::steady_clock::now();
  std::optional<ProgressLine> progress;
  if (options.progress) progress.emplace(*options.progress, options.progress_in_place);
  const auto show_progress = [&] {
    if (!progress) return;
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    progress->show(progress_line(static_cast<int>(results.games.size()), summary.total_games, already_done, elapsed));
  };

  asio::signal_set signals(io, SIGINT, SIGTERM);
  // On a terminal the elapsed time ticks every second: a long first game (minutes, with a
  // bot that uses every deadline) does not look like a hang.
  asio::steady_timer ticker(io);
  std::function<void()> tick = [&] {
    ticker.expires_after(std::chrono::seconds(1));
    ticker.async_wait([&](boost::system::error_code ec) {
      if (ec) return;
      show_progress();
      tick();
    });
  };
  if (progress && options.progress_in_place) tick();
  std::function<void()> launch_more;
  const auto maybe_finish = [&] {
    if (running != 0 || !(stopping || waiting.empty())) return;
    signals.cancel();
    ticker.cancel();
    // Every game has concluded. After Ctrl-C, what may be left on the loop (a session's
    // closing handshake, a bridge's timer) decides nothing: stop rather than wait for it.
    // (An interrupted run under load stalled here, 1 in 25, with nothing left to play.)
    if (stopping) io.stop();
  };
  launch_more = [&] {
    while (!stopping && running < options.concurrency && !waiting.empty() &&
           (options.stop_after == 0 || summary.played_now + running < options.stop_after)) {
      const ScheduledGame next = waiting.front();
      waiting.pop_front();
      GamePlay& game = games.emplace_back(io, settings, next, bots.at(next.seat0), bots.at(next.seat1));
      ++running;
      game.start([&, g = &game] {
        --running;
        if (stopping) {
          // Given up by Ctrl-C: replayed on --resume.
        } else if (g->succeeded()) {
          results.games.push_back(g->record());
          if (!g->record().match.empty()) records.save(g->scheduled().index, g->record().match);
          ++summary.played_now;
          save_results(options.out_dir, results);
          show_progress();
        } else {
          summary.errors.push_back("game " + std::to_string(g->scheduled().index) + " (" + g->scheduled().seat0 +
                                   " vs " + g->scheduled().seat1 + "): " + g->error());
        }
        launch_more();
        maybe_finish();
      });
    }
    if (options.stop_after != 0 && summary.played_now >= options.stop_after) stopping = true;
  };
  signals.async_wait([&](boost::system::error_code ec, int) {
    if (ec) return;
    stopping = true;
    summary.interrupted = true;
    // Each session gives up its own seat on the same signal; only the bookkeeping is ours.
    for (auto& g : games) g.abort("the tournament was interrupted");
    maybe_finish();
  });
  show_progress();
  launch_more();
  maybe_finish();
  io.run();
  if (progress) progress->finish();
  summary.unsaved_records = records.finish();  // before the private server goes
  if (private_server) private_server->stop();
  summary.results = std::move(results);
  return summary;
}

}  // namespace skirmish::tournament
