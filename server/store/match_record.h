#pragma once
// What the store holds about one match, as plain values: enough to rebuild the game with
// engine::replay, to resume its seats, and to serve its history.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/game.h"
#include "engine/common/options.h"
#include "engine/common/outcome.h"
#include "engine/record.h"

namespace skirmish::store {

enum class MatchState { Open, Running, Finished, Cancelled };
std::string_view to_string(MatchState state);
std::optional<MatchState> match_state_from_string(std::string_view text);

struct SeatRecord {
  engine::Seat seat = 0;
  std::string name;
  std::string token_hash;  // SHA-256 hex, never the token
  std::int64_t joined_ms = 0;
};

// One applied turn. `moves` as engine::JointMove: turn-based games set only the actor's
// entry; DCMS sets `acted` for both seats and leaves a null move empty. `millis[seat]` is
// the time the server measured for that seat's move (empty when the seat did not act).
struct TurnRecord {
  engine::JointMove moves;
  std::array<bool, engine::kSeatCount> acted{};
  std::array<std::optional<std::int64_t>, engine::kSeatCount> millis{};

  // A turn of one seat (turn-based games).
  static TurnRecord single(engine::Seat seat, std::string move, std::int64_t ms);
  // A simultaneous turn of both seats; nullopt moves are null moves.
  static TurnRecord both(engine::JointMove moves, std::array<std::int64_t, engine::kSeatCount> ms);
  bool operator==(const TurnRecord&) const = default;
};

// Who acted in `turn`, as the moves table's `actors` column holds it: "0", "1" or "both"
// ("" when no seat did, which the store refuses).
std::string_view actors_of(const TurnRecord& turn);

// The setting that holds a private match's invite code, as its hash (store::hash_token):
// such a match is unlisted (MatchStore::list leaves it out).
inline constexpr std::string_view kInviteHashSetting = "invite_sha256";

struct MatchRecord {
  std::string id;
  std::string game;
  engine::Options options;   // the game's resolved options, the seed included
  engine::Options settings;  // the server's match options: move_time_ms, reconnect_grace_ms, ...
  MatchState state = MatchState::Open;
  std::int64_t created_ms = 0;
  std::optional<std::int64_t> started_ms;
  std::optional<std::int64_t> finished_ms;
  std::vector<SeatRecord> seats;  // by seat index, only the taken ones
  std::vector<TurnRecord> turns;  // empty in list() summaries (see turn_count)
  std::size_t turn_count = 0;
  std::optional<engine::Outcome> result;

  const SeatRecord* seat(engine::Seat index) const;
  // For engine::replay: the game, its options and every turn's moves.
  engine::GameRecord game_record() const;
};

}  // namespace skirmish::store
