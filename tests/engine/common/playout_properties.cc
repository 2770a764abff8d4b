#include "engine/common/playout_properties.h"

#include <catch2/catch.hpp>

#include <algorithm>


namespace skirmish::test {
namespace {

using engine::GameState;
using engine::JointMove;
using engine::Seat;

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// Every listed move is accepted; every refused candidate leaves the state untouched.
void check_moves_of_seat(const PlayoutConfig& config, GameState& state, Seat seat,
                         engine::Rng& rng, PlayoutStats& stats) {
  const auto legal = state.legal_moves(seat);
  for (const auto& move : legal) {
    INFO("seat " << seat << " listed move '" << move << "'");
    REQUIRE_FALSE(state.check_move(seat, move).has_value());
    ++stats.legal_checked;
  }
  if (!config.illegal_candidates) return;
  const std::string key_before = state.state_key();
  for (const auto& candidate : config.illegal_candidates(state, seat, rng)) {
    auto reason = state.check_move(seat, candidate);
    INFO("seat " << seat << " candidate '" << candidate << "'");
    if (config.legal_list_is_complete && !state.simultaneous()) {
      REQUIRE(reason.has_value() == !contains(legal, candidate));
    }
    if (!reason) continue;
    REQUIRE_FALSE(reason->empty());
    JointMove moves;
    moves[static_cast<std::size_t>(seat)] = candidate;
    REQUIRE_THROWS_AS(state.apply(moves), engine::IllegalMove);
    REQUIRE(state.state_key() == key_before);
    ++stats.illegal_refused;
  }
}

std::string ending_name(const engine::Outcome& outcome) {
  std::string who = outcome.is_draw() ? "draw" : "seat" + std::to_string(outcome.winner);
  return who + "/" + std::string(engine::to_string(outcome.reason));
}

}  // namespace

PlayoutStats run_playout_properties(const PlayoutConfig& config, std::uint64_t seed) {
  engine::Rng rng(seed);
  PlayoutStats stats;
  for (int game = 0; game < config.playouts; ++game) {
    const engine::Options options =
        engine::resolve_options(config.game->options, config.make_options ? config.make_options(rng) : engine::Options{});
    std::vector<JointMove> turns;
    INFO("playout " << game << " of " << config.game->name);
    auto state = config.game->create(options);
    int steps = 0;
    while (!state->outcome().over) {
      REQUIRE(steps++ < config.max_steps);
      const auto acting = state->to_act();
      REQUIRE_FALSE(acting.empty());
      JointMove moves;
      std::uniform_real_distribution<double> coin(0.0, 1.0);
      for (Seat seat = 0; seat < engine::kSeatCount; ++seat) {
        if (!acting.contains(seat)) {
          REQUIRE(state->check_move(seat, "0").has_value());  // a seat not to move is refused
          continue;
        }
        check_moves_of_seat(config, *state, seat, rng, stats);
        if (state->simultaneous() && coin(rng) < config.null_move_chance) continue;
        auto move = state->random_move(seat, rng);
        INFO("random move '" << move << "'");
        REQUIRE_FALSE(state->check_move(seat, move).has_value());
        moves[static_cast<std::size_t>(seat)] = std::move(move);
      }
      auto before = state->clone();
      state->apply(moves);
      turns.push_back(moves);
      ++stats.turns;
      if (config.check_transition) config.check_transition(*before, *state, moves);
    }
    REQUIRE(state->to_act().empty());
    for (Seat seat = 0; seat < engine::kSeatCount; ++seat)
      REQUIRE(state->legal_moves(seat).empty());
    auto replayed = config.game->create(options);  // the options plus the turns rebuild it
    for (const auto& turn : turns) replayed->apply(turn);
    REQUIRE(replayed->state_key() == state->state_key());
    REQUIRE(replayed->outcome() == state->outcome());
    ++stats.endings[ending_name(state->outcome())];
    ++stats.games;
  }
  return stats;
}

}  // namespace skirmish::test
