#pragma once
// The one small interface every two-player game implements (after OpenSpiel's spiel.h).
//
// Moves cross this interface as short text in each game's own notation, so a whole game
// is stored and replayed as its options plus a list of turns (see record.h). Each game
// also has a typed, allocation-free API on its concrete class for bots and benchmarks.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/outcome.h"

namespace skirmish::engine {

using Seat = int;  // 0 or 1; each game names its seats (Tactego: 0 red, 1 blue; ...)
inline constexpr int kSeatCount = 2;
inline constexpr bool is_seat(Seat seat) { return seat >= 0 && seat < kSeatCount; }

// Deterministic generator for random playouts and bots (never the wall clock).
using Rng = std::mt19937_64;

// Who is looking at the game. A seat sees its own secrets, a spectator only what is public,
// Full sees everything (replays of finished games, full-view spectators, tests).
struct Viewer {
  enum class Kind : std::uint8_t { Player, Spectator, Full };
  Kind kind = Kind::Spectator;
  Seat seat = -1;

  static constexpr Viewer of_seat(Seat s) { return {Kind::Player, s}; }
  static constexpr Viewer spectator() { return {Kind::Spectator, -1}; }
  static constexpr Viewer full() { return {Kind::Full, -1}; }
};

// The seats that must act now: one for turn-based games, both on a simultaneous turn,
// none once the game is over.
class SeatSet {
 public:
  constexpr SeatSet() = default;
  static constexpr SeatSet none() { return SeatSet{}; }
  static constexpr SeatSet only(Seat s) { return SeatSet(static_cast<std::uint8_t>(1u << s)); }
  static constexpr SeatSet both() { return SeatSet(0b11); }
  constexpr bool contains(Seat s) const { return (bits_ >> s) & 1u; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool operator==(const SeatSet&) const = default;

 private:
  constexpr explicit SeatSet(std::uint8_t bits) : bits_(bits) {}
  std::uint8_t bits_ = 0;
};

// One turn's input. Turn-based games: exactly the acting seat's entry is set.
// Simultaneous games: one entry per seat; an empty entry is a null move.
using JointMove = std::array<std::optional<std::string>, kSeatCount>;

class GameState {
 public:
  virtual ~GameState() = default;

  virtual std::string_view game_name() const = 0;
  virtual bool simultaneous() const = 0;

  virtual SeatSet to_act() const = 0;
  // Turns applied so far (a simultaneous turn counts once; the DCMS setup is turn 0 -> 1).
  virtual int turn() const = 0;

  // nullopt when `seat` may play `move` now; otherwise the reason, for the player.
  virtual std::optional<std::string> check_move(Seat seat, std::string_view move) const = 0;
  // Applies one turn. Throws IllegalMove (state unchanged) if any given move fails check_move.
  virtual void apply(const JointMove& moves) = 0;
  // A simultaneous game's seat sent `move` (which passed check_move) for a turn it sent
  // `earlier` for: nullopt when it replaces it, else the reason it does not.
  virtual std::optional<std::string> check_replacement(Seat /*seat*/, std::string_view /*earlier*/,
                                                       std::string_view /*move*/) const {
    return std::nullopt;
  }

  // Every legal move of `seat` now, in the game's notation. Empty when the seat may not act,
  // or when the set is too large to list (DCMS setup): then use random_move.
  virtual std::vector<std::string> legal_moves(Seat seat) const = 0;
  // A uniformly chosen legal move of `seat` (or a valid setup); precondition: seat acts now.
  virtual std::string random_move(Seat seat, Rng& rng) const = 0;

  virtual Outcome outcome() const = 0;

  // The seeds' text format as `viewer` may see it.
  virtual std::string render(const Viewer& viewer) const = 0;
  // Canonical text of the complete state (hidden parts included): equal states, equal keys.
  virtual std::string state_key() const = 0;

  virtual std::unique_ptr<GameState> clone() const = 0;
};

}  // namespace skirmish::engine
