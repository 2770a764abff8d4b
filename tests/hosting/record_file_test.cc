// `skirmish verify` and `skirmish replay` on records in the JSON of GET /api/matches/{id}:
// real games from random playouts of every game, then tampered copies.
#include <catch2/catch.hpp>

#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

#include "client-cli/history_commands.h"
#include "client-cli/match_record_file.h"
#include "engine/registry.h"
#include "tests/store/temp_dir.h"

namespace {

using nlohmann::json;

// A finished game in the record format (as the server's history serves it).
json playout_record(const std::string& game, const skirmish::engine::Options& given, std::uint64_t seed) {
  const auto* info = skirmish::engine::find_game(game);
  const auto options = skirmish::engine::resolve_options(info->options, given);
  auto state = skirmish::engine::create_game(game, options);
  skirmish::engine::Rng rng(seed);
  json moves = json::array();
  while (!state->outcome().over) {
    skirmish::engine::JointMove turn{};
    json entry = json::object();
    for (int s = 0; s < 2; ++s) {
      if (!state->to_act().contains(s)) continue;
      turn[static_cast<std::size_t>(s)] = state->random_move(s, rng);
      entry[info->seat_names[static_cast<std::size_t>(s)]] = *turn[static_cast<std::size_t>(s)];
    }
    state->apply(turn);
    moves.push_back({{"moves", entry}, {"ms", json::object()}});
  }
  json opts = json::object();
  for (const auto& [name, value] : options.values()) opts[name] = value;
  const auto outcome = state->outcome();
  return {{"match", "TEST"}, {"game", game}, {"state", "finished"}, {"options", opts},
          {"moves", moves}, {"turns", moves.size()},
          {"result", {{"winner", outcome.is_draw() ? json(nullptr) : json(info->seat_names[static_cast<std::size_t>(outcome.winner)])},
                      {"draw", outcome.is_draw()},
                      {"reason", skirmish::engine::to_string(outcome.reason)}}}};
}

// A finished game of at least `min_turns` turns.
json long_enough_record(const std::string& game, std::size_t min_turns, std::uint64_t seed) {
  json record;
  while (record.empty() || record["moves"].size() < min_turns) record = playout_record(game, {}, seed++);
  return record;
}

// What `skirmish replay FILE` prints when it is typed `input`.
std::string replay_text(const json& record, const std::string& input) {
  skirmish::test::TempDir dir;
  const auto path = (dir.path() / "game.json").string();
  std::ofstream(path) << record.dump();
  std::istringstream in(input);
  std::ostringstream out;
  REQUIRE(skirmish::client::replay_match({}, path, in, out) == 0);
  return out.str();
}

// The "== ... ==" header lines, in order.
std::vector<std::string> headers(const std::string& text) {
  std::vector<std::string> found;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto start = line.find("== ");
    if (start != std::string::npos) found.push_back(line.substr(start));
  }
  return found;
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// What `skirmish verify FILE` prints for `record`.
std::string verify_text(const json& record) {
  skirmish::test::TempDir dir;
  const auto path = (dir.path() / "game.json").string();
  std::ofstream(path) << record.dump();
  std::ostringstream out;
  skirmish::client::verify_record_file(path, out);
  return out.str();
}

// What `skirmish export MATCH` returns, and what it writes to stderr.
std::pair<int, std::string> export_run(const std::string& match) {
  std::ostringstream err;
  auto* const saved = std::cerr.rdbuf(err.rdbuf());
  int status = -1;
  try {
    status = skirmish::client::export_match({}, match, "-");
  } catch (...) {
    std::cerr.rdbuf(saved);
    throw;
  }
  std::cerr.rdbuf(saved);
  return {status, err.str()};
}

std::string joined(const skirmish::client::VerifyReport& report) {
  std::string text;
  for (const auto& line : report.lines) text += line + "\n";
  return text;
}

}  // namespace

TEST_CASE("verify accepts real games of every kind and says what it checked") {
  for (const auto* info : skirmish::engine::all_games()) {
    const std::string& game = info->name;
    INFO(game);
    // Tactego with fog: its record must still verify (the seed is in the record).
    const skirmish::engine::Options options =
        game == "tactego" ? skirmish::engine::Options{{"seed", "verify"}, {"fog", "true"}} : skirmish::engine::Options{};
    const auto record = playout_record(game, options, 42);
    const auto report = skirmish::client::verify_record(record);
    CHECK(report.ok);
    const char* all_legal = info->setup_turn ? "the setup and every one of the" : " is legal";
    CHECK_THAT(joined(report), Catch::Contains(all_legal) && Catch::Contains("is the one the rules give"));
  }
}

