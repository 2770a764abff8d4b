#pragma once
// How a game ended: the winner (or a draw) and why, from one fixed list shared by the
// engine (the rules' endings) and the server (resignation, timeouts, forfeits, crashes).
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace skirmish::engine {

enum class EndReason : std::uint8_t {
  FlagCaptured,  // Tactego: the loser's last flag was captured
  KingTaken,     // 1D Chess
  CheeseEaten,   // DCMS (a draw when both cheeSes go in one turn)
  Score,         // DCMS: pieces on the board after max_turns
  NoLegalMove,   // Tactego: the player to move cannot move
  MaxTurns,      // Tactego, 1D Chess: max_turns reached, a draw
  IllegalSetup,  // DCMS: a placement broke the setup rules
  Resignation,   // server
  Timeout,       // server: a turn-based seat ran out of time
  Forfeit,       // server: disconnected past the reconnect grace
  Crash,         // server/bridge: a bot broke the protocol or died
};

std::string_view to_string(EndReason reason);
std::optional<EndReason> end_reason_from_string(std::string_view text);
// Every reason's name, in the enum's order (the protocol's fixed list).
std::vector<std::string_view> end_reason_names();

struct Outcome {
  bool over = false;
  int winner = -1;  // the winning seat, or -1 for a draw (only meaningful when over)
  EndReason reason = EndReason::MaxTurns;

  static Outcome ongoing() { return {}; }
  static Outcome win(int seat, EndReason why) { return {true, seat, why}; }
  static Outcome draw(EndReason why) { return {true, -1, why}; }
  bool is_draw() const { return over && winner < 0; }
  bool operator==(const Outcome&) const = default;
};

// Thrown by GameState::apply for a move that check_move refuses; the state is unchanged.
class IllegalMove : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace skirmish::engine
