#include "engine/dcms/dcms_state.h"

#include <cassert>
#include <stdexcept>

#include "engine/dcms/move_text.h"
#include "engine/dcms/setup.h"

namespace skirmish::engine::dcms {
namespace {

std::size_t piece_set_index(std::string_view pieces) {
  for (std::size_t i = 0; i < kPieceSets.size(); ++i)
    if (kPieceSets[i] == pieces) return i;
  throw std::invalid_argument("DCMS pieces must be SM, SMC or SMCD, not '" +
                              std::string(pieces) + "'");
}

constexpr std::size_t idx(int i) { return static_cast<std::size_t>(i); }

}  // namespace

DcmsState::DcmsState(std::shared_ptr<const Map> map, std::string_view pieces, int max_turns)
    : map_(std::move(map)), set_index_(piece_set_index(pieces)), max_turns_(max_turns) {
  if (!map_) throw std::invalid_argument("DCMS needs a map");
  if (max_turns < 1)
    throw std::invalid_argument("DCMS max_turns must be at least 1, not " +
                                std::to_string(max_turns));
  piece_count_ = static_cast<int>(kPieceSets[set_index_].size());
}

DcmsState::DcmsState(const Map& map, std::string_view pieces, int max_turns)
    : DcmsState(std::make_shared<const Map>(map), pieces, max_turns) {}

SeatSet DcmsState::to_act() const {
  return phase_ == Phase::Over ? SeatSet::none() : SeatSet::both();
}

std::optional<Pos> DcmsState::position(Seat seat, int piece_index) const {
  if (!is_seat(seat) || piece_index < 0 || piece_index >= piece_count_) return std::nullopt;
  if (!on_board_[idx(seat)][idx(piece_index)]) return std::nullopt;
  return pos_[idx(seat)][idx(piece_index)];
}

std::array<int, 2> DcmsState::score() const {
  std::array<int, 2> score{};
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < piece_count_; ++i) score[idx(s)] += on_board_[idx(s)][idx(i)] ? 1 : 0;
  return score;
}

std::optional<Orders> DcmsState::parse_orders(Seat seat, std::string_view move,
                                              std::string* reason) const {
  return parse_orders_text(seat, pieces(), move, reason);
}

std::optional<std::string> DcmsState::check_move(Seat seat, std::string_view move) const {
  if (!is_seat(seat)) return "there is no seat " + std::to_string(seat);
  if (phase_ == Phase::Over) return std::string("the game is over");
  // Any setup text is accepted: an illegal placement is applied and loses by the rules.
  if (phase_ == Phase::Setup) return std::nullopt;
  std::string reason;
  if (!parse_orders(seat, move, &reason)) return reason;
  return std::nullopt;
}

std::optional<std::string> DcmsState::check_replacement(Seat seat, std::string_view earlier,
                                                        std::string_view move) const {
  if (phase_ != Phase::Setup) return std::nullopt;  // check_move refused an invalid move already
  if (!check_setup(*map_, seat, pieces(), earlier).legal()) return std::nullopt;
  const SetupCheck check = check_setup(*map_, seat, pieces(), move);
  if (check.legal()) return std::nullopt;
  return check.problem + "; not taken: your earlier placement, which is legal, stands";
}

void DcmsState::apply(const JointMove& moves) {
  if (phase_ == Phase::Over) throw IllegalMove("the game is over");
  if (phase_ == Phase::Setup) {
    apply_setup(moves);
    return;
  }
  std::array<std::optional<Orders>, 2> orders;
  for (Seat s = 0; s < 2; ++s) {
    const auto& move = moves[idx(s)];
    if (!move) continue;
    std::string reason;
    orders[idx(s)] = parse_orders(s, *move, &reason);
    if (!orders[idx(s)])
      throw IllegalMove(std::string(seat_name(s)) + "'s move '" + *move + "': " + reason);
  }
  apply_orders(orders[0], orders[1]);
}

void DcmsState::apply_setup(const JointMove& moves) {
  TurnReport report;
  std::array<SetupCheck, 2> checks;
  for (Seat s = 0; s < 2; ++s) {
    const auto& text = moves[idx(s)];
    report.moves[idx(s)] = text;
    if (!text)
      checks[idx(s)].problem = "no placement submitted";
    else
      checks[idx(s)] = check_setup(*map_, s, pieces(), *text);
    report.illegal_setup[idx(s)] = !checks[idx(s)].legal();
    report.setup_problem[idx(s)] = checks[idx(s)].problem;
    if (!checks[idx(s)].legal()) continue;
    for (int i = 0; i < piece_count_; ++i) {
      pos_[idx(s)][idx(i)] = checks[idx(s)].positions[idx(i)];
      on_board_[idx(s)][idx(i)] = true;
    }
  }
  ++turn_;
  const bool blue_bad = report.illegal_setup[0], red_bad = report.illegal_setup[1];
  if (blue_bad && red_bad) {
    outcome_ = Outcome::draw(EndReason::IllegalSetup);
  } else if (blue_bad || red_bad) {
    outcome_ = Outcome::win(blue_bad ? kRed : kBlue, EndReason::IllegalSetup);
  }
  phase_ = outcome_.over ? Phase::Over : Phase::Play;
  last_turn_.report = std::move(report);
  last_turn_.keep_room();
}