TEST_CASE("verify names the first illegal move") {
  json record;
  for (std::uint64_t seed = 7; record.empty() || record["moves"].size() <= 3; ++seed)
    record = playout_record("onedchess", {}, seed);
  const std::string seat = record["moves"][2]["moves"].begin().key();
  record["moves"][2]["moves"][seat] = "99 LEFT";  // no such square
  const auto report = skirmish::client::verify_record(record);
  CHECK_FALSE(report.ok);
  CHECK_THAT(joined(report), Catch::Contains("turn 3: " + seat + "'s move '99 LEFT' is illegal"));
}

TEST_CASE("verify catches a move out of turn and a result the rules do not give") {
  auto record = playout_record("onedchess", {}, 8);
  auto wrong_seat = record;
  wrong_seat["moves"][0]["moves"] = {{"black", "6 LEFT"}};
  CHECK_THAT(joined(skirmish::client::verify_record(wrong_seat)), Catch::Contains("turn 1: black moved"));

  auto wrong_result = record;
  wrong_result["result"]["winner"] = record["result"]["winner"] == "white" ? "black" : "white";
  wrong_result["result"]["draw"] = false;
  const auto report = skirmish::client::verify_record(wrong_result);
  CHECK_FALSE(report.ok);
  CHECK_THAT(joined(report), Catch::Contains("is not the one the rules give"));
}

TEST_CASE("verify accepts a game the server ended (resignation) and refuses a made-up ending") {
  auto record = playout_record("tactego", {{"seed", "r"}}, 9);
  record["moves"].erase(record["moves"].begin() + 5, record["moves"].end());
  record["turns"] = 5;
  record["result"] = {{"winner", "blue"}, {"draw", false}, {"reason", "resignation"}};
  CHECK(skirmish::client::verify_record(record).ok);
  record["result"]["reason"] = "flag_captured";
  const auto report = skirmish::client::verify_record(record);
  CHECK_FALSE(report.ok);
  CHECK_THAT(joined(report), Catch::Contains("the game is not over"));
}

TEST_CASE("verify says a cancelled match had no game, and a running one is not over yet") {
  auto record = playout_record("onedchess", {}, 11);
  record["moves"] = json::array();
  record["turns"] = 0;
  record["result"] = nullptr;
  record["state"] = "cancelled";
  CHECK_THAT(joined(skirmish::client::verify_record(record)),
             Catch::Contains("cancelled before it started: no game was played"));
  record["state"] = "running";
  CHECK_THAT(joined(skirmish::client::verify_record(record)),
             Catch::Contains("the game is not over yet, and the rules agree"));
}

