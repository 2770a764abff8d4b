#include <set>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "engine/tactego/tactego.h"
#include "protocol/error_code.h"
#include "protocol/game_codec.h"

using namespace skirmish;
using namespace skirmish::protocol;
using nlohmann::json;

namespace {

json view_of(const GameCodec& codec, const engine::GameState& state, const engine::Viewer& viewer,
             bool match_over = false) {
  std::string text;
  JsonWriter out(text);
  codec.write_view(out, state, viewer, match_over);
  return json::parse(text);
}

json last_of(const GameCodec& codec, const engine::GameState& state) {
  std::string text;
  JsonWriter out(text);
  codec.write_last(out, state, engine::Viewer::spectator());
  return json::parse(text);
}

void play(engine::GameState& state, engine::Seat seat, const std::string& move) {
  state.apply(seat == 0 ? engine::JointMove{move, std::nullopt}
                        : engine::JointMove{std::nullopt, move});
}

std::string bad_message_field(const GameCodec& codec, const engine::GameState& state,
                              const char* frame) {
  try {
    codec.move_text(json::parse(frame), state, 0);
  } catch (const ProtocolError& error) {
    REQUIRE(error.code() == ErrorCode::BadMessage);
    return error.what();
  }
  FAIL("accepted " << frame);
  return {};
}

// Plays a DCMS setup on `small` with blue's placement from `frame` and a legal red one;
// returns the turn report.
json dcms_setup_report(const char* frame, std::string* blue_text = nullptr) {
  const GameCodec& codec = *find_codec("dcms");
  auto state = engine::create_game("dcms", {{"map", "small"}});
  const std::string blue = codec.move_text(json::parse(frame), *state, 0);
  if (blue_text) *blue_text = blue;
  state->apply({blue, std::string("1 6 1 5")});
  return last_of(codec, *state);
}

}  // namespace

TEST_CASE("Every registered game has a codec") {
  for (const engine::GameInfo* game : engine::all_games()) {
    const GameCodec* codec = find_codec(game->name);
    REQUIRE(codec);
    CHECK(codec->game() == game->name);
  }
  CHECK(find_codec("chess") == nullptr);
}

TEST_CASE("1D Chess codec: moves, view and last move") {
  const GameCodec& codec = *find_codec("onedchess");
  auto state = engine::create_game("onedchess", {});
  CHECK(codec.move_text(json::parse(R"({"position": 2, "direction": "RIGHT"})"), *state, 0) ==
        "2 RIGHT");
  CHECK_THAT(bad_message_field(codec, *state, R"({"position": 2, "direction": "UP"})"),
             Catch::Contains("'direction'"));
  CHECK_THAT(bad_message_field(codec, *state, R"({"position": "2", "direction": "LEFT"})"),
             Catch::Contains("'position'"));
  CHECK_THAT(bad_message_field(codec, *state, R"({"direction": "LEFT"})"),
             Catch::Contains("'position'"));
  // Another game's move: the error shows this game's form.
  CHECK(bad_message_field(codec, *state, R"({"move": "M 4"})") ==
        "field 'position' is missing (a 1D Chess move is {\"position\": 2, \"direction\": \"RIGHT\"})");
  // Above LLONG_MAX: refused like any number too large, never read as -1 ("off the board").
  for (const char* big : {R"({"position": 18446744073709551615, "direction": "LEFT"})",
                          R"({"position": 9223372036854775808, "direction": "LEFT"})",
                          R"({"position": 1099511627776, "direction": "LEFT"})"})
    CHECK(bad_message_field(codec, *state, big) == "field 'position' is out of range");

  CHECK(last_of(codec, *state).is_null());
  play(*state, 0, "2 RIGHT");
  play(*state, 1, "8 LEFT");  // the black king runs into its own knight at 7 and kills it
  const json view = view_of(codec, *state, engine::Viewer::of_seat(0));
  CHECK(view["board"] == json::array({"WKi", "WKn", "EMPTY", "EMPTY", "WKn", "EMPTY", "BKn", "BKi", "EMPTY"}));
  CHECK(last_of(codec, *state) ==
        json{{"seat", "black"}, {"position", 8}, {"direction", "LEFT"}, {"from", 8}, {"to", 7}, {"killed", "BKn"}});
  play(*state, 0, "4 RIGHT");  // the white knight jumps onto the black knight at 6
  CHECK(last_of(codec, *state)["killed"] == "BKn");
  play(*state, 1, "7 RIGHT");  // the king is at the end already: it stays
  CHECK(last_of(codec, *state)["killed"].is_null());
}

