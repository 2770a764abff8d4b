// Thousands of random games on every shipped map and piece set, through the shared property
// harness, with a check that pieces move by the rules and vanish only through captures.
#include <catch2/catch.hpp>

#include "engine/common/playout_properties.h"
#include "engine/dcms/dcms.h"

using namespace skirmish::engine::dcms;
using skirmish::engine::EndReason;
using skirmish::engine::GameState;
using skirmish::engine::JointMove;
using skirmish::engine::Options;
using skirmish::engine::Rng;
using skirmish::engine::Seat;

namespace {

constexpr std::size_t idx(int i) { return static_cast<std::size_t>(i); }

template <typename T>
const T& pick(const std::vector<T>& items, Rng& rng) {
  std::uniform_int_distribution<std::size_t> index(0, items.size() - 1);
  return items[index(rng)];
}

Options random_options(Rng& rng) {
  const std::vector<std::string> sets(kPieceSets.begin(), kPieceSets.end());
  std::uniform_int_distribution<int> turns(1, 20);
  Options options{{"map", pick(map_names(), rng)}, {"pieces", pick(sets, rng)}};
  // Mostly short games (fast); one in five plays to the default max_turns (60).
  if (rng() % 5 != 0) options.set("max_turns", std::to_string(turns(rng)));
  return options;
}

// Moves that must be refused during play (none during setup: any setup text is accepted).
std::vector<std::string> illegal_candidates(const GameState& game, Seat seat, Rng& rng) {
  const auto& state = dynamic_cast<const DcmsState&>(game);
  if (state.phase() != Phase::Play) return {};
  const std::string own(1, piece_letter(seat, 1));
  const std::string other(1, piece_letter(1 - seat, 1));
  const std::string cheese(1, piece_letter(seat, 0));
  std::uniform_int_distribution<int> digit(1, 9);
  std::uniform_int_distribution<int> byte(33, 126);  // no blanks: one bad token
  std::string garbage(3, ' ');
  for (auto& ch : garbage) ch = static_cast<char>(byte(rng));
  return {"",
          "   ",
          own + " 0",
          own,
          own + " " + std::to_string(digit(rng)) + " " + own + " 5",
          other + " " + std::to_string(digit(rng)),
          cheese + " " + std::to_string(digit(rng) % 4 + 1),  // 1..4: never 5
          "X 5",
          own + std::to_string(digit(rng)),
          garbage + " 5"};
}

// The rules, restated independently: a piece of rank x is removed exactly when, after
// moving, it shares its square with an enemy of rank x or rank x + 1.
void check_transition(const GameState& before_game, const GameState& after_game,
                      const JointMove& moves) {
  const auto& before = dynamic_cast<const DcmsState&>(before_game);
  const auto& after = dynamic_cast<const DcmsState&>(after_game);
  REQUIRE(after.turn() == before.turn() + 1);
  REQUIRE(after.last_turn().has_value());
  const TurnReport& report = *after.last_turn();
  const int n = before.piece_count();

  if (before.phase() == Phase::Setup) {
    for (Seat s = 0; s < 2; ++s) {
      REQUIRE(report.illegal_setup[idx(s)] == !moves[idx(s)].has_value());
      if (report.illegal_setup[idx(s)]) continue;
      for (int i = 0; i < n; ++i) {
        const auto p = after.position(s, i);
        REQUIRE(p.has_value());
        REQUIRE_FALSE(after.map().wall(p->row, p->col));
        REQUIRE(after.map().in_half(s, p->col));
      }
    }
    const bool any_bad = report.illegal_setup[0] || report.illegal_setup[1];
    REQUIRE(after.phase() == (any_bad ? Phase::Over : Phase::Play));
    if (any_bad) REQUIRE(after.outcome().reason == EndReason::IllegalSetup);
    return;
  }

  REQUIRE(before.phase() == Phase::Play);
  // Where every piece on the board should stand after moving.
  std::array<std::array<std::optional<Pos>, kMaxPieces>, 2> moved{};
  for (Seat s = 0; s < 2; ++s) {
    std::optional<Orders> orders;
    if (moves[idx(s)]) {
      orders = before.parse_orders(s, *moves[idx(s)], nullptr);
      REQUIRE(orders.has_value());
    }
    for (int i = 0; i < n; ++i) {
      auto p = before.position(s, i);
      if (!p) continue;
      if (orders) {
        const auto d = idx(orders->direction[idx(i)]);
        const Pos next{p->row + kDirRow[d], p->col + kDirCol[d]};
        if (!before.map().wall(next.row, next.col)) p = next;
      }
      moved[idx(s)][idx(i)] = p;
    }
  }
  std::size_t vanished = 0;
  for (Seat s = 0; s < 2; ++s) {
    for (int rank = 0; rank < n; ++rank) {
      const auto& p = moved[idx(s)][idx(rank)];
      const auto now = after.position(s, rank);
      if (!p) {
        REQUIRE_FALSE(now.has_value());  // nothing comes back
        continue;
      }
      const auto& enemy = moved[idx(1 - s)];
      const bool doomed = enemy[idx(rank)] == p || (rank + 1 < n && enemy[idx(rank + 1)] == p);
      INFO("seat " << s << " rank " << rank);
      REQUIRE(now.has_value() == !doomed);
      if (now) {
        REQUIRE(*now == *p);
        continue;
      }
      ++vanished;
      int reported = 0;
      for (const auto& capture : report.captures)
        if (capture.owner == s && capture.letter == piece_letter(s, rank)) {
          ++reported;
          REQUIRE(capture.at == *p);
        }
      REQUIRE(reported == 1);
    }
  }
  REQUIRE(report.captures.size() == vanished);

  const bool blue_cheese = after.position(0, 0).has_value();
  const bool red_cheese = after.position(1, 0).has_value();
  if (!blue_cheese || !red_cheese) {
    REQUIRE(after.outcome().reason == EndReason::CheeseEaten);
    REQUIRE(after.outcome().winner == (blue_cheese ? 0 : red_cheese ? 1 : -1));
  } else if (after.turn() - 1 == after.max_turns()) {
    const auto score = after.score();
    REQUIRE(after.outcome().reason == EndReason::Score);
    REQUIRE(after.outcome().winner ==
            (score[0] == score[1] ? -1 : score[0] > score[1] ? 0 : 1));
  } else {
    REQUIRE_FALSE(after.outcome().over);
  }
}

}  // namespace

// Sanitized builds run about ten times slower: fewer games keep them under a minute.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kPlayouts = 250;
#else
constexpr int kPlayouts = 2000;
#endif

TEST_CASE("random playouts keep every DCMS property", "[dcms][playout]") {
  skirmish::test::PlayoutConfig config;
  config.game = &game_info();
  config.playouts = kPlayouts;
  config.max_steps = 100;
  config.null_move_chance = 0.1;
  config.legal_list_is_complete = false;  // "M 4 C 6" == "C 6 M 4" and more: not listable
  config.make_options = random_options;
  config.illegal_candidates = illegal_candidates;
  config.check_transition = check_transition;
  const auto stats = skirmish::test::run_playout_properties(config, 20261121);
  CHECK(stats.games == kPlayouts);
  // Every way a game can end by the rules shows up.
  for (const std::string ending : {"seat0/cheese_eaten", "seat1/cheese_eaten", "draw/score",
                                   "seat0/illegal_setup", "seat1/illegal_setup"}) {
    INFO("ending " << ending);
    CHECK(stats.endings.count(ending) == 1);
  }
  CHECK(stats.illegal_refused > 0);
}