TEST_CASE("verify refuses a record that contradicts itself, though every move is legal") {
  const auto record = playout_record("tactego", {{"seed", "s"}}, 12);
  const auto refused = [](const json& edited, const std::string& why) {
    const auto report = skirmish::client::verify_record(edited);
    CHECK_FALSE(report.ok);
    CHECK_THAT(joined(report), Catch::Contains("the record contradicts itself: " + why));
  };
  auto turns = record;
  turns["turns"] = 5;
  refused(turns, "field 'turns' says 5, but 'moves' has " + std::to_string(record["moves"].size()) + " entries");
  auto running = record;
  running["state"] = "running";
  refused(running, "field 'state' says \"running\", but the record has a result");
  auto no_result = record;
  no_result["result"] = nullptr;
  refused(no_result, "field 'state' says \"finished\", but the record has no result");
  auto seed = record;
  seed["seed"] = "other";
  refused(seed, "field 'seed' (\"other\") is not the seed in 'options' (\"s\")");
  auto ms = record;
  ms["moves"][0]["ms"]["red"] = -5;
  refused(ms, "moves[0].ms.red must be a whole number of milliseconds, not -5");
  auto not_mover = record;
  not_mover["moves"][0]["ms"]["blue"] = 300;  // red moved first
  refused(not_mover, "moves[0].ms gives a time for blue, which did not move then");
  const std::string winner = record["result"]["winner"].is_string() ? record["result"]["winner"].get<std::string>() : "red";
  auto drawn_win = record;
  drawn_win["result"]["draw"] = true;
  drawn_win["result"]["winner"] = winner;
  refused(drawn_win, "field 'result' says it is a draw and that \"" + winner + "\" won");
  auto nobody = record;
  nobody["result"]["draw"] = false;
  nobody["result"]["winner"] = nullptr;
  refused(nobody, "field 'result' says it is not a draw, but names no winner");
  auto twice = record;
  twice["seats"] = {{{"seat", "red"}, {"index", 0}, {"name", "a"}}, {{"seat", "red"}, {"index", 0}, {"name", "b"}}};
  refused(twice, "field 'seats' lists seat \"red\" twice");
  auto backwards = record;
  backwards["created_ms"] = 1000;
  backwards["started_ms"] = 2000;
  backwards["finished_ms"] = 1500;
  refused(backwards, "field 'finished_ms' (1500) is before 'started_ms' (2000)");
  auto agreeing = record;
  agreeing["seed"] = "s";
  agreeing["moves"][0]["ms"]["red"] = 1200;
  agreeing["seats"] = {{{"seat", "red"}, {"index", 0}, {"name", "a"}}, {{"seat", "blue"}, {"index", 1}, {"name", "b"}}};
  agreeing["created_ms"] = 1000;
  agreeing["started_ms"] = 2000;
  agreeing["finished_ms"] = 2000;
  INFO(joined(skirmish::client::verify_record(agreeing)));
  CHECK(skirmish::client::verify_record(agreeing).ok);
}

TEST_CASE("verify explains a malformed record") {
  auto record = playout_record("dcms", {}, 10);
  auto no_moves = record;
  no_moves.erase("moves");
  CHECK_THAT(joined(skirmish::client::verify_record(no_moves)), Catch::Contains("field 'moves' is missing"));
  auto bad_seat = record;
  bad_seat["moves"][1]["moves"]["green"] = "M 4";
  CHECK_THAT(joined(skirmish::client::verify_record(bad_seat)), Catch::Contains("moves[1]: unknown seat 'green'"));
  auto bad_game = record;
  bad_game["game"] = "go";
  CHECK_THAT(joined(skirmish::client::verify_record(bad_game)), Catch::Contains("unknown game 'go'"));
}

// Found by the record fuzzer (tests/fuzz): json's own type_error escaped verify_record (a
// crash of `skirmish verify` in words that name no field) for a field of another type.
TEST_CASE("verify and replay name a field of the wrong type instead of throwing") {
  const json record = playout_record("onedchess", {}, 3);
  auto numeric_game = record;
  numeric_game["game"] = 5;
  CHECK_THAT(joined(skirmish::client::verify_record(numeric_game)), Catch::Contains("field 'game' must be text, not 5"));
  CHECK_THROWS_AS(skirmish::client::game_record_from_json(numeric_game), std::invalid_argument);
  auto numeric_reason = record;
  numeric_reason["result"]["reason"] = 5;
  skirmish::client::VerifyReport report;
  REQUIRE_NOTHROW(report = skirmish::client::verify_record(numeric_reason));
  CHECK_FALSE(report.ok);
  CHECK_THAT(joined(report), Catch::Contains("result: field 'reason' must be text, not 5"));
  auto numeric_state = record;
  numeric_state["moves"] = json::array();
  numeric_state["turns"] = 0;
  numeric_state["result"] = nullptr;
  numeric_state["state"] = 7;
  REQUIRE_NOTHROW(report = skirmish::client::verify_record(numeric_state));
  CHECK(report.ok);
  CHECK_THAT(joined(report), Catch::Contains("the game is not over yet"));
}

