// A stored game (options plus turns) replays to the same state; a bad record is refused
// with the turn that is wrong.
#include "engine/record.h"

#include <catch2/catch.hpp>

#include "engine/registry.h"

using namespace skirmish::engine;

TEST_CASE("replaying a recorded random game rebuilds the same state, for every game", "[replay]") {
  for (const GameInfo* game : all_games()) {
    INFO(game->name);
    Rng rng(7);
    // Short games where the game has a turn limit (random play can wander for long).
    Options options;
    for (const OptionSpec& option : game->options)
      if (option.name == "max_turns") options.set("max_turns", "40");
    GameRecord record{game->name, options, {}};
    auto live = create_game(record.game, record.options);
    while (!live->outcome().over) {
      JointMove moves;
      for (Seat seat = 0; seat < kSeatCount; ++seat)
        if (live->to_act().contains(seat))
          moves[static_cast<std::size_t>(seat)] = live->random_move(seat, rng);
      live->apply(moves);
      record.turns.push_back(moves);
    }
    auto replayed = replay(record);
    CHECK(replayed->state_key() == live->state_key());
    CHECK(replayed->outcome() == live->outcome());
    CHECK(replayed->turn() == live->turn());
  }
}

TEST_CASE("a record with an illegal move names the turn", "[replay]") {
  GameRecord record{"onedchess", Options{}, {}};
  record.turns.push_back(JointMove{std::string("2 RIGHT"), std::nullopt});
  record.turns.push_back(JointMove{std::nullopt, std::string("0 RIGHT")});  // white's king
  CHECK_THROWS_WITH(replay(record), Catch::StartsWith("turn 2: "));
}
