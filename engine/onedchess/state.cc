#include "engine/onedchess/state.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "engine/common/turn_based.h"
#include "engine/onedchess/rules.h"

namespace skirmish::engine::onedchess {
namespace {

std::string_view seat_name(Seat seat) { return seat == kWhite ? "white" : "black"; }

}  // namespace

OneDChessState::OneDChessState(int max_turns) : OneDChessState(create_board(), kWhite, max_turns) {}

OneDChessState::OneDChessState(const Board& board, Seat to_move, int max_turns, int turns_played)
    : board_(board), current_(to_move), max_turns_(max_turns), turns_played_(turns_played) {
  for (Cell king : {Cell::WhiteKing, Cell::BlackKing}) {
    if (std::count(board.begin(), board.end(), king) != 1)
      throw std::invalid_argument("a 1D chess position needs exactly one " +
                                  std::string(cell_name(king)) + ", the board has " +
                                  std::to_string(std::count(board.begin(), board.end(), king)));
  }
  if (to_move != kWhite && to_move != kBlack)
    throw std::invalid_argument("seat to move must be 0 (white) or 1 (black), not " +
                                std::to_string(to_move));
  if (max_turns < 0 || turns_played < 0)
    throw std::invalid_argument("max_turns and turns played must not be negative");
  update_outcome();
}

SeatSet OneDChessState::to_act() const {
  return outcome_.over ? SeatSet::none() : SeatSet::only(current_);
}

std::optional<std::string> OneDChessState::check(Seat seat, const Move& move) const {
  if (outcome_.over) return "the game is over";
  if (seat != current_)
    return "it is not your turn: " + std::string(seat_name(current_)) + " to move";
  if (!on_board(move.position))
    return "position " + std::to_string(move.position) + " is off the board (0.." +
           std::to_string(kBoardSize - 1) + ")";
  const Cell cell = board_[static_cast<std::size_t>(move.position)];
  if (cell == Cell::Empty) return "position " + std::to_string(move.position) + " is empty";
  if (owner(cell) != seat)
    return "position " + std::to_string(move.position) + " holds " + std::string(cell_name(cell)) +
           ", a piece of " + std::string(seat_name(owner(cell))) + "; you play " +
           std::string(seat_name(seat));
  return std::nullopt;
}

void OneDChessState::apply_move(const Move& move) {
  const int to = landing_cell(board_, move.position, move.direction);
  const Cell killed = move_piece(board_, move.position, move.direction);
  last_move_ = LastMove{current_, move, move.position, to, killed};
  ++turns_played_;
  current_ = 1 - current_;
  update_outcome();
}

void OneDChessState::update_outcome() {
  // A missing king decides the game before max_turns can make it a draw. Only one piece
  // dies per move, so both kings can never be missing.
  if (const auto king_taker = winner(board_))
    outcome_ = Outcome::win(*king_taker, EndReason::KingTaken);
  else if (max_turns_ > 0 && turns_played_ >= max_turns_)
    outcome_ = Outcome::draw(EndReason::MaxTurns);
  else
    outcome_ = Outcome::ongoing();
}

std::optional<std::string> OneDChessState::check_move(Seat seat, std::string_view text) const {
  if (outcome_.over) return "the game is over";
  if (seat != current_)
    return "it is not your turn: " + std::string(seat_name(current_)) + " to move";
  const auto move = parse_move(text);
  if (!move)
    return "'" + std::string(text) + "' is not a move: expected " + std::string(kMoveForm) +
           ", e.g. \"6 LEFT\"";
  return check(seat, *move);
}

void OneDChessState::apply(const JointMove& moves) {
  if (outcome_.over) throw IllegalMove("the game is over");
  const std::string& text = the_movers_move(*this, moves, current_, seat_name(current_));
  if (auto reason = check_move(current_, text)) throw IllegalMove(*reason);
  apply_move(*parse_move(text));
}

std::vector<std::string> OneDChessState::legal_moves(Seat seat) const {
  std::vector<std::string> moves;
  if (outcome_.over || seat != current_) return moves;
  // Both directions for every own piece: a move that cannot go anywhere still uses the turn.
  for (int position = 0; position < kBoardSize; ++position) {
    if (owner(board_[static_cast<std::size_t>(position)]) != seat) continue;
    moves.push_back(format_move({position, Direction::Left}));
    moves.push_back(format_move({position, Direction::Right}));
  }
  return moves;
}

std::string OneDChessState::random_move(Seat seat, Rng& rng) const {
  if (outcome_.over || seat != current_)
    throw std::logic_error("random_move: " + std::string(seat_name(seat)) + " may not move now");
  std::array<int, kBoardSize> own{};
  std::size_t count = 0;
  for (int position = 0; position < kBoardSize; ++position)
    if (owner(board_[static_cast<std::size_t>(position)]) == seat) own[count++] = position;
  // count >= 1: the seat to move still has its king.
  std::uniform_int_distribution<std::size_t> pick(0, 2 * count - 1);
  const std::size_t choice = pick(rng);
  return format_move({own[choice / 2], choice % 2 == 0 ? Direction::Left : Direction::Right});
}

std::string OneDChessState::render(const Viewer&) const {
  return printable_board(board_);  // nothing is hidden in this game
}

std::string OneDChessState::state_key() const {
  // The board, who moves, and the counters the end depends on. The last-move annotation
  // is left out: it does not change what can happen next.
  std::string key = "onedchess ";
  for (Cell cell : board_) {
    key += cell_name(cell);
    key += ',';
  }
  key += " to_move=";
  key += seat_name(current_);
  key += " turn=" + std::to_string(turns_played_) + " max_turns=" + std::to_string(max_turns_);
  return key;
}

std::unique_ptr<GameState> OneDChessState::clone() const {
  return std::make_unique<OneDChessState>(*this);
}

}  // namespace skirmish::engine::onedchess