TEST_CASE("replay steps forward, back and jumps through a record file, in the seeds' text format") {
  skirmish::test::TempDir dir;
  json record;
  for (std::uint64_t seed = 11; record.empty() || record["moves"].size() <= 3; ++seed)
    record = playout_record("onedchess", {}, seed);
  const auto path = (dir.path() / "game.json").string();
  std::ofstream(path) << record.dump();
  const auto game = skirmish::client::game_record_from_json(record);
  const auto states = skirmish::client::replay_states(game);
  const auto n = game.turns.size();

  std::istringstream in("n\nn\np\nj " + std::to_string(n) + "\nj 999\nx\nq\n");
  std::ostringstream out;
  CHECK(skirmish::client::replay_match({}, path, in, out) == 0);
  const std::string text = out.str();
  const auto full = skirmish::engine::Viewer::full();
  CHECK_THAT(text, Catch::Contains("turn 0 of " + std::to_string(n) + " ==\n" + states[0]->render(full)));
  CHECK_THAT(text, Catch::Contains("turn 2 of " + std::to_string(n) + " ==\nblack: " + *game.turns[1][1]));
  CHECK_THAT(text, Catch::Contains(states[2]->render(full)));
  CHECK_THAT(text, Catch::Contains("turn " + std::to_string(n) + " of " + std::to_string(n)));
  CHECK_THAT(text, Catch::Contains("Game over: "));
  CHECK_THAT(text, Catch::Contains("jump to a turn from 0 to " + std::to_string(n)));
  CHECK_THAT(text, Catch::Contains("unknown command 'x'"));
}

TEST_CASE("verify_record_file prints VALID or INVALID with the reasons") {
  skirmish::test::TempDir dir;
  auto record = playout_record("dcms", {}, 12);
  const auto good = (dir.path() / "good.json").string();
  std::ofstream(good) << record.dump();
  std::ostringstream out;
  CHECK(skirmish::client::verify_record_file(good, out) == 0);
  CHECK_THAT(out.str(), Catch::Contains("VALID: " + good));
  record["moves"][0]["moves"]["blue"] = "99 99 99 99";  // an off-board setup: loses by the rules
  const auto bad = (dir.path() / "bad.json").string();
  std::ofstream(bad) << record.dump();
  std::ostringstream out2;
  CHECK(skirmish::client::verify_record_file(bad, out2) == 1);
  CHECK_THAT(out2.str(), Catch::Contains("INVALID: " + bad));
}

TEST_CASE("replay takes the whole command words, in any case, and names them in its prompt") {
  const auto record = long_enough_record("onedchess", 4, 11);
  const auto n = std::to_string(record["moves"].size());
  const std::string text = replay_text(record, "Next\nNEXT\nprev\nPrevious\nJump 3\nJUMP 1\nj 2\nQuit\nn\n");
  CHECK(headers(text) == std::vector<std::string>{
                             "== 1D Chess, turn 0 of " + n + " ==", "== 1D Chess, turn 1 of " + n + " ==",
                             "== 1D Chess, turn 2 of " + n + " ==", "== 1D Chess, turn 1 of " + n + " ==",
                             "== 1D Chess, turn 0 of " + n + " ==", "== 1D Chess, turn 3 of " + n + " ==",
                             "== 1D Chess, turn 1 of " + n + " ==", "== 1D Chess, turn 2 of " + n + " =="});
  CHECK_THAT(text, Catch::Contains("[n]ext, [p]revious, [j]ump N, [q]uit, ? help > "));
  CHECK_THAT(replay_text(record, "back\nq\n"),
             Catch::Contains("unknown command 'back': type next, previous, jump N, help or quit"));
}

TEST_CASE("replay names the match and its players first and explains itself at help") {
  auto record = long_enough_record("tactego", 2, 17);
  record["seats"] = json::array({json{{"index", 0}, {"seat", "red"}, {"name", "alice\x1b[2J"}},
                                 json{{"index", 1}, {"seat", "blue"}, {"name", nullptr}}});
  const std::string text = replay_text(record, "?\nhelp\nq\n");
  CHECK(text.starts_with("Tactego | match TEST | red (alice?[2J) vs blue\n== Tactego, turn 0 of "));
  CHECK(count_of(text, "F flag (never moves") == 2);  // the board's symbols, as in a game
  CHECK(count_of(text, "Replay: Enter or n next turn, p previous, j N jump to turn N (0 to ") == 2);
  CHECK(headers(text).size() == 1);  // help does not redraw

  record["seats"] = "not a list";  // a record file edited by hand: the seats alone
  CHECK(replay_text(record, "q\n").starts_with("Tactego | match TEST | red vs blue\n"));
}

