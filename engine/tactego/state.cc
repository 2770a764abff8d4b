#include "engine/tactego/state.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "engine/common/turn_based.h"

namespace skirmish::engine::tactego {
namespace {

constexpr std::array<const char*, kSeatCount> kSeatNames{"red", "blue"};
constexpr std::array<char, kSeatCount> kSeatLetters{'R', 'B'};

std::string describe(Pos p) {
  return "(row " + std::to_string(p.row) + ", col " + std::to_string(p.col) + ")";
}

std::vector<PlacedPiece> checked_placement(const TactegoSetup& setup,
                                           const std::vector<Piece>& pieces) {
  if (auto why = board_too_small(static_cast<int>(pieces.size()), setup.rows, setup.cols))
    throw std::invalid_argument(*why);
  return place_pieces(pieces, setup.rows, setup.cols, setup.seed);
}

}  // namespace

TactegoState::TactegoState(const TactegoSetup& setup, const std::vector<Piece>& pieces)
    : TactegoState(setup, checked_placement(setup, pieces), 0) {}

TactegoState::TactegoState(const TactegoSetup& setup, const std::vector<PlacedPiece>& layout,
                           Seat to_move)
    : setup_(setup), current_(to_move) {
  if (setup.rows < 1 || setup.cols < 1)
    throw std::invalid_argument("the board needs at least one row and one column");
  if (to_move != 0 && to_move != 1) throw std::invalid_argument("the seat to move must be 0 or 1");
  cells_.assign(static_cast<std::size_t>(setup.rows * setup.cols), Cell{});
  for (const PlacedPiece& placed : layout) {
    if (!on_board(placed.pos))
      throw std::invalid_argument("piece placed off the board at " + describe(placed.pos));
    if (placed.owner != 0 && placed.owner != 1)
      throw std::invalid_argument("piece at " + describe(placed.pos) + " has no seat 0 or 1");
    Cell& c = cell(placed.pos);
    if (c.owner >= 0) throw std::invalid_argument("two pieces placed at " + describe(placed.pos));
    c.owner = static_cast<std::int8_t>(placed.owner);
    c.piece = placed.piece;
    const auto seat = static_cast<std::size_t>(placed.owner);
    ++pieces_[seat];
    if (placed.piece.kind == Kind::Flag) ++flags_[seat];
    cell_width_ = std::max(cell_width_, 1 + static_cast<int>(symbol(placed.piece).size()));
  }
  for (Seat seat = 0; seat < kSeatCount; ++seat)
    if (flags_[static_cast<std::size_t>(seat)] == 0)
      throw std::invalid_argument(std::string(kSeatNames[static_cast<std::size_t>(seat)]) +
                                  " has no flag, so the game could never be won");
  // The end checks apply before the first move too: a player who cannot move loses.
  if (!has_legal_move(current_)) outcome_ = Outcome::win(1 - current_, EndReason::NoLegalMove);
}

SeatSet TactegoState::to_act() const {
  return outcome_.over ? SeatSet::none() : SeatSet::only(current_);
}

std::optional<std::string> TactegoState::check(Seat seat, const Move& move) const {
  if (outcome_.over) return "the game is over";
  if (seat != current_)
    return "it is not your turn: " + std::string(kSeatNames[static_cast<std::size_t>(current_)]) +
           " moves now";
  const std::string board = "the board has rows 0.." + std::to_string(rows() - 1) +
                            " and columns 0.." + std::to_string(cols() - 1);
  if (!on_board(move.from)) return "the start " + describe(move.from) + " is off the board; " + board;
  if (!on_board(move.to)) return "the end " + describe(move.to) + " is off the board; " + board;
  const Cell& from = cell(move.from);
  if (from.owner < 0) return "the start " + describe(move.from) + " is empty; select one of your pieces";
  if (from.owner != seat)
    return "the start " + describe(move.from) + " holds an enemy piece; select one of your pieces";
  if (from.piece.kind == Kind::Flag) return "the flag at " + describe(move.from) + " cannot move";
  if (from.piece.kind == Kind::Mine) return "the mine at " + describe(move.from) + " cannot move";
  const int dr = std::abs(move.to.row - move.from.row);
  const int dc = std::abs(move.to.col - move.from.col);
  if (dr == 0 && dc == 0)
    return "the end " + describe(move.to) + " is the start: a piece must move one square";
  if (std::max(dr, dc) != 1)
    return "the end " + describe(move.to) + " is not one step from the start " +
           describe(move.from) + "; move one square up, down, left, right or diagonally";
  if (cell(move.to).owner == seat)
    return "the end " + describe(move.to) + " holds one of your own pieces";
  return std::nullopt;
}

std::optional<std::string> TactegoState::check_move(Seat seat, std::string_view text) const {
  if (outcome_.over) return "the game is over";
  if (seat != current_) return check(seat, Move{});
  const auto move = parse_move(text);
  if (!move) return "malformed move '" + std::string(text) + "': " + std::string(kMoveFormatHelp);
  return check(seat, *move);
}

void TactegoState::remove_piece(Cell& c) {
  const auto seat = static_cast<std::size_t>(c.owner);
  --pieces_[seat];
  if (c.piece.kind == Kind::Flag) --flags_[seat];
  c = Cell{};
}

void TactegoState::apply_move(const Move& move) {
  const Seat mover = current_;
  Cell& from = cell(move.from);
  Cell& to = cell(move.to);
  LastMove last{mover, move, std::nullopt};
  if (to.owner >= 0) {
    const CombatResult result = resolve_combat(from.piece, to.piece);
    last.combat = Combat{move.to, from.piece, to.piece, result};
    // Both fighters are revealed for good; only the survivor is still on the board.
    if (result == CombatResult::AttackerWon) {
      remove_piece(to);
      to = from;
      to.revealed = true;
      from = Cell{};
    } else {
      remove_piece(from);
      to.revealed = true;
    }
  } else {
    to = from;
    from = Cell{};
  }
  last_move_ = last;
  ++turn_;
  current_ = 1 - mover;
  check_end_after_move(mover);
}

void TactegoState::check_end_after_move(Seat mover) {
  if (flags_[static_cast<std::size_t>(1 - mover)] == 0)
    outcome_ = Outcome::win(mover, EndReason::FlagCaptured);
  else if (setup_.max_turns > 0 && turn_ >= setup_.max_turns)
    outcome_ = Outcome::draw(EndReason::MaxTurns);
  else if (!has_legal_move(current_))
    outcome_ = Outcome::win(mover, EndReason::NoLegalMove);
}

bool TactegoState::piece_can_move(Pos from) const {
  const int owner = cell(from).owner;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      const Pos to{from.row + dr, from.col + dc};
      if ((dr != 0 || dc != 0) && on_board(to) && cell(to).owner != owner) return true;
    }
  return false;
}

