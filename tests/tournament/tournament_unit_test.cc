// Pure logic of `skirmish tournament`: schedules, points, Elo, tables, the results file,
// the progress line, the bots file and the resource-limit arguments.
#include <catch2/catch.hpp>

#include <iostream>
#include <sstream>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "client-cli/tournament/elo.h"
#include "client-cli/tournament/game_play.h"
#include "client-cli/tournament/new_entries.h"
#include "client-cli/tournament/option_check.h"
#include "client-cli/tournament/progress.h"
#include "client-cli/tournament/report.h"
#include "client-cli/tournament/resource_limits.h"
#include "client-cli/tournament/results_file.h"
#include "client-cli/tournament/roster.h"
#include "client-cli/tournament/schedule.h"
#include "client-cli/tournament/standings.h"
#include "client-cli/tournament/submission_check.h"

using namespace skirmish::tournament;
namespace fs = std::filesystem;

namespace {

GameRecord game(int index, std::string a, std::string b, std::string winner, std::string reason = "score") {
  GameRecord g;
  g.index = index;
  g.seat0 = std::move(a);
  g.seat1 = std::move(b);
  g.seat0_name = "blue";
  g.seat1_name = "red";
  g.match = "M" + std::to_string(index);
  g.winner = std::move(winner);
  g.reason = std::move(reason);
  g.turns = 10;
  return g;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("skirmish-tournament-unit-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("round-robin: every ordered pair once per round") {
  const std::vector<std::string> bots{"a", "b", "c", "d"};
  const auto games = round_robin(bots, 2);
  REQUIRE(games.size() == 24);
  std::map<std::pair<std::string, std::string>, int> count;
  for (std::size_t i = 0; i < games.size(); ++i) {
    CHECK(games[i].index == static_cast<int>(i));
    CHECK(games[i].seat0 != games[i].seat1);
    CHECK(games[i].round == (i < 12 ? 1 : 2));
    count[{games[i].seat0, games[i].seat1}] += 1;
  }
  CHECK(count.size() == 12);
  for (const auto& [pair, n] : count) CHECK(n == 2);
  CHECK_THROWS_WITH(round_robin(bots, 0), Catch::Contains("--rounds must be at least 1"));
}

TEST_CASE("gauntlet: the hero plays everyone in both seats") {
  const auto games = gauntlet({"a", "b", "c", "d"}, "b", 1);
  REQUIRE(games.size() == 6);
  int hero_first = 0;
  for (const auto& g : games) {
    CHECK((g.seat0 == "b" || g.seat1 == "b"));
    if (g.seat0 == "b") ++hero_first;
  }
  CHECK(hero_first == 3);
  CHECK_THROWS_WITH(gauntlet({"a", "b"}, "z", 1), Catch::Contains("--gauntlet z: no bot has that name"));
}

TEST_CASE("Elo as cutechess-cli computes it") {
  SECTION("an even score is 0 Elo, with a margin from the spread") {
    const auto e = estimate_elo(10, 0, 10);
    REQUIRE(e.difference);
    CHECK(*e.difference == Approx(0.0).margin(1e-9));
    // stdev of the mean = 0.5 / sqrt(20); the margin is half the Elo span of ±1.96 stdev.
    const double stdev = 0.5 / std::sqrt(20.0);
    const double expected = (-400 * std::log10(1 / (0.5 + 1.959964 * stdev) - 1) -
                             -400 * std::log10(1 / (0.5 - 1.959964 * stdev) - 1)) / 2;
    REQUIRE(e.margin);
    CHECK(*e.margin == Approx(expected).epsilon(1e-4));
    CHECK(e.los == Approx(0.5));
  }
  SECTION("a 75% score is about +191 Elo") {
    const auto e = estimate_elo(6, 3, 1);
    CHECK(e.score == Approx(0.75));
    CHECK(*e.difference == Approx(190.85).epsilon(1e-3));
    CHECK(e.draw_ratio == Approx(0.3));
    CHECK(e.los == Approx(0.5 + 0.5 * std::erf(5 / std::sqrt(14.0))));
  }
  SECTION("all games drawn: 0 Elo and no margin (not +/- 0)") {
    const auto e = estimate_elo(0, 2, 0);
    REQUIRE(e.difference);
    CHECK(*e.difference == Approx(0.0).margin(1e-9));
    CHECK_FALSE(e.margin);
    Standing row;
    row.games = 2;
    row.draws = 2;
    row.elo = e;
    CHECK(format_elo(row) == "0");
    CHECK_FALSE(estimate_elo(0, 40, 0).margin);
  }
  SECTION("all wins or all losses: no finite estimate") {
    CHECK_FALSE(estimate_elo(5, 0, 0).difference);
    CHECK_FALSE(estimate_elo(0, 0, 5).difference);
    CHECK(estimate_elo(0, 0, 0).score == Approx(0.5));
  }
  CHECK_THROWS(estimate_elo(-1, 0, 0));
}

TEST_CASE("standings: 3 for a win, 1 for a draw, crashes and timeouts counted") {
  std::vector<GameRecord> games{game(0, "a", "b", "a"), game(1, "b", "a", ""), game(2, "a", "c", "c", "crash"),
                                game(3, "c", "b", "")};
  games[2].crashes["a"] = "the bot exited with status 1";
  games[3].timeouts["b"] = 4;
  games[1].timeouts["b"] = 1;
  const auto s = compute_standings({"a", "b", "c", "idle"}, games);
  REQUIRE(s.table.size() == 4);
  // a and c: 4 points and 1 win each; c never crashed, so c ranks first.
  CHECK(s.table[0].bot == "c");
  CHECK(s.table[0].points == 4);
  CHECK(s.table[1].bot == "a");
  CHECK(s.table[1].points == 4);
  CHECK(s.table[1].crashes == 1);
  CHECK(s.table[0].rank == 1);
  CHECK(s.table[1].rank == 2);
  CHECK(s.table[2].bot == "b");
  CHECK(s.table[2].points == 2);
  CHECK(s.table[2].timeouts == 5);
  CHECK(s.table[2].wins == 0);
  CHECK(s.table[2].draws == 2);
  CHECK(s.table[2].losses == 1);
  CHECK(s.table[3].bot == "idle");
  CHECK(s.table[3].games == 0);
  const auto& ab = s.pairings.at("a").at("b");
  CHECK(ab.wins == 1);
  CHECK(ab.draws == 1);
  CHECK(ab.losses == 0);
  CHECK(s.pairings.at("c").at("a").wins == 1);
  CHECK_THROWS_WITH(compute_standings({"a"}, games), Catch::Contains("unknown bot 'b'"));

  const std::string text = standings_text(s);
  CHECK_THAT(text, Catch::Contains("Pairings"));
  CHECK_THAT(text, Catch::Contains("1-1-0"));
  const std::string md = standings_markdown(s, "Test");
  CHECK_THAT(md, Catch::Contains("| 2 | a | 4 | 3 | 1 | 1 | 1 | 1 | 0 |"));
}

TEST_CASE("standings: crash-free bots rank above crashing ones on equal points and wins") {
  std::vector<GameRecord> games{game(0, "a", "b", "a"), game(1, "b", "a", "b", "crash")};
  games[1].crashes["a"] = "crashed";
  const auto s = compute_standings({"a", "b"}, games);
  CHECK(s.table[0].bot == "b");
  CHECK(s.table[0].rank == 1);
  CHECK(s.table[1].rank == 2);
  games[1].crashes.clear();
  const auto tied = compute_standings({"a", "b"}, games);
  CHECK(tied.table[0].rank == 1);
  CHECK(tied.table[1].rank == 1);
}

TEST_CASE("results file: written, read back, checked against the schedule") {
  const fs::path dir = fresh_dir("results");
  Results r;
  r.setup.game = "dcms";
  r.setup.rounds = 1;
  r.setup.options = {{"map", "small"}, {"move_time_ms", 300}};
  r.setup.bots = {{"a", BotEntry::Kind::PythonDcms, "/x/a.py", "5eed"},
                  {"b", BotEntry::Kind::Command, "./b --fast", {}}};
  r.games = {game(1, "b", "a", "a")};
  r.games[0].crashes["b"] = "the bot exited with status 1";
  r.games[0].timeouts["b"] = 2;
  save_results(dir.string(), r);
  CHECK(fs::exists(dir / "standings.md"));
  const Results back = load_results(dir.string());
  CHECK(back.setup.game == "dcms");
  CHECK(back.setup.options == r.setup.options);
  REQUIRE(back.setup.bots.size() == 2);
  CHECK(back.setup.bots[1].kind == BotEntry::Kind::Command);
  CHECK(back.setup.bots[1].source == "./b --fast");
  CHECK(back.setup.bots[0].fingerprint == "5eed");  // what --resume compares the file with
  CHECK(back.setup.bots[1].fingerprint.empty());
  REQUIRE(back.games.size() == 1);
  CHECK(back.games[0].index == 1);
  CHECK(back.games[0].winner == "a");
  CHECK(back.games[0].match == "M1");
  CHECK(back.games[0].crashes.at("b") == "the bot exited with status 1");
  CHECK(back.games[0].timeouts.at("b") == 2);
  const auto j = results_to_json(back);
  CHECK(j["total_games"] == 2);
  CHECK(j["standings"][0]["bot"] == "a");
  CHECK(j["standings"][0]["points"] == 3);

  SECTION("a game that is not in the schedule is refused") {
    auto bad = j;
    bad["games"][0]["seats"][0]["bot"] = "a";
    bad["games"][0]["seats"][1]["bot"] = "b";
    CHECK_THROWS_WITH(results_from_json(bad, "results.json"),
                      Catch::Contains("games[0]: game 1 (a vs b) is not in this tournament's schedule"));
  }
  SECTION("missing fields are named") {
    auto bad = j;
    bad["games"][0].erase("match");
    CHECK_THROWS_WITH(results_from_json(bad, "results.json"), Catch::Contains("results.json games[0]: missing \"match\""));
    CHECK_THROWS_WITH(load_results((dir / "nothing").string()), Catch::Contains("no results.json"));
  }
  fs::remove_all(dir);
}

TEST_CASE("bots: files, folders and bots files") {
  const fs::path dir = fresh_dir("roster");
  fs::create_directories(dir / "class");
  std::ofstream(dir / "class" / "team_b.py") << "def setup(*a): pass\n";
  std::ofstream(dir / "class" / "team_a.py") << "def setup(*a): pass\n";
  std::ofstream(dir / "class" / "notes.txt") << "not a bot\n";
  std::ofstream(dir / "class" / "team_c.PY") << "def setup(*a): pass\n";  // any case
  fs::create_directories(dir / "class" / "late");
  std::ofstream(dir / "bots.txt") << "# mine\nrandom = /usr/bin/python3 bots/random_dcms.py\n\n  fast=./fast --x\n";
  std::ostringstream said;
  auto* const standard_error = std::cerr.rdbuf(said.rdbuf());
  const auto bots = load_roster({(dir / "class").string(), (dir / "bots.txt").string()});
  std::cerr.rdbuf(standard_error);
  CHECK_THAT(said.str(), Catch::Contains("not bots, skipped") && Catch::Contains("late/, notes.txt"));
  REQUIRE(bots.size() == 5);
  CHECK(bots[0].name == "team_a");
  CHECK(bots[0].kind == BotEntry::Kind::PythonDcms);
  CHECK(bots[1].name == "team_b");
  CHECK(bots[2].name == "team_c");
  CHECK(bots[3].name == "random");
  CHECK(bots[3].source == "/usr/bin/python3 bots/random_dcms.py");
  CHECK(bots[4].name == "fast");
  CHECK(bot_argv(bots[4], "/usr/bin/python3", "/b") == std::vector<std::string>{"/bin/sh", "-c", "exec ./fast --x"});
  // Shell syntax is run as written (an `exec` before it would make "cd" the program).
  CHECK(bot_argv(BotEntry{"in_dir", BotEntry::Kind::Command, "cd bots && ./fast", {}}, "/usr/bin/python3", "/b") ==
        std::vector<std::string>{"/bin/sh", "-c", "cd bots && ./fast"});
  CHECK(bot_argv(bots[0], "/usr/bin/python3", "/b") ==
        std::vector<std::string>{"/usr/bin/python3", "/b/seed_submission.py", bots[0].source});

  CHECK_THROWS_WITH(parse_bots_file("ok = x\nbroken line\n", "bots.txt"),
                    Catch::Contains("bots.txt line 2: expected NAME = COMMAND"));
  CHECK_THROWS_WITH(parse_bots_file("bad name = x\n", "f"), Catch::Contains("f line 1: bot name 'bad name'"));
  CHECK_THROWS_WITH(parse_bots_file("a =   \n", "f"), Catch::Contains("f line 1: bot 'a' has no command"));
  // One file reached twice is not two bots of one name.
  const std::string team_a = (dir / "class" / "team_a.py").string();
  CHECK_THROWS_WITH(load_roster({(dir / "class").string(), team_a}),
                    Catch::Equals("the same file is listed twice: " + team_a +
                                   " (bot 'team_a'), through a folder and again: give it once"));
  CHECK_THROWS_WITH(load_roster({team_a, team_a}),
                    Catch::Equals("--bots lists " + team_a + " twice: give each file once"));
  CHECK_THROWS_WITH(load_roster({team_a, (dir / "class" / ".." / "class" / "team_a.py").string()}),
                    Catch::StartsWith("--bots lists the same file twice, as " + team_a + " and "));
  CHECK_THROWS_WITH(load_roster({(dir / "bots.txt").string(), (dir / "bots.txt").string()}),
                    Catch::Contains("twice: give each file once"));
  CHECK_THROWS_WITH(load_roster({(dir / "class").string(), (dir / "class/").string()}),
                    Catch::Contains("--bots lists the same folder twice"));
  fs::create_directories(dir / "other");
  std::ofstream(dir / "other" / "team_a.py") << "def setup(*a): pass\n";
  CHECK_THROWS_WITH(load_roster({team_a, (dir / "other" / "team_a.py").string()}),
                    Catch::Contains("two bots are called 'team_a': " + team_a + " and " +
                                    (dir / "other" / "team_a.py").string() + "; rename one"));
  std::ofstream(dir / "dup.txt") << "team_b = ./other_b\n";
  CHECK_THROWS_WITH(load_roster({(dir / "class").string(), (dir / "dup.txt").string()}),
                    Catch::Contains("and './other_b'; rename one"));
  CHECK_THROWS_WITH(load_roster({(dir / "class" / "team_a.py").string()}), Catch::Contains("at least two bots"));
  CHECK_THROWS_WITH(load_roster({(dir / "missing").string()}), Catch::Contains("no such file or folder"));
  fs::remove_all(dir);
}

TEST_CASE("bots: a command whose program is nowhere is warned about before the run") {
  const std::vector<BotEntry> bots = parse_bots_file(
      "ok = /usr/bin/python3 bots/x.py\n"
      "on_path = sh -c true\n"
      "typo = ./bots/does_not_exist --depth 3\n"
      "unknown = no-such-program-here\n"
      "shell = FOO=1 ./whatever\n"
      "builtin = cd /nowhere && exec ./whatever\n",
      "bots.txt");
  const std::vector<std::string> warnings = missing_programs(bots);
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0] ==
        "bot 'typo': its program './bots/does_not_exist' was not found (or is not executable): it will lose every "
        "game; fix its line in the bots file and start again, or let it play");
  CHECK_THAT(warnings[1], Catch::StartsWith("bot 'unknown': its program 'no-such-program-here' was not found on $PATH"));
}