TEST_CASE("replay puts the prompt and the Game over line on lines of their own") {
  const auto record = long_enough_record("onedchess", 2, 12);
  const std::string text = replay_text(record, "j " + std::to_string(record["moves"].size()) + "\nq\n");
  CHECK(text.find("+[") == std::string::npos);
  CHECK(text.find("+Game over") == std::string::npos);
  // Under the box, the positions' numbers, then each on a line of its own.
  CHECK_THAT(text, Catch::Contains("-+\n   0     1") && Catch::Contains("8\n[n]ext") && Catch::Contains("8\nGame over: "));
  CHECK(text.find("\n\n") == std::string::npos);  // no blank lines either
}

TEST_CASE("replay's jump help gives an example inside the range") {
  const auto record = long_enough_record("onedchess", 2, 13);
  const std::size_t n = record["moves"].size();
  for (const std::string wrong : {"j 999", "j", "j -1", "jump x", "j 2x"}) {
    INFO(wrong);
    const std::string text = replay_text(record, wrong + "\nq\n");
    std::smatch match;
    REQUIRE(std::regex_search(text, match, std::regex(R"(jump to a turn from 0 to (\d+), e\.g\. jump (\d+)\n)")));
    CHECK(std::stoul(match[1]) == n);
    CHECK(std::stoul(match[2]) <= n);
    CHECK(headers(text).size() == 1);
  }
}

TEST_CASE("replay says so instead of redrawing at the first and the last turn") {
  const auto record = long_enough_record("onedchess", 2, 14);
  const std::string text = replay_text(record, "p\nj " + std::to_string(record["moves"].size()) + "\nn\n\nq\n");
  CHECK(count_of(text, "already at the first turn\n") == 1);
  CHECK(count_of(text, "already at the last turn\n") == 2);  // "n" and an empty line
  CHECK(headers(text).size() == 2);                            // the start and the jump
}

TEST_CASE("replay shows how a game the server ended ended, in verify's words") {
  auto record = long_enough_record("onedchess", 4, 15);
  CHECK_THAT(replay_text(record, "j " + std::to_string(record["moves"].size()) + "\n"),
             Catch::Contains("Game over: " + record["result"]["winner"].get<std::string>() + " wins (king_taken)\n"));

  record["moves"].erase(record["moves"].begin() + 2, record["moves"].end());
  record["turns"] = 2;
  record["result"] = {{"winner", "white"}, {"draw", false}, {"reason", "resignation"}};
  const std::string text = replay_text(record, "n\nn\n");
  CHECK(count_of(text, "Game over: white wins (resignation)\n") == 1);
  CHECK(text.rfind("Game over") > text.rfind("turn 2 of 2 =="));  // on the last turn only
  CHECK_THAT(joined(skirmish::client::verify_record(record)),
             Catch::Contains("the server ended it: white wins (resignation)"));

  record["result"] = {{"winner", nullptr}, {"draw", true}, {"reason", "timeout"}};
  CHECK_THAT(replay_text(record, "j 2\n"), Catch::Contains("Game over: a draw (timeout)\n"));
}

TEST_CASE("a DCMS replay counts turns as the game's own board does, the setup first") {
  const auto record = long_enough_record("dcms", 3, 16);
  const std::size_t n = record["moves"].size();
  std::string input;
  for (std::size_t i = 0; i < n; ++i) input += "n\n";
  const std::string text = replay_text(record, input + "j setup\nj 1\n");
  const auto screens = headers(text);
  REQUIRE(screens.size() == n + 2);  // the setup, n - 1 play turns, and the two jumps
  CHECK(screens.front() == "== Dog-Cat-Mouse-cheeSe, setup ==");
  CHECK(screens[1] == "== Dog-Cat-Mouse-cheeSe, turn 1 ==");
  CHECK(screens[n - 1] == "== Dog-Cat-Mouse-cheeSe, turn " + std::to_string(n - 1) + " ==");
  CHECK(screens[n] == "== Dog-Cat-Mouse-cheeSe, setup ==");

  // Each screen: its header's turn is the board's "turn K of MAX" (the setup is turn 0).
  const std::regex header(R"(^(setup|turn (\d+)) ==)"), footer(R"(, (play|over), turn (\d+) of )");
  const std::string marker = "== Dog-Cat-Mouse-cheeSe, ";
  std::size_t checked = 0;
  for (auto at = text.find(marker); at != std::string::npos; at = text.find(marker, at + 1), ++checked) {
    const std::string screen = text.substr(at + marker.size(), text.find(marker, at + 1) - at - marker.size());
    INFO(screen);
    std::smatch head, foot;
    REQUIRE(std::regex_search(screen, head, header));
    REQUIRE(std::regex_search(screen, foot, footer));
    CHECK(foot[2].str() == (head[1] == "setup" ? "0" : head[2].str()));
  }
  CHECK(checked == screens.size());
  CHECK_THAT(replay_text(record, "j " + std::to_string(n) + "\n"),
             Catch::Contains("jump to a turn from 0 to " + std::to_string(n - 1) + " (0 is the setup)"));
}

