#pragma once
// Encoders of every server -> client message except `state` (state_message.h), exactly as
// docs/protocol.md shows them. `id` is the echoed request id as JSON text, empty for none.
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/game.h"
#include "engine/common/options.h"
#include "protocol/error_code.h"
#include "protocol/match_options.h"

namespace skirmish::engine {
struct GameInfo;
}

namespace skirmish::protocol {

struct Limits {
  std::size_t max_message_bytes = 0;
  double rate_limit_per_second = 0;
  int rate_burst = 0;
  long long idle_timeout_ms = 0;
};

struct SeatSummary {
  std::string seat;  // the seat's name: "red"
  bool taken = false;
  bool connected = false;
  std::string player;  // the player's hello name, empty when none
};

// A match's terms as a player sees them before joining (list_matches): every option the
// creator was shown, and which of them the creator set rather than leaving to the defaults
// or to the server. A hidden option the creator set (a fogged Tactego's seed) is named in
// `set_by_creator` though its value is not shown: the joiner must know that the creator
// knows it.
struct MatchTerms {
  engine::Options options;  // game options (no inline texts) and the three match options
  std::vector<std::string> set_by_creator;  // option names, sorted
};

struct MatchSummary {
  std::string match;
  std::string game;
  std::string status;  // "open" or "running"
  std::array<SeatSummary, engine::kSeatCount> seats;
  int spectators = 0;
  Spectators spectators_allowed = Spectators::Public;
  std::shared_ptr<const MatchTerms> terms;  // made once per match; null when unknown
};

std::string encode_error(ErrorCode code, std::string_view message, std::string_view id);
// `history`: whether the server keeps finished games to replay (its store is on).
std::string encode_welcome(const Limits& limits, bool history, std::string_view id);
std::string encode_games(const std::vector<const engine::GameInfo*>& games,
                         std::chrono::milliseconds default_grace, std::string_view id);
// `invite`: a private match's invite code (for its creator only), empty for none.
std::string encode_match_created(std::string_view match, const engine::GameInfo& game,
                                 const engine::Options& resolved, const MatchSettings& settings,
                                 std::string_view invite, std::string_view id);
// `total`: how many matches the request matched, of which `matches` may be the first part.
std::string encode_matches(const std::vector<MatchSummary>& matches, std::size_t total,
                           std::string_view id);
// Who sits where, in seat order: `name` is empty (null in JSON) while the seat is free.
struct SeatPlayer {
  std::string_view seat;
  std::optional<std::string> name;
};
using Players = std::array<SeatPlayer, engine::kSeatCount>;

std::string encode_joined(std::string_view match, std::string_view game, std::string_view seat,
                          engine::Seat seat_index, std::string_view token, bool resumed,
                          const Players& players, std::string_view id);
std::string encode_watching(std::string_view match, std::string_view game, bool full_view,
                            const Players& players, std::string_view id);
std::string encode_submitted(std::string_view match, std::string_view seat, int turn,
                             std::string_view id);
// What happened to a seat, for everyone else in the match.
enum class PresenceEvent : std::uint8_t { Joined, Left, Disconnected, Reconnected };
std::string encode_presence(std::string_view match, std::string_view seat, std::string_view name,
                            PresenceEvent event, long long grace_ms);
std::string encode_left(std::string_view match, std::string_view id);
std::string encode_pong(std::string_view id);
// The server is stopping (SIGTERM): sent just before the 1001 "going away" close.
std::string encode_shutdown(std::string_view message);

}  // namespace skirmish::protocol