TEST_CASE("bots: a .py file that is no seed-style submission is named before the run") {
  const fs::path dir = fresh_dir("seed-style");
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const std::vector<std::string> files{
      write("seed.py", "def setup(color, rows, cols, board):\n  pass\n\ndef move(color, rows, cols, board, placement):\n  pass\n"),
      write("loose.py", "def setup(*args):\n  pass\ntry:\n  import numpy\nexcept ImportError:\n  pass\nif True:\n"
                        "  def move(color, rows, cols, board, placement=None, depth=3):\n    pass\n"),
      write("program.py", "import sys\ndef setup(view):\n  pass\ndef move(view):\n  pass\n"),
      write("no_move.py", "def setup(color, rows, cols, board):\n  pass\nclass Bot:\n  def move(self):\n    pass\n"),
      write("async_move.py", "def setup(color, rows, cols, board): pass\nasync def move(color, rows, cols, board, p): pass\n"),
      // Not judged: bound by an import or an assignment, decorated, or not Python at all.
      write("imported.py", "from helper import setup, move\n"),
      write("assigned.py", "def _m(*a): pass\nsetup = move = _m\n"),
      write("decorated.py", "import functools\n@functools.cache\ndef setup(v): pass\n@functools.cache\ndef move(v): pass\n"),
      write("broken.py", "def setup(:\n"),
  };
  const auto problems = seed_style_problems(files, "/usr/bin/python3");
  REQUIRE(problems.size() == files.size());
  CHECK(problems[0].empty());
  CHECK(problems[1].empty());
  CHECK(problems[2] == std::vector<std::string>{
                           "its setup(view) cannot take the seed's 4 arguments (color, rows, cols, board)",
                           "its move(view) cannot take the seed's 5 arguments (color, rows, cols, board, placement)"});
  CHECK(problems[3] == std::vector<std::string>{"it defines no move() function"});
  CHECK(problems[4] == std::vector<std::string>{"its move() is async def: the seed calls it as a plain function"});
  for (std::size_t i = 5; i < files.size(); ++i) CHECK(problems[i].empty());
  // A Python that cannot run judges nothing (the run refuses it before any game).
  CHECK(seed_style_problems(files, "/nonexistent/python3")[2].empty());

  const std::vector<BotEntry> bots{{"program", BotEntry::Kind::PythonDcms, files[2], {}},
                                   {"seed", BotEntry::Kind::PythonDcms, files[0], {}},
                                   {"cmd", BotEntry::Kind::Command, "/usr/bin/python3 " + files[2], {}}};
  const auto warnings = misfit_submissions(bots, "/usr/bin/python3");
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::StartsWith("bot 'program' (" + files[2] + ") is not a seed-style submission: its setup(view)") &&
                              Catch::Contains("a program bot that reads JSON lines goes in a bots file: program = "
                                              "/usr/bin/python3 " + files[2] + ". As it is, it will lose every game"));
  fs::remove_all(dir);
}

