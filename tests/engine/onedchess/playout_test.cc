// Random playouts through the shared property checker, plus a 1D chess transition check:
// pieces only disappear by being killed on the landing cell.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "engine/common/playout_properties.h"
#include "engine/onedchess/onedchess.h"

namespace oc = skirmish::engine::onedchess;
using oc::Cell;
using skirmish::engine::GameState;
using skirmish::engine::Rng;
using skirmish::engine::Seat;

namespace {

std::vector<std::string> illegal_candidates(const GameState& state, Seat seat, Rng& rng) {
  const auto& chess = dynamic_cast<const oc::OneDChessState&>(state);
  std::uniform_int_distribution<int> cell(0, oc::kBoardSize - 1);
  std::uniform_int_distribution<int> far(-20, 30);
  std::vector<std::string> candidates{"9 LEFT", "-1 RIGHT", std::to_string(far(rng)) + " LEFT",
                                      "", "3", "LEFT", "3 left", "3  RIGHT", " 2 LEFT",
                                      "2 LEFT ", "+2 RIGHT", "02 LEFT", "x RIGHT", "4 UP"};
  // A few cells at random: an opponent's piece, an empty cell, or (legal) an own piece.
  for (int i = 0; i < 3; ++i) {
    const int position = cell(rng);
    candidates.push_back(std::to_string(position) + (i % 2 ? " LEFT" : " RIGHT"));
  }
  for (int position = 0; position < oc::kBoardSize; ++position) {
    const Cell cell_here = chess.board()[static_cast<std::size_t>(position)];
    if (cell_here == oc::Cell::Empty || oc::owner(cell_here) != seat)
      candidates.push_back(std::to_string(position) + " LEFT");
  }
  return candidates;
}

void check_transition(const GameState& before_state, const GameState& after_state,
                      const skirmish::engine::JointMove&) {
  const auto& before = dynamic_cast<const oc::OneDChessState&>(before_state);
  const auto& after = dynamic_cast<const oc::OneDChessState&>(after_state);
  REQUIRE(after.turn() == before.turn() + 1);
  REQUIRE(after.current() == 1 - before.current());
  REQUIRE(after.last_move().has_value());
  const oc::LastMove& last = *after.last_move();
  REQUIRE(last.seat == before.current());
  const auto at = [](const oc::Board& board, int i) { return board[static_cast<std::size_t>(i)]; };
  const Cell mover = at(before.board(), last.from);
  REQUIRE(oc::owner(mover) == before.current());

  int vanished = 0;
  for (int i = 0; i < oc::kBoardSize; ++i) {
    const bool was = at(before.board(), i) != Cell::Empty;
    const bool is = at(after.board(), i) != Cell::Empty;
    vanished += was ? 1 : 0;
    vanished -= is ? 1 : 0;
  }
  REQUIRE(vanished >= 0);
  REQUIRE(vanished <= 1);
  if (last.to == last.from) {
    REQUIRE(after.board() == before.board());
    REQUIRE(last.killed == Cell::Empty);
    return;
  }
  // The mover now stands on the landing cell; whatever stood there is the one killed.
  REQUIRE(at(after.board(), last.to) == mover);
  REQUIRE(at(after.board(), last.from) == Cell::Empty);
  REQUIRE(last.killed == at(before.board(), last.to));
  REQUIRE(vanished == (last.killed == Cell::Empty ? 0 : 1));
  for (int i = 0; i < oc::kBoardSize; ++i)
    if (i != last.from && i != last.to) REQUIRE(at(after.board(), i) == at(before.board(), i));
  // A king crosses only empty cells; a knight moves exactly two.
  if (oc::is_knight(mover)) REQUIRE(std::abs(last.to - last.from) == 2);
  if (oc::is_king(mover)) {
    const int step = last.to > last.from ? 1 : -1;
    for (int i = last.from + step; i != last.to; i += step)
      REQUIRE(at(before.board(), i) == Cell::Empty);
  }
}

}  // namespace

TEST_CASE("random playouts keep every property", "[onedchess][playout]") {
  skirmish::test::PlayoutConfig config;
  config.game = &oc::game_info();
  config.playouts = 3000;
  config.max_steps = 400;
  config.make_options = [](Rng& rng) {
    std::uniform_int_distribution<int> turns(1, 300);
    return skirmish::engine::Options{{"max_turns", std::to_string(turns(rng))}};
  };
  config.illegal_candidates = illegal_candidates;
  config.check_transition = check_transition;
  const auto stats = skirmish::test::run_playout_properties(config, 20261121);
  CHECK(stats.games == 3000);
  CHECK(stats.illegal_refused > 0);
  // Random play reaches every ending: both sides win by taking a king, and draws happen.
  CHECK(stats.endings.count("seat0/king_taken") == 1);
  CHECK(stats.endings.count("seat1/king_taken") == 1);
  CHECK(stats.endings.count("draw/max_turns") == 1);
}
