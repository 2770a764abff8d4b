// Real tournaments: a private in-process server on 127.0.0.1, real bot processes through
// the bot bridge, DCMS with short deadlines (move_time_ms 1000) and few turns.
// (1 s, not less: the greedy bot must answer in time even on a loaded 2-core CI machine.)
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "client-cli/tournament/report.h"
#include "client-cli/tournament/tournament_run.h"
#include "engine/common/test_data.h"

using namespace skirmish::tournament;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("skirmish-tournament-game-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string source(const std::string& relative) { return (skirmish::test::source_dir() / relative).string(); }

BotEntry python_bot(const std::string& name, const std::string& relative) {
  return BotEntry{name, BotEntry::Kind::PythonDcms, source(relative), {}};
}

BotEntry random_bot() {
  return BotEntry{"random", BotEntry::Kind::Command, "/usr/bin/python3 " + source("bots/random_dcms.py"), {}};
}

Results dcms_setup(std::vector<BotEntry> bots, int max_turns) {
  Results r;
  r.setup.game = "dcms";
  r.setup.options = {{"map", "classic"}, {"move_time_ms", 1000}, {"max_turns", max_turns}};
  r.setup.bots = std::move(bots);
  return r;
}

RunOptions run_options(const fs::path& out, int concurrency) {
  RunOptions o;
  o.out_dir = out.string();
  o.concurrency = concurrency;
  o.bots_dir = source("bots");
  o.limits.memory_mb = 256;
  o.limits.cpu_seconds = 20;
  o.game_timeout = std::chrono::seconds(40);
  return o;
}

int points_in(const std::vector<GameRecord>& games, const std::string& bot, const std::string& against) {
  int points = 0;
  for (const auto& g : games)
    if ((g.seat0 == bot && g.seat1 == against) || (g.seat1 == bot && g.seat0 == against)) points += g.points_of(bot);
  return points;
}

}  // namespace