TEST_CASE("bots: a submission changed or gone since the start is named on --resume") {
  const fs::path dir = fs::temp_directory_path() / ("skirmish-fingerprint-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "team_a.py") << "def setup(): pass\n";
  std::ofstream(dir / "team_b.py") << "def setup(): pass\n";
  std::vector<BotEntry> bots = load_roster({dir.string()});
  REQUIRE(bots.size() == 2);
  CHECK(bots[0].fingerprint.size() == 64);
  CHECK(changed_submissions(bots).empty());
  std::ofstream(dir / "team_a.py") << "def setup(): return 1\n";
  fs::remove(dir / "team_b.py");
  const std::vector<std::string> warnings = changed_submissions(bots);
  REQUIRE(warnings.size() == 2);
  CHECK_THAT(warnings[0], Catch::StartsWith("bot 'team_a': ") && Catch::Contains("changed since the tournament started"));
  CHECK_THAT(warnings[1], Catch::StartsWith("bot 'team_b': ") && Catch::Contains("is gone since the tournament started"));
  fs::remove_all(dir);
}

TEST_CASE("progress line: done/total, elapsed, time left") {
  using std::chrono::seconds;
  CHECK(format_duration(seconds(65)) == "1:05");
  CHECK(format_duration(seconds(3723)) == "1:02:03");
  CHECK(progress_line(0, 12, 0, seconds(0)) == "[0/12] 0% elapsed 0:00, estimating time left");
  CHECK(progress_line(3, 12, 0, seconds(30)) == "[3/12] 25% elapsed 0:30, about 1:30 left");
  // Resumed with 6 done: the speed comes from this run's games only.
  CHECK(progress_line(8, 12, 6, seconds(20)) == "[8/12] 66% elapsed 0:20, about 0:40 left");
  CHECK(progress_line(12, 12, 0, seconds(50)) == "[12/12] 100% elapsed 0:50, done");
  // Games over within the first second (crashes) give no estimate, never "about 0:00 left".
  using std::chrono::milliseconds;
  CHECK(progress_line(2, 6, 0, milliseconds(400)) == "[2/6] 33% elapsed 0:00, estimating time left");
  CHECK(progress_line(5, 6, 0, milliseconds(1100)) == "[5/6] 83% elapsed 0:01, about 0:01 left");
  CHECK(progress_line(1, 6, 0, milliseconds(1500)) == "[1/6] 16% elapsed 0:01, about 0:08 left");
  std::ostringstream tty, log;
  ProgressLine in_place(tty, true), lines(log, false);
  in_place.show("a");
  in_place.show("b");
  in_place.finish();
  lines.show("a");
  lines.show("b");
  CHECK(tty.str() == "\ra\x1b[K\rb\x1b[K\n");
  CHECK(log.str() == "a\nb\n");
}

TEST_CASE("resource limits: arguments for skirmish-bot-limits") {
  ResourceLimits limits;
  limits.memory_mb = 200;
  limits.cpu_seconds = 5;
  const auto argv = limited_argv("/bin/limits", limits, {"/usr/bin/python3", "bot.py"});
  CHECK(argv.front() == "/bin/limits");
  CHECK(argv.back() == "bot.py");
  std::vector<std::string> command;
  const auto back = parse_limits_args({argv.begin() + 1, argv.end()}, command);
  CHECK(back.memory_mb == 200);
  CHECK(back.cpu_seconds == 5);
  CHECK(back.open_files == limits.open_files);
  CHECK(command == std::vector<std::string>{"/usr/bin/python3", "bot.py"});
  CHECK_THROWS_WITH(parse_limits_args({"--memory-mb", "lots", "--", "x"}, command),
                    Catch::Contains("--memory-mb: 'lots' is not a number"));
  CHECK_THROWS_WITH(parse_limits_args({"--swap", "1", "--", "x"}, command), Catch::Contains("unknown option '--swap'"));
  CHECK_THROWS_WITH(parse_limits_args({"--memory-mb", "1"}, command), Catch::Contains("no command after '--'"));
}

TEST_CASE("resource limits: the limiter is found by variable, beside the client, or in the build") {
  const fs::path dir = fresh_dir("limiter");
  const fs::path client = dir / "skirmish";
  CHECK(find_limits_program(nullptr, client, "/build/skirmish-bot-limits") == "/build/skirmish-bot-limits");
  // The Docker image's layout: both programs in one directory (/usr/local/bin).
  std::ofstream(dir / "skirmish-bot-limits") << "#!/bin/sh\n";
  CHECK(find_limits_program(nullptr, client, "/build/skirmish-bot-limits") == (dir / "skirmish-bot-limits").string());
  CHECK(find_limits_program("", client, "/build/skirmish-bot-limits") == (dir / "skirmish-bot-limits").string());
  CHECK(find_limits_program("/opt/limits", client, "/build/x") == "/opt/limits");
  CHECK(find_limits_program(nullptr, fs::path(), "/build/x") == "/build/x");  // /proc/self/exe unreadable
  fs::remove_all(dir);
}

TEST_CASE("null moves are counted from the server's states, by turn") {
  const auto state = [](int turn, nlohmann::json moves) {
    return nlohmann::json{{"turn", turn}, {"last", {{"moves", std::move(moves)}}}};
  };
  CHECK(null_move_turn(state(3, {{"blue", nullptr}, {"red", "m 4"}}), "blue") == 3);
  CHECK_FALSE(null_move_turn(state(3, {{"blue", nullptr}, {"red", "m 4"}}), "red"));
  // A setup not sent in time is a null move too; one sent and illegal is not.
  CHECK(null_move_turn(state(1, {{"blue", nullptr}, {"red", "1 6 1 5"}}), "blue") == 1);
  CHECK_FALSE(null_move_turn(state(1, {{"blue", "9 9 9 9"}, {"red", "1 6 1 5"}}), "blue"));
  // The first state, and a turn-based game's last move, report none.
  CHECK_FALSE(null_move_turn({{"turn", 0}, {"last", nullptr}}, "blue"));
  CHECK_FALSE(null_move_turn({{"turn", 4}, {"last", {{"position", 2}, {"direction", "LEFT"}}}}, "white"));
}

TEST_CASE("turns are counted as replay numbers them: the DCMS setup is not a turn") {
  CHECK(played_turns("dcms", 11) == 10);  // max_turns=10: the setup and ten turns
  CHECK(played_turns("dcms", 1) == 0);    // ended at the setup (illegal setup)
  CHECK(played_turns("dcms", 0) == 0);    // ended before it (a crash)
  CHECK(played_turns("onedchess", 7) == 7);
  CHECK(played_turns("tactego", 0) == 0);
}

TEST_CASE("both bots crashed: a loss for both, kept in the results file") {
  GameRecord g = game(0, "a", "b", "");
  g.reason = "crash";
  g.both_crashed = true;
  g.crashes = {{"a", "the bot exited with status 1"}, {"b", "the bot exited with status 1"}};
  CHECK_FALSE(g.draw());
  CHECK(g.points_of("a") == 0);
  CHECK(g.points_of("b") == 0);
  const Standings s = compute_standings({"a", "b"}, {g});
  for (const auto& row : s.table) {
    CHECK(row.points == 0);
    CHECK(row.losses == 1);
    CHECK(row.draws == 0);
    CHECK(row.crashes == 1);
  }
  CHECK(s.pairings.at("a").at("b").losses == 1);
  CHECK(s.pairings.at("b").at("a").losses == 1);

  Results r;
  r.setup.game = "dcms";
  r.setup.server = "ws://127.0.0.1:8080";
  r.setup.bots = {{"a", BotEntry::Kind::Command, "x", {}}, {"b", BotEntry::Kind::Command, "y", {}}};
  r.games = {g};
  const auto j = results_to_json(r);
  CHECK(j["games"][0]["both_crashed"] == true);
  CHECK(j["games"][0]["draw"] == false);
  CHECK(j["games"][0]["winner"].is_null());
  CHECK(j["games"][0]["points"]["a"] == 0);
  CHECK(j["server"] == "ws://127.0.0.1:8080");
  const Results back = results_from_json(j, "results.json");
  CHECK(back.games[0].both_crashed);
  CHECK(back.setup.server == "ws://127.0.0.1:8080");

  SECTION("older files have neither field: a private server, no double loss") {
    auto old = j;
    old.erase("server");
    old["games"][0].erase("both_crashed");
    const Results read = results_from_json(old, "results.json");
    CHECK(read.setup.server.empty());
    CHECK_FALSE(read.games[0].both_crashed);
  }
}

TEST_CASE("-o options are checked as the server's lobby checks them") {
  CHECK_NOTHROW(check_match_options("dcms", {{"map", "arena"}, {"move_time_ms", "400"}, {"max_turns", "10"}}));
  CHECK_NOTHROW(check_match_options("tactego", {{"seed", "7"}, {"move_time_ms", 2000}}));
  CHECK_THROWS_WITH(check_match_options("dcms", {{"move_time", "500"}}),
                    Catch::Contains("-o options for dcms: unknown option 'move_time'") &&
                        Catch::Contains("move_time_ms"));
  CHECK_THROWS_WITH(check_match_options("dcms", {{"move_time_ms", "abc"}}), Catch::Contains("move_time_ms"));
  CHECK_THROWS_WITH(check_match_options("dcms", {{"map", "nosuchmap"}}), Catch::Contains("nosuchmap"));
  CHECK_THROWS_WITH(check_match_options("tactego", {{"map", "classic"}}), Catch::Contains("unknown option 'map'"));
}

TEST_CASE("-o map_text given a file name says the option takes the file's text") {
  const fs::path dir = fresh_dir("map-text");
  const std::string map_file = (dir / "bad1.map").string();
  std::ofstream(map_file) << "####\n#..#\n####\n";
  // The engine's own words stay; the client adds how to give the file's text.
  CHECK_THROWS_WITH(check_match_options("dcms", {{"map_text", map_file}}),
                    Catch::StartsWith("-o options for dcms: option 'map_text': map 'map_text', line 1, column 1: "
                                      "unexpected character '/'") &&
                        Catch::EndsWith("; map_text takes the file's text, not its name: -o map_text=\"$(cat " +
                                        map_file + ")\""));
  CHECK_THROWS_WITH(check_match_options("dcms", {{"map_text", "no-such.map"}}),
                    Catch::EndsWith("-o map_text=\"$(cat FILE)\""));
  CHECK_THROWS_WITH(check_match_options("tactego", {{"pieces_text", "pieces.txt"}}),
                    Catch::Contains("; pieces_text takes the file's text, not its name"));
  // A map's text that is wrong gets the engine's error alone.
  CHECK_THROWS_WITH(check_match_options("dcms", {{"map_text", "####\n#x.#\n####\n"}}),
                    !Catch::Contains("takes the file's text"));
  CHECK_NOTHROW(check_match_options("dcms", {{"map_text", "######\n#....#\n#....#\n######"}}));
  fs::remove_all(dir);
}

TEST_CASE("a results folder that a run made is removed with all in it and its missing parents") {
  const fs::path base = fresh_dir("new-entries-made");
  const fs::path out = base / "new" / "out";
  const NewEntries made_now(out);
  fs::create_directories(out / "logs");
  std::ofstream(out / "results.json") << "{}";
  made_now.remove();
  CHECK_FALSE(fs::exists(base / "new"));
  CHECK(fs::exists(base));
  fs::remove_all(base);
}

TEST_CASE("in a results folder that was there only what the run added is removed") {
  const fs::path out = fresh_dir("new-entries-there");
  fs::create_directories(out / "logs");
  std::ofstream(out / "logs" / "old.log") << "kept";
  std::ofstream(out / "server-data") << "a file in the way";
  const NewEntries made_now(out.string() + "/");  // as typed, with its slash
  std::ofstream(out / "results.json") << "{}";
  std::ofstream(out / "logs" / "new.log") << "inside a folder that was there: kept with it";
  fs::create_directories(out / "records" / "deeper");
  made_now.remove();
  CHECK(fs::exists(out / "server-data"));
  CHECK(fs::exists(out / "logs" / "old.log"));
  CHECK(fs::exists(out / "logs" / "new.log"));
  CHECK_FALSE(fs::exists(out / "results.json"));
  CHECK_FALSE(fs::exists(out / "records"));
  fs::remove_all(out);
}

TEST_CASE("a path with dot-dots never removes a folder that was there") {
  const fs::path base = fresh_dir("new-entries-dots");
  fs::create_directories(base / "there");
  // "there/../fresh" is "fresh": the walk up stops at base, which was there.
  const NewEntries made_now(base / "there" / ".." / "fresh");
  fs::create_directories(base / "fresh");
  made_now.remove();
  CHECK_FALSE(fs::exists(base / "fresh"));
  CHECK(fs::exists(base / "there"));
  CHECK(fs::exists(base));
  fs::remove_all(base);
}
