// Thousands of random playouts through the shared property checker, with Tactego's own
// illegal candidates and a check that pieces only disappear through combat.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/common/playout_properties.h"
#include "scenario.h"

using namespace skirmish::engine;
using namespace skirmish::test::tactego;
using skirmish::test::PlayoutConfig;

namespace {

const TactegoState& as_tactego(const GameState& state) {
  return dynamic_cast<const TactegoState&>(state);
}

Options small_board_options(Rng& rng) {
  static const std::vector<std::string> sets{"small_game", "assassins", "inline"};
  const std::string set = sets[std::uniform_int_distribution<std::size_t>(0, 2)(rng)];
  Options options{{"seed", std::to_string(rng())},
                  {"length", std::to_string(std::uniform_int_distribution<int>(4, 7)(rng))},
                  {"width", std::to_string(std::uniform_int_distribution<int>(4, 6)(rng))},
                  {"max_turns", std::to_string(std::uniform_int_distribution<int>(20, 120)(rng))},
                  {"fog", rng() % 2 ? "true" : "false"}};
  if (set == "inline")
    options.set("pieces_text", "S 1\nM 1\nA 1\n3 1\n2 1\nF 1\n1 1\n10 1\n");
  else
    options.set("pieces", set);
  return options;
}

// The seeds' full game: `basic` on 10 x 10, fog on or off.
Options basic_board_options(Rng& rng) {
  return Options{{"seed", std::to_string(rng())}, {"pieces", "basic"}, {"length", "10"},
                 {"width", "10"},
                 {"max_turns", std::to_string(std::uniform_int_distribution<int>(100, 1000)(rng))},
                 {"fog", rng() % 2 ? "true" : "false"}};
}

// A few of each kind per turn (all of them every turn would make 2000 playouts slow).
std::vector<std::string> illegal_candidates(const GameState& base, Seat seat, Rng& rng) {
  const TactegoState& state = as_tactego(base);
  std::uniform_int_distribution<int> any_row(-1, state.rows()), any_col(-1, state.cols());
  std::vector<std::string> out{"", "garbage", "1 2 3", "1 0 2 0 5", "a b c d", "1.0 0 2 0"};
  std::shuffle(out.begin(), out.end(), rng);
  out.resize(2);
  for (int k = 0; k < 3; ++k)  // random squares, often off the board or not one step
    out.push_back(format_move({{any_row(rng), any_col(rng)}, {any_row(rng), any_col(rng)}}));
  std::vector<std::string> structured;
  const BoardView board = state.view(Viewer::full());
  for (int r = 0; r < board.rows; ++r)
    for (int c = 0; c < board.cols; ++c) {
      const CellView& cell = board.at(r, c);
      if (cell.owner < 0) continue;
      if (cell.owner != seat) {  // an enemy piece
        structured.push_back(format_move({{r, c}, {r + 1, c}}));
        continue;
      }
      structured.push_back(format_move({{r, c}, {r + 2, c}}));  // two steps
      structured.push_back(format_move({{r, c}, {r, c}}));      // its own square
      for (int dr = -1; dr <= 1; ++dr)  // onto own pieces, or a flag or mine moving
        for (int dc = -1; dc <= 1; ++dc) {
          const int tr = r + dr, tc = c + dc;
          if ((dr || dc) && tr >= 0 && tr < board.rows && tc >= 0 && tc < board.cols &&
              (board.at(tr, tc).owner == seat || !can_move(*cell.piece)))
            structured.push_back(format_move({{r, c}, {tr, tc}}));
        }
    }
  std::shuffle(structured.begin(), structured.end(), rng);
  if (structured.size() > 5) structured.resize(5);
  out.insert(out.end(), structured.begin(), structured.end());
  return out;
}

int count_pieces(const BoardView& board, Seat seat) {
  int n = 0;
  for (const CellView& cell : board.cells) n += cell.owner == seat;
  return n;
}

void check_transition(const GameState& before_base, const GameState& after_base,
                      const JointMove& moves) {
  const TactegoState& before = as_tactego(before_base);
  const TactegoState& after = as_tactego(after_base);
  const Seat mover = before.current();
  REQUIRE(moves[static_cast<std::size_t>(mover)].has_value());
  const Move move = *parse_move(*moves[static_cast<std::size_t>(mover)]);
  const BoardView was = before.view(Viewer::full());
  const BoardView now = after.view(Viewer::full());
  REQUIRE(after.last_move().has_value());
  CHECK(after.last_move()->move == move);
  CHECK(after.last_move()->seat == mover);
  CHECK(after.turn() == before.turn() + 1);
  const int total_was = count_pieces(was, 0) + count_pieces(was, 1);
  const int total_now = count_pieces(now, 0) + count_pieces(now, 1);
  const CellView& attacker = was.at(move.from.row, move.from.col);
  const CellView& target = was.at(move.to.row, move.to.col);
  CHECK(now.at(move.from.row, move.from.col).owner == -1);
  if (target.owner < 0) {
    CHECK_FALSE(after.last_move()->combat.has_value());
    CHECK(total_now == total_was);
    CHECK(now.at(move.to.row, move.to.col).owner == mover);
    CHECK(now.at(move.to.row, move.to.col).piece == attacker.piece);
  } else {
    REQUIRE(after.last_move()->combat.has_value());
    const Combat& combat = *after.last_move()->combat;
    CHECK(total_now == total_was - 1);
    CHECK(combat.attacker == *attacker.piece);
    CHECK(combat.defender == *target.piece);
    CHECK(combat.result == resolve_combat(combat.attacker, combat.defender));
    const bool attacker_won = combat.result == CombatResult::AttackerWon;
    // The loser vanished; the winner stands on the target square, revealed.
    CHECK(count_pieces(now, 1 - mover) == count_pieces(was, 1 - mover) - (attacker_won ? 1 : 0));
    CHECK(count_pieces(now, mover) == count_pieces(was, mover) - (attacker_won ? 0 : 1));
    const CellView& winner = now.at(move.to.row, move.to.col);
    CHECK(winner.owner == (attacker_won ? mover : 1 - mover));
    CHECK(winner.piece == (attacker_won ? attacker.piece : target.piece));
    CHECK(winner.revealed);
  }
  // Every other square is untouched (one CHECK per move keeps thousands of playouts fast).
  bool others_untouched = true;
  for (int r = 0; r < was.rows; ++r)
    for (int c = 0; c < was.cols; ++c) {
      if (Pos{r, c} == move.from || Pos{r, c} == move.to) continue;
      others_untouched = others_untouched && now.at(r, c).owner == was.at(r, c).owner &&
                         now.at(r, c).piece == was.at(r, c).piece;
    }
  CHECK(others_untouched);
  // A fogged viewer never receives a hidden kind.
  if (after.fog()) {
    bool nothing_leaked = true;
    for (const CellView& cell : after.view(Viewer::of_seat(1 - mover)).cells)
      if (cell.owner == mover && !cell.revealed) nothing_leaked = nothing_leaked && !cell.piece;
    CHECK(nothing_leaked);
  }
}

// Sanitized builds run about 20x slower: fewer playouts keep them near a minute.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kPlayouts = 300;
#else
constexpr int kPlayouts = 2000;
#endif

}  // namespace

