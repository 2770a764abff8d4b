#pragma once
// A Tactego game in progress: the board, whose turn, what has been revealed, the outcome.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/common/game.h"
#include "engine/tactego/board_view.h"
#include "engine/tactego/combat.h"
#include "engine/tactego/move.h"
#include "engine/tactego/pieces.h"
#include "engine/tactego/placement.h"

namespace skirmish::engine::tactego {

struct TactegoSetup {
  int rows = 10;
  int cols = 10;
  bool fog = false;
  int max_turns = 0;  // total moves of both players; 0 = off
  std::string seed;   // the placement's seed string (informational for custom layouts)
};

class TactegoState final : public GameState {
 public:
  // The seeds' game: `pieces` per side, placed from `setup.seed`. Throws std::invalid_argument
  // when the board is too small (game_info's create turns that into an OptionError).
  TactegoState(const TactegoSetup& setup, const std::vector<Piece>& pieces);
  // Any layout (scenario tests, puzzles); `to_move` moves first. Throws std::invalid_argument
  // for a piece off the board or two pieces on one cell.
  TactegoState(const TactegoSetup& setup, const std::vector<PlacedPiece>& layout,
               Seat to_move = 0);

  // GameState
  std::string_view game_name() const override { return "tactego"; }
  bool simultaneous() const override { return false; }
  SeatSet to_act() const override;
  int turn() const override { return turn_; }
  std::optional<std::string> check_move(Seat seat, std::string_view move) const override;
  void apply(const JointMove& moves) override;
  std::vector<std::string> legal_moves(Seat seat) const override;
  std::string random_move(Seat seat, Rng& rng) const override;
  Outcome outcome() const override { return outcome_; }
  std::string render(const Viewer& viewer) const override;
  std::string state_key() const override;
  std::unique_ptr<GameState> clone() const override;

  // Typed API
  Seat current() const { return current_; }
  bool fog() const { return setup_.fog; }
  int rows() const { return setup_.rows; }
  int cols() const { return setup_.cols; }
  int max_turns() const { return setup_.max_turns; }
  const std::string& seed() const { return setup_.seed; }
  // nullopt when `seat` may play `move` now, else the reason (first broken rule first).
  std::optional<std::string> check(Seat seat, const Move& move) const;
  // Precondition: check(current(), move) is nullopt. Allocates nothing.
  void apply_move(const Move& move);
  // The legal moves of the player to move (none once over), row-major by start square.
  void legal_moves(std::vector<Move>& out) const;
  BoardView view(const Viewer& viewer) const;
  // The same into `board`, reusing its storage: the server draws two views per move.
  void view_into(const Viewer& viewer, BoardView& board) const;
  const std::optional<LastMove>& last_move() const { return last_move_; }
  int flags_left(Seat seat) const { return flags_[static_cast<std::size_t>(seat)]; }
  int pieces_left(Seat seat) const { return pieces_[static_cast<std::size_t>(seat)]; }

 private:
  struct Cell {
    std::int8_t owner = -1;  // -1 empty
    bool revealed = false;
    Piece piece;
  };

  bool on_board(Pos p) const { return p.row >= 0 && p.row < rows() && p.col >= 0 && p.col < cols(); }
  int index(Pos p) const { return p.row * cols() + p.col; }
  const Cell& cell(Pos p) const { return cells_[static_cast<std::size_t>(index(p))]; }
  Cell& cell(Pos p) { return cells_[static_cast<std::size_t>(index(p))]; }
  bool piece_can_move(Pos from) const;
  bool has_legal_move(Seat seat);
  void remove_piece(Cell& c);
  void check_end_after_move(Seat mover);
  bool visible_to(const Cell& c, const Viewer& viewer) const;

  TactegoSetup setup_;
  std::vector<Cell> cells_;
  std::array<int, kSeatCount> flags_{};
  std::array<int, kSeatCount> pieces_{};
  std::array<int, kSeatCount> scan_start_{};  // where a seat's last found movable piece was
  int cell_width_ = 3;                         // render width, from the whole set (no leaks)
  Seat current_ = 0;
  int turn_ = 0;
  Outcome outcome_;
  std::optional<LastMove> last_move_;
};

}  // namespace skirmish::engine::tactego
