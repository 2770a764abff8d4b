// The registry: every game is listed with its options, creates from defaults, and refuses
// unknown games and options with a message naming them.
#include "engine/registry.h"

#include <catch2/catch.hpp>

#include <set>

using namespace skirmish::engine;

// The one test that names the hosted games; every other test goes through all_games().
TEST_CASE("the registry lists the three games with distinct names", "[registry]") {
  std::set<std::string> names;
  for (const GameInfo* game : all_games()) {
    names.insert(game->name);
    CHECK_FALSE(game->title.empty());
    CHECK(game->create != nullptr);
    CHECK(find_game(game->name) == game);
  }
  CHECK(names == std::set<std::string>{"tactego", "dcms", "onedchess"});
  CHECK(find_game("chess") == nullptr);
  CHECK(find_game("dcms")->simultaneous);
  CHECK_FALSE(find_game("tactego")->simultaneous);
  CHECK(find_game("dcms")->setup_turn);
  CHECK(find_game("dcms")->default_move_time_ms == 5000);  // rules.md: DCMS is a bot game
  CHECK(find_game("onedchess")->default_move_time_ms == 0);
}

TEST_CASE("every game starts from its defaults with a seat to act", "[registry]") {
  for (const GameInfo* game : all_games()) {
    INFO(game->name);
    auto state = create_game(game->name, Options{});
    CHECK(state->game_name() == game->name);
    CHECK_FALSE(state->outcome().over);
    CHECK_FALSE(state->to_act().empty());
    CHECK(state->turn() == 0);
    CHECK(state->simultaneous() == game->simultaneous);
  }
}

TEST_CASE("every option default is accepted by its own spec", "[registry]") {
  for (const GameInfo* game : all_games()) {
    INFO(game->name);
    Options resolved = resolve_options(game->options, Options{});
    CHECK(resolved.values().size() == game->options.size());
  }
}

TEST_CASE("unknown games and options are refused by name", "[registry]") {
  CHECK_THROWS_WITH(create_game("chess", Options{}), Catch::Contains("unknown game 'chess'"));
  CHECK_THROWS_WITH(create_game("onedchess", Options{{"colour", "red"}}),
                    Catch::Contains("unknown option 'colour'"));
  CHECK_THROWS_AS(create_game("tactego", Options{{"length", "-3"}}), OptionError);
}

TEST_CASE("end reasons round-trip through their names", "[outcome]") {
  for (auto reason : {EndReason::FlagCaptured, EndReason::KingTaken, EndReason::CheeseEaten,
                      EndReason::Score, EndReason::NoLegalMove, EndReason::MaxTurns,
                      EndReason::IllegalSetup, EndReason::Resignation, EndReason::Timeout,
                      EndReason::Forfeit, EndReason::Crash}) {
    auto name = to_string(reason);
    CHECK(name != "unknown");
    CHECK(end_reason_from_string(name) == reason);
  }
  CHECK_FALSE(end_reason_from_string("bored").has_value());
}