// Scans from where this seat last had a movable piece: that piece usually still can move,
// which keeps the end check after each move cheap.
bool TactegoState::has_legal_move(Seat seat) {
  const int count = static_cast<int>(cells_.size());
  int& start = scan_start_[static_cast<std::size_t>(seat)];
  for (int k = 0; k < count; ++k) {
    const int i = (start + k) % count;
    const Cell& c = cells_[static_cast<std::size_t>(i)];
    if (c.owner == seat && can_move(c.piece) && piece_can_move({i / cols(), i % cols()})) {
      start = i;
      return true;
    }
  }
  return false;
}

void TactegoState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (outcome_.over) return;
  for (int r = 0; r < rows(); ++r)
    for (int c = 0; c < cols(); ++c) {
      const Cell& here = cells_[static_cast<std::size_t>(r * cols() + c)];
      if (here.owner != current_ || !can_move(here.piece)) continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const Pos to{r + dr, c + dc};
          if ((dr != 0 || dc != 0) && on_board(to) && cell(to).owner != current_)
            out.push_back({{r, c}, to});
        }
    }
}

std::vector<std::string> TactegoState::legal_moves(Seat seat) const {
  std::vector<std::string> texts;
  if (outcome_.over || seat != current_) return texts;
  std::vector<Move> moves;
  legal_moves(moves);
  texts.reserve(moves.size());
  for (const Move& move : moves) texts.push_back(format_move(move));
  return texts;
}

std::string TactegoState::random_move(Seat seat, Rng& rng) const {
  if (outcome_.over || seat != current_)
    throw std::logic_error("random_move: seat " + std::to_string(seat) + " does not act now");
  std::vector<Move> moves;
  legal_moves(moves);
  std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
  return format_move(moves[pick(rng)]);
}

void TactegoState::apply(const JointMove& moves) {
  if (outcome_.over) throw IllegalMove("the game is over");
  const std::string& text = the_movers_move(*this, moves, current_, kSeatNames[static_cast<std::size_t>(current_)]);
  if (auto reason = check_move(current_, text)) throw IllegalMove(*reason);
  apply_move(*parse_move(text));
}

bool TactegoState::visible_to(const Cell& c, const Viewer& viewer) const {
  if (!setup_.fog || viewer.kind == Viewer::Kind::Full || c.revealed) return true;
  return viewer.kind == Viewer::Kind::Player && viewer.seat == c.owner;
}

BoardView TactegoState::view(const Viewer& viewer) const {
  BoardView board;
  view_into(viewer, board);
  return board;
}

void TactegoState::view_into(const Viewer& viewer, BoardView& board) const {
  board.rows = rows();
  board.cols = cols();
  board.cells.assign(cells_.size(), CellView{});
  for (std::size_t i = 0; i < cells_.size(); ++i) {
    const Cell& c = cells_[i];
    if (c.owner < 0) continue;
    CellView& out = board.cells[i];
    out.owner = c.owner;
    out.revealed = c.revealed;
    if (visible_to(c, viewer)) out.piece = c.piece;
  }
}

std::string TactegoState::render(const Viewer& viewer) const {
  return render_board(view(viewer), cell_width_);
}

std::string TactegoState::state_key() const {
  std::string key = "tactego " + std::to_string(rows()) + "x" + std::to_string(cols()) +
                    " fog=" + (fog() ? "1" : "0") + " max_turns=" +
                    std::to_string(setup_.max_turns) + " turn=" + std::to_string(turn_) +
                    " to_move=" + std::to_string(current_) + " outcome=";
  key += outcome_.over ? std::to_string(outcome_.winner) + "/" + std::string(to_string(outcome_.reason))
                       : "ongoing";
  for (int r = 0; r < rows(); ++r) {
    key += '\n';
    for (int c = 0; c < cols(); ++c) {
      const Cell& here = cell({r, c});
      if (c > 0) key += ' ';
      if (here.owner < 0) {
        key += '.';
        continue;
      }
      key += kSeatLetters[static_cast<std::size_t>(here.owner)];
      key += symbol(here.piece);
      if (here.revealed) key += '*';
    }
  }
  return key;
}

std::unique_ptr<GameState> TactegoState::clone() const {
  return std::make_unique<TactegoState>(*this);
}

}  // namespace skirmish::engine::tactego
