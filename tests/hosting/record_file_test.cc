// `skirmish verify` and `skirmish replay` on records in the JSON of GET /api/matches/{id}:
// real games from random playouts of all three games, then tampered copies.
#include <catch2/catch.hpp>

#include <fstream>
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

std::string joined(const skirmish::client::VerifyReport& report) {
  std::string text;
  for (const auto& line : report.lines) text += line + "\n";
  return text;
}

}  // namespace

TEST_CASE("verify accepts real games of all three kinds and says what it checked") {
  for (const auto& [game, options] :
       std::vector<std::pair<std::string, skirmish::engine::Options>>{
           {"tactego", {{"seed", "verify"}, {"fog", "true"}}}, {"dcms", {}}, {"onedchess", {}}}) {
    INFO(game);
    const auto record = playout_record(game, options, 42);
    const auto report = skirmish::client::verify_record(record);
    CHECK(report.ok);
    CHECK_THAT(joined(report), Catch::Contains("turns is legal") && Catch::Contains("is the one the rules give"));
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
  record["result"] = {{"winner", "blue"}, {"draw", false}, {"reason", "resignation"}};
  CHECK(skirmish::client::verify_record(record).ok);
  record["result"]["reason"] = "flag_captured";
  const auto report = skirmish::client::verify_record(record);
  CHECK_FALSE(report.ok);
  CHECK_THAT(joined(report), Catch::Contains("the game is not over"));
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