TEST_CASE("round-robin of four DCMS bots: a crash loses, a sleeper makes null moves") {
  const fs::path out = fresh_dir("round-robin");
  Results setup = dcms_setup({random_bot(), python_bot("greedy", "bots/greedy_dcms.py"),
                              python_bot("crasher", "tests/tournament/bots/crash_third_move.py"),
                              python_bot("sleeper", "tests/tournament/bots/sleeper.py")},
                             8);
  const RunSummary summary = run_tournament(setup, run_options(out, 4));
  for (const auto& e : summary.errors) UNSCOPED_INFO(e);
  REQUIRE(summary.errors.empty());
  REQUIRE(summary.complete());
  REQUIRE(summary.results.games.size() == 12);
  const auto& games = summary.results.games;
  const Standings standings = compute_standings(summary.results.setup.bot_names(), games);
  std::cout << "Round-robin standings:\n" << standings_text(standings) << std::endl;

  std::map<std::string, Standing> row;
  for (const auto& r : standings.table) row[r.bot] = r;
  // The crasher loses all six games, each by a crash, and every opponent scores 3.
  CHECK(row["crasher"].points == 0);
  CHECK(row["crasher"].games == 6);
  CHECK(row["crasher"].losses == 6);
  CHECK(row["crasher"].crashes == 6);
  for (const auto& other : {"random", "greedy", "sleeper"}) CHECK(points_in(games, other, "crasher") == 6);
  for (const auto& g : games) {
    if (g.seat0 != "crasher" && g.seat1 != "crasher") continue;
    CHECK(g.reason == "crash");
    CHECK_THAT(g.crashes.at("crasher"), Catch::Contains("exited with status 1"));
    // The bot's own last words say which crash it was (here: its exception).
    CHECK_THAT(g.crashes.at("crasher"),
               Catch::Contains("its last words on stderr: 'RuntimeError: crash_third_move: crashing on purpose on move 3'"));
    CHECK(g.crashes.size() == 1);
  }
  // The sleeper never moves in time: null moves in every game, wins only by the crash.
  for (const auto& g : games) {
    if (g.seat0 != "sleeper" && g.seat1 != "sleeper") continue;
    CHECK(g.timeouts.count("sleeper") == 1);
    CHECK(g.timeouts.at("sleeper") >= 2);
    CHECK(g.crashes.count("sleeper") == 0);
  }
  CHECK(row["sleeper"].timeouts >= 12);
  // The greedy Mouse walks into the motionless sleeper's cheeSe within 8 turns.
  CHECK(points_in(games, "sleeper", "greedy") == 0);
  CHECK(points_in(games, "greedy", "sleeper") == 6);
  // Against random it can at best draw: it never moves, so it cannot eat anything.
  CHECK(points_in(games, "sleeper", "random") <= 2);
  CHECK(row["sleeper"].points == 6 + points_in(games, "sleeper", "random"));
  // Bookkeeping: match ids, the files, the logs.
  for (const auto& g : games) CHECK(g.match.size() == 8);
  CHECK(fs::exists(out / "results.json"));
  CHECK(fs::exists(out / "standings.md"));
  CHECK(fs::exists(out / "logs" / "crasher.log"));
  std::ifstream crash_log(out / "logs" / "crasher.log");
  const std::string crash_text((std::istreambuf_iterator<char>(crash_log)), std::istreambuf_iterator<char>());
  CHECK_THAT(crash_text, Catch::Contains("crashing on purpose on move 3"));
  // Four games at a time, yet the log goes game by game: each of the crasher's six games
  // has its own traceback under its own header, and nothing is left in logs/running.
  int sections_with_traceback = 0;
  for (std::size_t at = crash_text.find("===== game "); at != std::string::npos;) {
    const std::size_t next = crash_text.find("===== game ", at + 1);
    const std::string section = crash_text.substr(at, next == std::string::npos ? std::string::npos : next - at);
    const std::string index = section.substr(11, section.find(' ', 11) - 11);
    CHECK_THAT(section, Catch::Contains("----- bridge, game " + index + ","));
    std::size_t tracebacks = 0;
    for (std::size_t t = section.find("RuntimeError: crash_third_move"); t != std::string::npos;
         t = section.find("RuntimeError: crash_third_move", t + 1))
      ++tracebacks;
    CHECK(tracebacks == 1);
    sections_with_traceback += tracebacks == 1 ? 1 : 0;
    at = next;
  }
  CHECK(sections_with_traceback == 6);
  CHECK(fs::is_empty(out / "logs" / "running"));
  const Results saved = load_results(out.string());
  CHECK(saved.games.size() == 12);
  fs::remove_all(out);
}

TEST_CASE("a bot that never answers its setup loses at turn 0 and the missed setup is its timeout") {
  const fs::path out = fresh_dir("hangs-at-setup");
  // max_turns 60: were the setup's deadline not the end, each game would take a minute.
  Results setup = dcms_setup({python_bot("greedy", "bots/greedy_dcms.py"),
                              python_bot("hanger", "tests/tournament/bots/hangs_at_setup.py")},
                             60);
  const auto started = std::chrono::steady_clock::now();
  const RunSummary summary = run_tournament(setup, run_options(out, 2));
  for (const auto& e : summary.errors) UNSCOPED_INFO(e);
  REQUIRE(summary.errors.empty());
  REQUIRE(summary.results.games.size() == 2);
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(20));
  for (const auto& g : summary.results.games) {
    CHECK(g.winner == "greedy");
    CHECK(g.reason == "illegal_setup");
    CHECK(g.turns == 0);
    CHECK(g.crashes.empty());  // not a crash: a missed deadline
    CHECK(g.timeouts == std::map<std::string, int>{{"hanger", 1}});
  }
  const Standings standings = compute_standings(summary.results.setup.bot_names(), summary.results.games);
  for (const auto& row : standings.table) CHECK(row.timeouts == (row.bot == "hanger" ? 2 : 0));
  fs::remove_all(out);
}

