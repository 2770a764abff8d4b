#pragma once
// The state of one DCMS game: setup, simultaneous turns, rank-by-rank captures, the end.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/common/game.h"
#include "engine/dcms/map.h"
#include "engine/dcms/pieces.h"
#include "engine/dcms/turn_types.h"

namespace skirmish::engine::dcms {

class DcmsState final : public GameState {
 public:
  // `pieces` is "SM", "SMC" or "SMCD"; `max_turns` >= 1 counts play turns (not the setup).
  // Throws std::invalid_argument for anything else.
  DcmsState(std::shared_ptr<const Map> map, std::string_view pieces, int max_turns);
  DcmsState(const Map& map, std::string_view pieces, int max_turns);

  // GameState
  std::string_view game_name() const override { return "dcms"; }
  bool simultaneous() const override { return true; }
  SeatSet to_act() const override;
  int turn() const override { return turn_; }
  std::optional<std::string> check_move(Seat seat, std::string_view move) const override;
  // An illegal setup, which check_move lets through (it loses by the rules), does not
  // replace a legal one: a sloppy resend must not throw the game away.
  std::optional<std::string> check_replacement(Seat seat, std::string_view earlier,
                                               std::string_view move) const override;
  void apply(const JointMove& moves) override;
  std::vector<std::string> legal_moves(Seat seat) const override;
  std::string random_move(Seat seat, Rng& rng) const override;
  Outcome outcome() const override { return outcome_; }
  std::string render(const Viewer& viewer) const override;
  std::string state_key() const override;
  std::unique_ptr<GameState> clone() const override;

  // DCMS
  const Map& map() const { return *map_; }
  std::string_view pieces() const { return kPieceSets[set_index_]; }
  int piece_count() const { return piece_count_; }
  int max_turns() const { return max_turns_; }
  Phase phase() const { return phase_; }
  // nullopt when the piece is off the board (captured, or not placed yet).
  std::optional<Pos> position(Seat seat, int piece_index) const;
  Observation observation(Seat seat) const;
  // What the latest turn did; nullopt before the setup.
  const std::optional<TurnReport>& last_turn() const { return last_turn_.report; }
  std::array<int, 2> score() const;  // pieces on the board per seat

  // Typed fast path. Precondition: phase() == Play and the orders are valid (directions
  // 1..9, cheeSe 5); nullopt is a null move. Never allocates once the setup is done (also in
  // copies: they keep room for a turn's captures).
  void apply_orders(const std::optional<Orders>& blue, const std::optional<Orders>& red);
  std::optional<Orders> parse_orders(Seat seat, std::string_view move, std::string* reason) const;
  // Uniform over the seat's legal moves (every movable piece on the board gets a direction).
  Orders random_orders(Seat seat, Rng& rng) const;

 private:
  // The latest TurnReport, whose captures always have room for a whole turn's, so that
  // apply_orders never allocates, in copies of a state too.
  struct ReportSlot {
    std::optional<TurnReport> report;
    ReportSlot() = default;
    ReportSlot(const ReportSlot& other) : report(other.report) { keep_room(); }
    ReportSlot& operator=(const ReportSlot& other) {
      report = other.report;
      keep_room();
      return *this;
    }
    ReportSlot(ReportSlot&&) noexcept = default;
    ReportSlot& operator=(ReportSlot&&) noexcept = default;
    ~ReportSlot() = default;
    void keep_room() {
      if (report) report->captures.reserve(2 * kMaxPieces);
    }
  };

  void apply_setup(const JointMove& moves);
  void move_pieces(Seat seat, const Orders* orders);
  void resolve_captures(TurnReport& report);
  void decide_end();

  std::shared_ptr<const Map> map_;
  std::size_t set_index_ = 0;
  int piece_count_ = 2;
  int max_turns_ = 60;
  int turn_ = 0;
  Phase phase_ = Phase::Setup;
  std::array<std::array<Pos, kMaxPieces>, 2> pos_{};
  std::array<std::array<bool, kMaxPieces>, 2> on_board_{};
  Outcome outcome_ = Outcome::ongoing();
  ReportSlot last_turn_;
};

}  // namespace skirmish::engine::dcms