TEST_CASE("Tactego codec: move shape and last move with combat") {
  const GameCodec& codec = *find_codec("tactego");
  auto state = engine::create_game(
      "tactego", {{"pieces_text", "10 2\n3 2\nF 1\nM 1\nS 1\nA 1\n"}, {"length", "4"}, {"width", "5"},
                  {"seed", "x"}});
  CHECK(codec.move_text(json::parse(R"({"from": [1, 0], "to": [2, 0]})"), *state, 0) == "1 0 2 0");
  CHECK_THAT(bad_message_field(codec, *state, R"({"from": [1, 0]})"), Catch::Contains("'to'"));
  CHECK(bad_message_field(codec, *state, R"({"move": "1 0 2 0"})") ==
        "field 'from' is missing (a Tactego move is {\"from\": [row, col], \"to\": [row, col]})");
  CHECK_THAT(bad_message_field(codec, *state, R"({"from": [1], "to": [2, 0]})"),
             Catch::Contains("'from'"));
  CHECK_THAT(bad_message_field(codec, *state, R"({"from": [1, 0], "to": [99999999999, 0]})"),
             Catch::Contains("'to'"));
  CHECK(bad_message_field(codec, *state, R"({"from": [18446744073709551615, 0], "to": [2, 0]})") ==
        "field 'from' is out of range");
  CHECK(bad_message_field(codec, *state, R"({"from": [1, 0], "to": [2, 9223372036854775808]})") ==
        "field 'to' is out of range");

  const json view = view_of(codec, *state, engine::Viewer::spectator());
  CHECK(view["rows"] == 4);
  CHECK(view["cols"] == 5);
  CHECK(view["fog"] == false);
  CHECK(view["seed"] == "x");  // no fog: the seed is public
  // Every cell is the owner's letter and the engine's symbol for the piece.
  const auto& typed = dynamic_cast<const engine::tactego::TactegoState&>(*state);
  const auto board = typed.view(engine::Viewer::full());
  for (int r = 0; r < board.rows; ++r)
    for (int c = 0; c < board.cols; ++c) {
      const json& cell = view["board"][static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      const auto& truth = board.at(r, c);
      if (truth.owner < 0) {
        CHECK(cell.is_null());
      } else {
        REQUIRE(truth.piece);
        CHECK(cell == std::string(truth.owner == 0 ? "R" : "B") + engine::tactego::symbol(*truth.piece));
      }
    }
  // Play random moves until a combat happens, then check the report.
  engine::Rng rng(7);
  for (int i = 0; i < 200 && !state->outcome().over; ++i) {
    const engine::Seat seat = state->to_act().contains(0) ? 0 : 1;
    play(*state, seat, state->random_move(seat, rng));
    const json last = last_of(codec, *state);
    CHECK(last["seat"] == (seat == 0 ? "red" : "blue"));
    if (!last["combat"].is_null()) {
      CHECK(last["combat"]["at"] == last["to"]);
      CHECK(last["combat"]["attacker"].get<std::string>()[0] == (seat == 0 ? 'R' : 'B'));
      CHECK(last["combat"]["defender"].get<std::string>()[0] == (seat == 0 ? 'B' : 'R'));
      const std::string result = last["combat"]["result"];
      CHECK((result == "attacker_won" || result == "attacker_destroyed"));
      return;
    }
  }
  FAIL("no combat in 200 random moves");
}

TEST_CASE("Tactego codec with fog never writes a kind the viewer may not see") {
  const GameCodec& codec = *find_codec("tactego");
  const engine::Options options{
      {"pieces", "small_game"}, {"length", "5"}, {"width", "5"}, {"seed", "fog"}, {"fog", "true"}};
  engine::Rng rng(11);
  int hidden_checked = 0, revealed_seen = 0;
  for (int game = 0; game < 5; ++game) {
    auto state = engine::create_game("tactego", options);
    for (int turn = 0; turn < 120 && !state->outcome().over; ++turn) {
      const json full = view_of(codec, *state, engine::Viewer::full());
      const json views[3] = {view_of(codec, *state, engine::Viewer::of_seat(0)),
                             view_of(codec, *state, engine::Viewer::of_seat(1)),
                             view_of(codec, *state, engine::Viewer::spectator())};
      std::set<std::pair<int, int>> revealed;
      for (const auto& at : full["revealed"])
        revealed.insert(std::make_pair(at[0].get<int>(), at[1].get<int>()));
      revealed_seen += static_cast<int>(revealed.size());
      for (std::size_t r = 0; r < 5; ++r)
        for (std::size_t c = 0; c < 5; ++c) {
          const json& truth = full["board"][r][c];
          for (int v = 0; v < 3; ++v) {
            const json& seen = views[v]["board"][r][c];
            if (truth.is_null()) {
              REQUIRE(seen.is_null());
              continue;
            }
            const std::string cell = truth;
            const int owner = cell[0] == 'R' ? 0 : 1;
            const bool may_see = v == owner || revealed.count({static_cast<int>(r), static_cast<int>(c)}) > 0;
            if (may_see) {
              REQUIRE(seen == truth);
            } else {
              REQUIRE(seen == std::string(1, cell[0]) + "?");
              ++hidden_checked;
            }
          }
        }
      for (int v = 0; v < 3; ++v) REQUIRE(views[v]["seed"].is_null());  // the seed gives all away
      const engine::Seat seat = state->to_act().contains(0) ? 0 : 1;
      play(*state, seat, state->random_move(seat, rng));
    }
  }
  CHECK(hidden_checked > 1000);
  CHECK(revealed_seen > 0);
}

TEST_CASE("Tactego codec with fog shows the seed once the match is over, however it ended") {
  const GameCodec& codec = *find_codec("tactego");
  const engine::Options options{
      {"pieces", "small_game"}, {"length", "5"}, {"width", "5"}, {"seed", "fog"}, {"fog", "true"}};
  const auto state = engine::create_game("tactego", options);
  REQUIRE_FALSE(state->outcome().over);  // a resignation, say: the rules did not end it
  for (const auto& viewer : {engine::Viewer::of_seat(0), engine::Viewer::of_seat(1), engine::Viewer::spectator()}) {
    CHECK(view_of(codec, *state, viewer)["seed"].is_null());
    const json over = view_of(codec, *state, viewer, /*match_over=*/true);
    CHECK(over["seed"] == "fog");
    CHECK(over["board"] == view_of(codec, *state, viewer)["board"]);  // the board stays fogged
  }
}

TEST_CASE("Tactego codec picks a seed when none is given and hides it under fog") {
  const GameCodec& codec = *find_codec("tactego");
  engine::Options given{{"fog", "true"}};
  codec.choose_options(given, "0123abcd");
  CHECK(given.text("seed") == "0123abcd");
  engine::Options chosen{{"seed", "mine"}};
  codec.choose_options(chosen, "0123abcd");
  CHECK(chosen.text("seed") == "mine");
  CHECK(codec.hides_option("seed", engine::Options{{"fog", "true"}, {"seed", "s"}}));
  CHECK_FALSE(codec.hides_option("seed", engine::Options{{"fog", "false"}, {"seed", "s"}}));
  CHECK_FALSE(codec.hides_option("width", engine::Options{{"fog", "true"}}));
}

TEST_CASE("DCMS codec: setup placements of any shape, play moves, turn reports") {
  const GameCodec& codec = *find_codec("dcms");
  auto state = engine::create_game("dcms", {{"map", "small"}});
  const json view = view_of(codec, *state, engine::Viewer::of_seat(0));
  CHECK(view["phase"] == "setup");
  CHECK(view["color"] == 0);
  CHECK(view["placement"] == json{{"S", nullptr}, {"M", nullptr}, {"s", nullptr}, {"m", nullptr}});
  const int rows = view["rows"], cols = view["cols"];
  REQUIRE(view["walls"].size() == static_cast<std::size_t>(rows));
  CHECK(view["walls"][0] == std::string(static_cast<std::size_t>(cols), '#'));
  CHECK(view_of(codec, *state, engine::Viewer::spectator())["color"].is_null());

  CHECK_THAT(bad_message_field(codec, *state, R"({"move": "M 4"})"),
             Catch::Contains("'placement' is missing (setup phase: place your pieces first"));
  CHECK_THAT(bad_message_field(codec, *state, R"({"placement": "1 1 1 2"})"),
             Catch::Contains("'placement'"));
  CHECK(codec.move_text(json::parse(R"({"placement": [[1, 1], [2, 1]]})"), *state, 0) == "1 1 2 1");
  CHECK(codec.move_text(json::parse(R"({"placement": []})"), *state, 0).empty());

  SECTION("a malformed placement is accepted and loses as an illegal setup") {
    const std::string blue = codec.move_text(json::parse(R"({"placement": [[1, 1], "x"]})"), *state, 0);
    CHECK_FALSE(state->check_move(0, blue));  // accepted at setup
    std::string red_setup;
    for (int c = cols - 1; c >= 0 && red_setup.empty(); --c)
      for (int r = 0; r < rows; ++r)
        if (view["walls"][static_cast<std::size_t>(r)].get<std::string>()[static_cast<std::size_t>(c)] == '.') {
          red_setup = std::to_string(r) + " " + std::to_string(c) + " " + std::to_string(r) + " " +
                      std::to_string(c);
          break;
        }
    state->apply({blue, red_setup});
    CHECK(state->outcome() == engine::Outcome::win(1, engine::EndReason::IllegalSetup));
    const json last = last_of(codec, *state);
    CHECK(last["illegal_setup"] == json{{"blue", true}, {"red", false}});
    CHECK(last["setup_problem"]["blue"].is_string());
    CHECK(last["setup_problem"]["red"].is_null());
  }

  SECTION("after the setup, moves are the seed's strings and the report shows both") {
    engine::Rng rng(3);
    state->apply({state->random_move(0, rng), state->random_move(1, rng)});
    REQUIRE(view_of(codec, *state, engine::Viewer::of_seat(1))["phase"] == "play");
    // A match the server ended (resignation, time-out, forfeit) is over in the view too.
    CHECK(view_of(codec, *state, engine::Viewer::of_seat(1), /*match_over=*/true)["phase"] == "over");
    CHECK(codec.move_text(json::parse(R"({"move": "m 4"})"), *state, 1) == "m 4");
    CHECK_THAT(bad_message_field(codec, *state, R"({"placement": [[1, 1]]})"), Catch::Contains("'move'"));
    CHECK_THAT(bad_message_field(codec, *state, R"({"move": 4})"), Catch::Contains("'move'"));
    state->apply({std::string("M 5"), std::nullopt});
    const json last = last_of(codec, *state);
    CHECK(last["moves"] == json{{"blue", "M 5"}, {"red", nullptr}});
    CHECK(last["captures"].is_array());
    const json after = view_of(codec, *state, engine::Viewer::of_seat(1));
    CHECK(after["placement"]["S"].is_array());
    CHECK(after["score"] == json::array({2, 2}));
  }
}

TEST_CASE("DCMS codec: a malformed placement entry is named and quoted in setup_problem") {
  std::string text;
  json last = dcms_setup_report(R"({"placement": [["1", 1], [1, 2]]})", &text);
  CHECK(text == R"(malformed:["1",1] 1 2)");
  CHECK(last["illegal_setup"] == json{{"blue", true}, {"red", false}});
  CHECK(last["setup_problem"]["blue"] ==
        R"(placement entry 1 is ["1",1], not [row, col] of two whole numbers)");
  CHECK(last["setup_problem"]["red"].is_null());

  // Entries count from 1, whatever came before.
  last = dcms_setup_report(R"({"placement": [[1, 1], [1, 2.5]]})");
  CHECK(last["setup_problem"]["blue"] ==
        "placement entry 2 is [1,2.5], not [row, col] of two whole numbers");
  last = dcms_setup_report(R"({"placement": [[1, 1], [1, 2], 7]})");
  CHECK(last["setup_problem"]["blue"] ==
        "placement entry 3 is 7, not [row, col] of two whole numbers");

  // A blank inside stays one token; anything a terminal would act on is quoted as \u escapes.
  last = dcms_setup_report(R"({"placement": ["1 1", [1, 2]]})", &text);
  CHECK(text == R"(malformed:"1\u00201" 1 2)");
  CHECK(last["setup_problem"]["blue"] ==
        R"(placement entry 1 is "1\u00201", not [row, col] of two whole numbers)");
  last = dcms_setup_report(R"({"placement": [[1, 1], ["\u001b[2J\u202e"]]})", &text);
  CHECK(text == R"(1 1 malformed:["\u001b[2J\u202e"])");

  // A long entry is not copied into the record: named, not quoted.
  last = dcms_setup_report(R"({"placement": [[1, 1], {"row": 1, "col": 2, "note": "a long note"}]})",
                           &text);
  CHECK(text == "1 1 malformed");
  CHECK(last["setup_problem"]["blue"] == "placement entry 2 is not [row, col] of two whole numbers");
}

TEST_CASE("DCMS codec: a placement number above LLONG_MAX is quoted exactly, never as -1") {
  std::string text;
  const json last = dcms_setup_report(R"({"placement": [[18446744073709551615, 1], [1, 2]]})", &text);
  CHECK(text == "18446744073709551615 1 1 2");
  const std::string problem = last["setup_problem"]["blue"];
  CHECK_THAT(problem, Catch::Contains("cheeSe (S) at (18446744073709551615, 1) is off the board"));
  CHECK_THAT(problem, !Catch::Contains("-1"));
}