TEST_CASE("gauntlet: one bot against all the others") {
  const fs::path out = fresh_dir("gauntlet");
  Results setup = dcms_setup({python_bot("greedy", "bots/greedy_dcms.py"), random_bot(),
                              python_bot("crasher", "tests/tournament/bots/crash_third_move.py")},
                             6);
  setup.setup.format = "gauntlet";
  setup.setup.hero = "greedy";
  const RunSummary summary = run_tournament(setup, run_options(out, 2));
  REQUIRE(summary.errors.empty());
  REQUIRE(summary.complete());
  REQUIRE(summary.results.games.size() == 4);
  int greedy_first = 0;
  for (const auto& g : summary.results.games) {
    CHECK((g.seat0 == "greedy" || g.seat1 == "greedy"));
    if (g.seat0 == "greedy") ++greedy_first;
  }
  CHECK(greedy_first == 2);
  CHECK(points_in(summary.results.games, "greedy", "crasher") == 6);
  const Standings s = compute_standings(summary.results.setup.bot_names(), summary.results.games);
  for (const auto& r : s.table) {
    if (r.bot == "greedy") CHECK(r.games == 4);
    else CHECK(r.games == 2);
  }
  fs::remove_all(out);
}

TEST_CASE("resume: finished games are not replayed and the standings end complete") {
  const fs::path out = fresh_dir("resume");
  Results setup = dcms_setup({python_bot("greedy", "bots/greedy_dcms.py"), random_bot(),
                              python_bot("crasher", "tests/tournament/bots/crash_third_move.py")},
                             6);
  RunOptions first = run_options(out, 1);
  first.stop_after = 2;  // as if it had been killed after two games
  const RunSummary part = run_tournament(setup, first);
  REQUIRE(part.errors.empty());
  CHECK_FALSE(part.complete());
  REQUIRE(part.results.games.size() == 2);

  Results saved = load_results(out.string());
  REQUIRE(saved.games.size() == 2);
  const std::vector<GameRecord> before = saved.games;
  const RunSummary rest = run_tournament(std::move(saved), run_options(out, 2));
  REQUIRE(rest.errors.empty());
  CHECK(rest.played_now == 4);
  REQUIRE(rest.complete());
  REQUIRE(rest.results.games.size() == 6);
  // The first two games are the same records (same matches), and every index appears once.
  CHECK(rest.results.games[0].match == before[0].match);
  CHECK(rest.results.games[1].match == before[1].match);
  std::set<int> indices;
  for (const auto& g : rest.results.games) indices.insert(g.index);
  CHECK(indices.size() == 6);
  const Standings s = compute_standings(rest.results.setup.bot_names(), rest.results.games);
  for (const auto& r : s.table) CHECK(r.games == 4);
  CHECK(load_results(out.string()).games.size() == 6);
  fs::remove_all(out);
}

TEST_CASE("a bot that allocates without bound is stopped by the memory limit and loses") {
  const fs::path out = fresh_dir("memory");
  Results setup = dcms_setup({python_bot("greedy", "bots/greedy_dcms.py"),
                              python_bot("hog", "tests/tournament/bots/memory_hog.py")},
                             6);
  RunOptions options = run_options(out, 2);
  options.limits.memory_mb = 200;
  const RunSummary summary = run_tournament(setup, options);
  REQUIRE(summary.errors.empty());
  REQUIRE(summary.complete());
  REQUIRE(summary.results.games.size() == 2);
  for (const auto& g : summary.results.games) {
    CHECK(g.winner == "greedy");
    CHECK(g.reason == "crash");
    REQUIRE(g.crashes.count("hog") == 1);
  }
  std::ifstream log(out / "logs" / "hog.log");
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  CHECK_THAT(text, Catch::Contains("MemoryError"));
  fs::remove_all(out);
}

