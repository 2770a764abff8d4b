#pragma once
// A game of 1D chess in progress: the board, whose turn it is, the move count and the end.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/game.h"
#include "engine/onedchess/board.h"
#include "engine/onedchess/move.h"

namespace skirmish::engine::onedchess {

// What the last move did, for clients that animate it.
struct LastMove {
  Seat seat = kWhite;
  Move move;
  int from = 0;
  int to = 0;             // == from when the piece could not move
  Cell killed = Cell::Empty;  // Empty if nothing was killed
  bool operator==(const LastMove&) const = default;
};

class OneDChessState final : public GameState {
 public:
  // The starting position, White to move. max_turns: total moves of both players after
  // which the game is a draw; 0 = no limit.
  explicit OneDChessState(int max_turns = 0);
  // Any position (for tests and analysis). Throws std::invalid_argument unless each side
  // has exactly one king, `to_move` is 0 or 1, and the counts are not negative.
  OneDChessState(const Board& board, Seat to_move, int max_turns = 0, int turns_played = 0);

  const Board& board() const { return board_; }
  Seat current() const { return current_; }
  int max_turns() const { return max_turns_; }
  const std::optional<LastMove>& last_move() const { return last_move_; }

  // Typed fast path: nullopt when `seat` may play `move` now, otherwise the reason.
  std::optional<std::string> check(Seat seat, const Move& move) const;
  // Plays `move` for the seat to move. Precondition: check(current(), move) passed.
  // Never allocates.
  void apply_move(const Move& move);

  // GameState
  std::string_view game_name() const override { return "onedchess"; }
  bool simultaneous() const override { return false; }
  SeatSet to_act() const override;
  int turn() const override { return turns_played_; }
  std::optional<std::string> check_move(Seat seat, std::string_view move) const override;
  void apply(const JointMove& moves) override;
  std::vector<std::string> legal_moves(Seat seat) const override;
  std::string random_move(Seat seat, Rng& rng) const override;
  Outcome outcome() const override { return outcome_; }
  std::string render(const Viewer& viewer) const override;
  std::string state_key() const override;
  std::unique_ptr<GameState> clone() const override;

 private:
  void update_outcome();

  Board board_;
  Seat current_ = kWhite;
  int max_turns_ = 0;
  int turns_played_ = 0;
  std::optional<LastMove> last_move_;
  Outcome outcome_;
};

}  // namespace skirmish::engine::onedchess