TEST_CASE("replay of a record whose state is not finished text says so instead of throwing json errors") {
  skirmish::test::TempDir dir;
  auto record = playout_record("onedchess", {}, 11);
  const auto path = (dir.path() / "game.json").string();
  std::istringstream in("q\n");
  std::ostringstream out;
  record["state"] = "running";
  std::ofstream(path) << record.dump();
  CHECK(skirmish::client::replay_match({}, path, in, out) == 1);
  // Not text (a faulty server's or a hand-edited file's): read as no state at all, so the
  // record is replayed by its moves, as one without a state is.
  record["state"] = 7;
  std::ofstream(path, std::ios::trunc) << record.dump();
  in.clear();
  in.str("q\n");
  CHECK(skirmish::client::replay_match({}, path, in, out) == 0);
  CHECK_THAT(out.str(), Catch::Contains("== 1D Chess, turn 0 of"));
}

TEST_CASE("verify says why it cannot read its argument, and what to do with a match id") {
  std::ostringstream out;
  CHECK_THROWS_WITH(skirmish::client::verify_record_file("ABCD2345", out),
                    Catch::Contains("ABCD2345: no such file") &&
                        Catch::Contains("skirmish export ABCD2345 -o ABCD2345.json"));
  skirmish::test::TempDir dir;
  const auto missing = (dir.path() / "game.json").string();
  CHECK_THROWS_WITH(skirmish::client::verify_record_file(missing, out),
                    Catch::Equals(missing + ": no such file"));
  std::istringstream in("q\n");
  CHECK_THROWS_WITH(skirmish::client::replay_match({}, missing, in, out), Catch::Equals(missing + ": no such file"));
  CHECK_THROWS_WITH(skirmish::client::verify_record_file(dir.path().string(), out), Catch::Contains("cannot read"));
}

TEST_CASE("one turn is one turn") {
  CHECK(skirmish::client::turns_text(0) == "0 turns");
  CHECK(skirmish::client::turns_text(1) == "1 turn");
  CHECK(skirmish::client::turns_text(12) == "12 turns");
  auto record = long_enough_record("onedchess", 2, 17);
  record["moves"].erase(record["moves"].begin() + 1, record["moves"].end());
  record["turns"] = record["moves"].size();  // kept in step: verify checks it
  record["result"] = {{"winner", "black"}, {"draw", false}, {"reason", "forfeit"}};
  const std::string text = joined(skirmish::client::verify_record(record));
  CHECK_THAT(text, Catch::Contains("the 1 turn is legal"));
  CHECK(text.find("1 turns") == std::string::npos);
}

