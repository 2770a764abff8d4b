// What the game shows: the bots' inputs as in the seed, the text board, the state key, and
// the registry entry with its options.
#include <catch2/catch.hpp>

#include "dcms_test_helpers.h"

using namespace skirmish::test::dcms;
using skirmish::engine::OptionError;
using skirmish::engine::Options;
using skirmish::engine::Viewer;

namespace {

using Placement = std::vector<std::pair<std::string, std::optional<Pos>>>;

}  // namespace

TEST_CASE("the observation is the seed's setup() input before the setup", "[dcms][observation]") {
  const DcmsState state(*shipped_map("classic"), "SM", 60);
  const Observation obs = state.observation(kRed);
  CHECK(obs.color == 1);
  CHECK(obs.rows == 8);
  CHECK(obs.cols == 12);
  REQUIRE(obs.board.size() == 8);
  const Map& map = *shipped_map("classic");
  for (int r = 0; r < 8; ++r) {
    REQUIRE(obs.board[static_cast<std::size_t>(r)].size() == 12);
    for (int c = 0; c < 12; ++c)
      CHECK(obs.board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] ==
            (map.wall(r, c) ? "WWWW" : "    "));
  }
  CHECK(obs.board[0][0] == "WWWW");
  CHECK(obs.board[1][1] == "    ");
  CHECK(obs.placement == Placement{{"S", std::nullopt}, {"M", std::nullopt},
                                   {"s", std::nullopt}, {"m", std::nullopt}});
  CHECK(obs.turn == 0);
}

TEST_CASE("the observation is the seed's move() input during play", "[dcms][observation]") {
  DcmsState state = started("SMC", "4 1 1 4 2 4", "4 8 1 5 2 5");
  play(state, "M 3", "m 5");  // blue's Mouse is eaten by red's Cat
  const Observation obs = state.observation(kBlue);
  CHECK(obs.color == 0);
  CHECK(obs.rows == 6);
  CHECK(obs.cols == 10);
  CHECK(obs.placement == Placement{{"S", at(4, 1)},
                                   {"M", std::nullopt},
                                   {"C", at(2, 4)},
                                   {"s", at(4, 8)},
                                   {"m", at(1, 5)},
                                   {"c", at(2, 5)}});
  CHECK(obs.turn == 2);
  CHECK(state.observation(kRed).placement == obs.placement);  // no hidden information
}

TEST_CASE("render shows numbers, walls, stacked pieces, turn and score", "[dcms][render]") {
  DcmsState state = started("SMC", "4 1 1 4 2 4", "4 8 1 5 2 5");
  play(state, "C 6", "c 5");  // the Cats fight
  play(state, "M 3", "m 4");  // blue's Mouse to (2,5), red's to (1,4): nobody meets
  const std::string text = state.render(Viewer::full());
  INFO(text);
  CHECK(text == state.render(Viewer::of_seat(kRed)));
  CHECK(text ==
        "  0  1  2  3  4  5  6  7  8  9\n"
        "0 #  #  #  #  #  #  #  #  #  #\n"
        "1 #  .  .  .  m  .  .  .  .  #\n"
        "2 #  .  .  .  .  M  .  .  .  #\n"
        "3 #  .  .  .  .  .  .  .  .  #\n"
        "4 #  S  .  .  .  .  .  .  s  #\n"
        "5 #  #  #  #  #  #  #  #  #  #\n"
        "map test, pieces SMC, play, turn 2 of 60, score blue (upper case) 2 red (lower case) 2\n");
  DcmsState stacked = started("SMC", "2 4 1 1 1 1", "4 8 1 8 2 5");
  play(stacked, "M 5 C 5", "c 4 m 5");  // red's Cat on blue's cheeSe: nothing happens
  CHECK_THAT(stacked.render(Viewer::spectator()), Catch::Contains("MC"));
  CHECK_THAT(stacked.render(Viewer::spectator()), Catch::Contains("Sc"));
}

TEST_CASE("the state key tells states apart and clones apart from nothing", "[dcms][key]") {
  DcmsState state = started("SM", "1 1 2 2", "1 8 2 7");
  const auto clone = state.clone();
  CHECK(clone->state_key() == state.state_key());
  play(state, "M 6", std::nullopt);
  CHECK(clone->state_key() != state.state_key());
  DcmsState other = started("SM", "1 1 2 3", "1 8 2 7");
  play(other, "M 5", std::nullopt);
  CHECK(other.state_key() == state.state_key());  // same position, same turn
}

TEST_CASE("the registry entry: name, seats, options and their defaults", "[dcms][options]") {
  const auto& info = game_info();
  CHECK(info.name == "dcms");
  CHECK(info.title == "Dog-Cat-Mouse-cheeSe");
  CHECK(info.simultaneous);
  CHECK(info.seat_names == std::array<std::string, 2>{"blue", "red"});
  const auto resolved = skirmish::engine::resolve_options(info.options, {});
  CHECK(resolved.text("map") == "classic");
  CHECK(resolved.text("map_text").empty());
  CHECK(resolved.text("pieces") == "SM");
  CHECK(resolved.integer("max_turns") == 60);
  auto game = info.create(resolved);
  auto* dcms = dynamic_cast<DcmsState*>(game.get());
  REQUIRE(dcms != nullptr);
  CHECK(dcms->map() == *shipped_map("classic"));
  CHECK(dcms->pieces() == "SM");
  CHECK(dcms->max_turns() == 60);
  CHECK(dcms->game_name() == "dcms");
}

TEST_CASE("options choose the map, pieces and max_turns", "[dcms][options]") {
  const auto& info = game_info();
  auto resolved = skirmish::engine::resolve_options(
      info.options, Options{{"map", "arena"}, {"pieces", "SMCD"}, {"max_turns", "7"}});
  const auto state = create_state(resolved);
  CHECK(state->map().name == "arena");
  CHECK(state->pieces() == "SMCD");
  CHECK(state->max_turns() == 7);
  CHECK_THROWS_AS(skirmish::engine::resolve_options(info.options, Options{{"map", "nope"}}),
                  OptionError);
  CHECK_THROWS_AS(skirmish::engine::resolve_options(info.options, Options{{"pieces", "SD"}}),
                  OptionError);
  CHECK_THROWS_AS(skirmish::engine::resolve_options(info.options, Options{{"max_turns", "0"}}),
                  OptionError);
}

TEST_CASE("an inline map replaces the map, and a bad one names line and column", "[dcms][options]") {
  const auto& info = game_info();
  auto good = skirmish::engine::resolve_options(
      info.options, Options{{"map", "arena"}, {"map_text", "######\r\n#....#\r\n######\r\n"}});
  const auto state = create_state(good);
  CHECK(state->map().rows == 3);
  CHECK(state->map().cols == 6);
  auto bad = skirmish::engine::resolve_options(
      info.options, Options{{"map_text", "######\n#.x..#\n######\n"}});
  try {
    info.create(bad);
    FAIL("a bad map_text was accepted");
  } catch (const OptionError& e) {
    CHECK_THAT(e.what(), Catch::Contains("map_text"));
    CHECK_THAT(e.what(), Catch::Contains("line 2, column 3"));
  }
}