TEST_CASE("a bot whose moves are all refused has crashed, and its log says why") {
  const fs::path out = fresh_dir("refused");
  Results setup = dcms_setup({python_bot("greedy", "bots/greedy_dcms.py"),
                              python_bot("wrong_case", "tests/tournament/bots/wrong_case.py")},
                             6);
  const RunSummary summary = run_tournament(setup, run_options(out, 2));
  REQUIRE(summary.errors.empty());
  REQUIRE(summary.results.games.size() == 2);
  for (const auto& g : summary.results.games) {
    CHECK(g.winner == "greedy");
    CHECK(g.reason == "crash");
    REQUIRE(g.crashes.count("wrong_case") == 1);
    // The 50th refusal is the last (docs/bots.md).
    CHECK_THAT(g.crashes.at("wrong_case"), Catch::Contains("too many refused moves: 50 in one turn"));
    CHECK_THAT(g.crashes.at("wrong_case"), Catch::Contains("writes its pieces in"));
    CHECK(g.crashes.count("greedy") == 0);
  }
  const Standings s = compute_standings(summary.results.setup.bot_names(), summary.results.games);
  for (const auto& row : s.table)
    if (row.bot == "wrong_case") CHECK(row.crashes == 2);
  std::ifstream log(out / "logs" / "wrong_case.log");
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  CHECK_THAT(text, Catch::Contains("bridge: the server refused '{\"move\": \"m 5\"}' for turn 1: "));
  CHECK_THAT(text, Catch::Contains("bridge: giving up the seat: too many refused moves"));
  std::ifstream narration(out / "tournament.log");
  const std::string told((std::istreambuf_iterator<char>(narration)), std::istreambuf_iterator<char>());
  CHECK_THAT(told, Catch::Contains("wrong_case (blue) gives up its seat: too many refused moves"));
  fs::remove_all(out);
}

TEST_CASE("two bots that fail in the same turn both lose, whichever failure the server saw first") {
  // One raises (its exit takes a traceback's time), the other writes garbage (its bridge
  // sees it at once and resigns): the first must not be credited with a win.
  const fs::path out = fresh_dir("same-turn");
  Results setup = dcms_setup({python_bot("raiser", "tests/tournament/bots/crash_third_move.py"),
                              python_bot("printer", "tests/tournament/bots/garbage_third_move.py")},
                             6);
  const RunSummary summary = run_tournament(setup, run_options(out, 2));
  for (const auto& e : summary.errors) UNSCOPED_INFO(e);
  REQUIRE(summary.errors.empty());
  REQUIRE(summary.results.games.size() == 2);
  for (const auto& g : summary.results.games) {
    INFO("game " << g.index << ": winner '" << g.winner << "', reason " << g.reason);
    CHECK(g.both_crashed);
    CHECK(g.winner.empty());
    CHECK(g.points_of("raiser") == 0);
    CHECK(g.points_of("printer") == 0);
    REQUIRE(g.crashes.count("raiser") == 1);
    CHECK_THAT(g.crashes.at("raiser"), Catch::Contains("exited with status 1"));
    REQUIRE(g.crashes.count("printer") == 1);
    CHECK_THAT(g.crashes.at("printer"), Catch::Contains("not a move"));
  }
  fs::remove_all(out);
}

TEST_CASE("both bots dead before the game starts: a loss for both, and a finished record") {
  const fs::path out = fresh_dir("both-dead");
  Results setup = dcms_setup({BotEntry{"dead_a", BotEntry::Kind::Command, "false", {}},
                              BotEntry{"dead_b", BotEntry::Kind::Command, "/no/such/program", {}}},
                             6);
  const RunSummary summary = run_tournament(setup, run_options(out, 2));
  for (const auto& e : summary.errors) UNSCOPED_INFO(e);
  REQUIRE(summary.errors.empty());
  REQUIRE(summary.unsaved_records.empty());
  REQUIRE(summary.results.games.size() == 2);
  for (const auto& g : summary.results.games) {
    CHECK(g.both_crashed);
    CHECK(g.winner.empty());
    CHECK(g.reason == "crash");
    CHECK(g.crashes.size() == 2);
    CHECK(g.points_of("dead_a") == 0);
    CHECK(g.points_of("dead_b") == 0);
    CHECK_THAT(g.crashes.at("dead_b"), Catch::Contains("/no/such/program") && Catch::Contains("not found"));
    // The match exists and was played out on the server (its seat resigned), so the game
    // has a finished record like any other.
    REQUIRE(g.match.size() == 8);
    std::ifstream record(out / "records" / ("game-" + std::to_string(g.index) + ".json"));
    REQUIRE(record);
    const auto j = nlohmann::json::parse(record);
    CHECK(j["state"] == "finished");
    CHECK(j["match"] == g.match);
  }
  const Results saved = load_results(out.string());
  CHECK(saved.setup.server.empty());  // a private server
  fs::remove_all(out);
}