TEST_CASE("verify numbers DCMS turns as replay does: the setup, then turn 1, 2, ...") {
  const auto record = long_enough_record("dcms", 4, 18);
  const std::size_t n = record["moves"].size();
  const std::string turns = std::to_string(n - 1);  // the setup is no turn, as in results.json
  const std::string text = verify_text(record);
  CHECK_THAT(text, Catch::StartsWith("the setup and every one of the " + turns + " turns are legal\n"));
  CHECK_THAT(text, !Catch::Contains(std::to_string(n) + " turns"));
  CHECK_THAT(replay_text(record, "j " + turns + "\n"),
             Catch::Contains("== Dog-Cat-Mouse-cheeSe, turn " + turns + " =="));

  // An illegal move is named by the turn replay shows it under.
  const std::string played = record["moves"][2]["moves"]["blue"];
  CHECK_THAT(replay_text(record, "j 2\n"),
             Catch::Contains("== Dog-Cat-Mouse-cheeSe, turn 2 ==\nblue: " + played + "\n"));
  auto illegal = record;
  illegal["moves"][2]["moves"]["blue"] = "Q 5";
  CHECK_THAT(verify_text(illegal), Catch::StartsWith("turn 2: blue's move 'Q 5' is illegal: "));
  // ... and replay, which refuses to show it, names the same turn.
  skirmish::test::TempDir dir;
  const auto path = (dir.path() / "illegal.json").string();
  std::ofstream(path) << illegal.dump();
  std::istringstream in("q\n");
  std::ostringstream out;
  CHECK_THROWS_WITH(skirmish::client::replay_match({}, path, in, out), Catch::StartsWith("turn 2: blue's move 'Q 5'"));

  auto too_long = record;
  too_long["moves"].push_back(record["moves"].back());
  too_long["turns"] = too_long["moves"].size();  // kept in step: verify checks it
  CHECK_THAT(verify_text(too_long), Catch::StartsWith("turn " + std::to_string(n) + ": the game was already over ("));
  auto bad_setup = record;
  bad_setup["moves"][0]["moves"]["blue"] = "99 99 99 99";  // legal to send; loses by the rules
  CHECK_THAT(verify_text(bad_setup), Catch::StartsWith("turn 1: the game was already over (red wins (illegal_setup))"));
  // The same setup in a record that ends there, with the result the rules give: valid, and
  // not called a legal setup.
  bad_setup["moves"].erase(bad_setup["moves"].begin() + 1, bad_setup["moves"].end());
  bad_setup["turns"] = bad_setup["moves"].size();  // kept in step: verify checks it
  bad_setup["result"] = {{"winner", "red"}, {"draw", false}, {"reason", "illegal_setup"}};
  CHECK_THAT(verify_text(bad_setup),
             Catch::StartsWith("the setup was sent as the protocol allows; by the rules it is illegal and ends the game\n") &&
                 Catch::Contains("\nVALID: "));

  // A game resigned after the setup, and after one turn.
  auto short_game = record;
  short_game["result"] = {{"winner", "red"}, {"draw", false}, {"reason", "resignation"}};
  short_game["moves"].erase(short_game["moves"].begin() + 1, short_game["moves"].end());
  short_game["turns"] = short_game["moves"].size();  // kept in step: verify checks it
  CHECK_THAT(verify_text(short_game), Catch::StartsWith("the setup is legal\n") && Catch::Contains("\nVALID: "));
  short_game["moves"].push_back(record["moves"][1]);
  short_game["turns"] = short_game["moves"].size();  // kept in step: verify checks it
  CHECK_THAT(verify_text(short_game), Catch::StartsWith("the setup and the 1 turn are legal\n"));
}

TEST_CASE("verify counts every move of Tactego and 1D Chess as a turn, from 1") {
  for (const auto& [game, options] : std::vector<std::pair<std::string, skirmish::engine::Options>>{
           {"tactego", {{"seed", "verify"}}}, {"onedchess", {}}}) {
    INFO(game);
    json record;
    for (std::uint64_t seed = 19; record.empty() || record["moves"].size() < 3; ++seed)
      record = playout_record(game, options, seed);
    const std::size_t n = record["moves"].size();
    CHECK_THAT(verify_text(record), Catch::StartsWith("every one of the " + std::to_string(n) + " turns is legal\n"));
    auto illegal = record;
    const std::string seat = illegal["moves"][0]["moves"].begin().key();
    illegal["moves"][0]["moves"][seat] = "nonsense";
    CHECK_THAT(verify_text(illegal), Catch::StartsWith("turn 1: " + seat + "'s move 'nonsense' is illegal"));
  }
}

// Moves of every kind a record could hold for `game`: most of them illegal somewhere.
std::vector<std::string> candidate_moves(const std::string& game) {
  std::vector<std::string> moves = {"nonsense", ""};
  if (game == "onedchess")
    for (int p = -1; p <= 9; ++p)
      for (const char* direction : {"LEFT", "RIGHT"}) moves.push_back(std::to_string(p) + " " + direction);
  if (game == "tactego")
    for (int a = 0; a < 5; ++a)
      for (int b = 0; b < 5; ++b)
        for (int c = 0; c < 5; ++c)
          for (int d = 0; d < 5; ++d)
            moves.push_back(std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(c) + " " + std::to_string(d));
  if (game == "dcms")
    for (char letter = 'A'; letter <= 'z'; ++letter)
      for (const char* direction : {"UP", "DOWN", "LEFT", "RIGHT", "5"})
        moves.push_back(std::string(1, letter) + " " + direction);
  return moves;
}