void DcmsState::move_pieces(Seat seat, const Orders* orders) {
  if (!orders) return;  // a null move: nothing moves
  for (int i = 1; i < piece_count_; ++i) {
    if (!on_board_[idx(seat)][idx(i)]) continue;  // naming a captured piece has no effect
    const auto d = idx(orders->direction[idx(i)]);
    assert(d >= 1 && d <= 9);
    Pos& p = pos_[idx(seat)][idx(i)];
    const int r = p.row + kDirRow[d], c = p.col + kDirCol[d];
    if (!map_->wall(r, c)) p = {r, c};  // a piece moving into a wall stays
  }
}

void DcmsState::resolve_captures(TurnReport& report) {
  // Rank by rank from the cheeSe up; each rank sees the board as it is when it starts, and
  // all of its removals happen together.
  for (int rank = 0; rank < piece_count_; ++rank) {
    std::array<bool, 2> removed{};
    for (Seat s = 0; s < 2; ++s) {
      if (!on_board_[idx(s)][idx(rank)]) continue;
      const Pos at = pos_[idx(s)][idx(rank)];
      const Seat e = 1 - s;
      const bool fight = on_board_[idx(e)][idx(rank)] && pos_[idx(e)][idx(rank)] == at;
      const bool eaten = rank + 1 < piece_count_ && on_board_[idx(e)][idx(rank + 1)] &&
                         pos_[idx(e)][idx(rank + 1)] == at;
      if (!fight && !eaten) continue;
      removed[idx(s)] = true;
      report.captures.push_back(
          {s, piece_letter(s, rank), at, fight ? Capture::Why::Fight : Capture::Why::Eaten});
    }
    for (Seat s = 0; s < 2; ++s)
      if (removed[idx(s)]) on_board_[idx(s)][idx(rank)] = false;
  }
}

void DcmsState::decide_end() {
  const bool blue_lost = !on_board_[0][0], red_lost = !on_board_[1][0];
  if (blue_lost && red_lost) {
    outcome_ = Outcome::draw(EndReason::CheeseEaten);
  } else if (blue_lost || red_lost) {
    outcome_ = Outcome::win(blue_lost ? kRed : kBlue, EndReason::CheeseEaten);
  } else if (turn_ - 1 >= max_turns_) {  // turn_ counts the setup as turn 1
    const auto s = score();
    outcome_ = s[0] == s[1] ? Outcome::draw(EndReason::Score)
                            : Outcome::win(s[0] > s[1] ? kBlue : kRed, EndReason::Score);
  }
  if (outcome_.over) phase_ = Phase::Over;
}

void DcmsState::apply_orders(const std::optional<Orders>& blue, const std::optional<Orders>& red) {
  assert(phase_ == Phase::Play);
  if (!last_turn_.report) {
    last_turn_.report.emplace();
    last_turn_.keep_room();
  }
  TurnReport& report = *last_turn_.report;
  // Record the moves as applied before anything moves or dies (string storage is reused).
  const std::array<const Orders*, 2> orders{blue ? &*blue : nullptr, red ? &*red : nullptr};
  for (Seat s = 0; s < 2; ++s) {
    auto& text = report.moves[idx(s)];
    if (!orders[idx(s)]) {
      text.reset();
      continue;
    }
    if (!text) text.emplace();
    format_orders(s, pieces(), *orders[idx(s)], on_board_[idx(s)], *text);
  }
  report.captures.clear();  // keeps its room for 2 * kMaxPieces captures
  report.illegal_setup = {};
  for (auto& problem : report.setup_problem) problem.clear();

  move_pieces(kBlue, orders[0]);
  move_pieces(kRed, orders[1]);
  resolve_captures(report);
  ++turn_;
  decide_end();
}

Orders DcmsState::random_orders(Seat seat, Rng& rng) const {
  std::uniform_int_distribution<int> direction(1, 9);
  Orders orders;
  for (int i = 1; i < piece_count_; ++i)
    if (on_board_[idx(seat)][idx(i)])
      orders.direction[idx(i)] = static_cast<std::int8_t>(direction(rng));
  return orders;
}

std::vector<std::string> DcmsState::legal_moves(Seat seat) const {
  std::vector<std::string> moves;
  if (phase_ != Phase::Play || !is_seat(seat)) return moves;
  std::vector<int> movers;
  for (int i = 1; i < piece_count_; ++i)
    if (on_board_[idx(seat)][idx(i)]) movers.push_back(i);
  // Count through every combination of directions 1..9, the last mover fastest.
  Orders orders;
  for (int i : movers) orders.direction[idx(i)] = 1;
  while (true) {
    std::string text;
    format_orders(seat, pieces(), orders, on_board_[idx(seat)], text);
    moves.push_back(std::move(text));
    std::size_t k = movers.size();
    while (k > 0 && orders.direction[idx(movers[k - 1])] == 9) {
      orders.direction[idx(movers[k - 1])] = 1;
      --k;
    }
    if (k == 0) break;
    ++orders.direction[idx(movers[k - 1])];
  }
  return moves;
}

std::string DcmsState::random_move(Seat seat, Rng& rng) const {
  if (phase_ == Phase::Setup) return random_setup(*map_, seat, pieces(), rng);
  std::string text;
  format_orders(seat, pieces(), random_orders(seat, rng), on_board_[idx(seat)], text);
  return text;
}

std::unique_ptr<GameState> DcmsState::clone() const { return std::make_unique<DcmsState>(*this); }

}  // namespace skirmish::engine::dcms