TEST_CASE("playouts: random games on small boards keep every property", "[tactego][playout]") {
  PlayoutConfig config;
  config.game = &game_info();
  config.playouts = kPlayouts;
  config.max_steps = 200;
  config.make_options = small_board_options;
  config.illegal_candidates = illegal_candidates;
  config.check_transition = check_transition;
  const auto stats = skirmish::test::run_playout_properties(config, 20261121);
  CHECK(stats.games == kPlayouts);
  CHECK(stats.illegal_refused > 0);
  // Random play reaches every kind of ending.
  int flag_wins = 0, draws = 0;
  for (const auto& [ending, count] : stats.endings) {
    if (ending.find("flag_captured") != std::string::npos) flag_wins += count;
    if (ending.find("max_turns") != std::string::npos) draws += count;
  }
  CHECK(flag_wins > 0);
  CHECK(draws > 0);
}

TEST_CASE("playouts: random games of `basic` on 10 x 10 keep every property", "[tactego][playout]") {
  PlayoutConfig config;
  config.game = &game_info();
  config.playouts = kPlayouts / 20;
  config.max_steps = 1100;
  config.make_options = basic_board_options;
  config.illegal_candidates = illegal_candidates;
  config.check_transition = check_transition;
  const auto stats = skirmish::test::run_playout_properties(config, 20261122);
  CHECK(stats.games == kPlayouts / 20);
  CHECK(stats.illegal_refused > 0);
  int flag_wins = 0;
  for (const auto& [ending, count] : stats.endings)
    if (ending.find("flag_captured") != std::string::npos) flag_wins += count;
  CHECK(flag_wins > 0);
}