TEST_CASE("verify and replay speak of the seat whose move is illegal and never to a player") {
  const std::regex second_person(R"(\b[Yy]ou(r|rs)?\b)");
  for (const auto* info : skirmish::engine::all_games()) {
    const std::string& game = info->name;
    INFO(game);
    const skirmish::engine::Options options =
        game == "tactego" ? skirmish::engine::Options{{"seed", "verify"}} : skirmish::engine::Options{};
    json record;
    for (std::uint64_t seed = 3; record.empty() || record["moves"].size() < 4; ++seed)
      record = playout_record(game, options, seed);
    // White's, red's or blue's second turn (DCMS: the turn after the setup).
    const std::size_t turn = 2;
    const std::string seat = record["moves"][turn]["moves"].begin().key();
    int illegal = 0;
    for (const auto& move : candidate_moves(game)) {
      auto tampered = record;
      tampered["moves"][turn]["moves"][seat] = move;
      const auto report = skirmish::client::verify_record(tampered);
      const std::string text = joined(report);
      INFO(text);
      // A legal move in its place can make a later one illegal: that is said the same way.
      if (text.find(seat + "'s move '" + move + "' is illegal: ") != std::string::npos) ++illegal;
      CHECK_FALSE(std::regex_search(text, second_person));
    }
    CHECK(illegal > 10);
  }
  // 1D Chess: white moves black's knight; no "you play white" after it, in verify or replay.
  json record;
  for (std::uint64_t seed = 7; record.empty() || record["moves"].size() <= 3; ++seed)
    record = playout_record("onedchess", {}, seed);
  record["moves"][0]["moves"]["white"] = "6 LEFT";
  const std::string said = "turn 1: white's move '6 LEFT' is illegal: position 6 holds BKn, a piece of black";
  CHECK(verify_text(record).starts_with(said + "\nINVALID"));
  skirmish::test::TempDir dir;
  const auto path = (dir.path() / "illegal.json").string();
  std::ofstream(path) << record.dump();
  std::istringstream in("q\n");
  std::ostringstream out;
  CHECK_THROWS_WITH(skirmish::client::replay_match({}, path, in, out), said);
}

TEST_CASE("export takes a match id: given a record file, it says to verify or replay it, exit 2") {
  skirmish::test::TempDir dir;
  const auto file = (dir.path() / "game-3.json").string();
  std::ofstream(file) << playout_record("dcms", {}, 20).dump();
  // Nothing is fetched: the empty server URL would throw.
  auto [status, err] = export_run(file);
  CHECK(status == 2);
  CHECK(err == "skirmish: export takes a match id (e.g. IAEIAPYO); '" + file + "' is a file — to check it: "
               "skirmish verify " + file + "; to step through it: skirmish replay " + file + "\n");
  for (const std::string& missing : {(dir.path() / "gone.json").string(), std::string("records/game-3.json"),
                                    std::string("game-3.JSON")}) {
    INFO(missing);
    std::tie(status, err) = export_run(missing);
    CHECK(status == 2);
    CHECK(err == "skirmish: export takes a match id (e.g. IAEIAPYO); '" + missing +
                     "' looks like a file name, and there is no such file\n");
  }
  std::tie(status, err) = export_run(dir.path().string() + "/");
  CHECK(status == 2);
  CHECK_THAT(err, Catch::EndsWith("is a folder\n"));
}

TEST_CASE("export fetches a match id even when a file has its name (export ID -o ID wrote it)") {
  skirmish::test::TempDir dir;
  struct InDir {
    std::filesystem::path saved = std::filesystem::current_path();
    explicit InDir(const std::filesystem::path& dir) { std::filesystem::current_path(dir); }
    ~InDir() { std::filesystem::current_path(saved); }
  } in_dir(dir.path());
  std::ofstream("ABCD2345") << "{}";
  CHECK_THROWS_WITH(export_run("ABCD2345"), Catch::Contains("/api/matches/ABCD2345"));
}
