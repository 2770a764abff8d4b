#pragma once
// One write to the match store, as a value: what the server journals before it tells anyone
// of it (journal.h), and later applies to SQLite (apply). Each kind maps to one MatchStore
// call. A journal line is one JSON object with the write's sequence number and kind:
//   {"seq":7,"op":"turn","match":"k3x9","turn":4,"moves":["a1-a2",null],"ms":[812,null]}
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "engine/common/options.h"
#include "engine/common/outcome.h"
#include "server/store/match_record.h"
#include "server/store/options_json.h"

namespace skirmish::store {

class MatchStore;

struct MatchCreated {
  std::string match;
  std::string game;
  OptionsText options;   // every game option, the seed included
  OptionsText settings;  // the server's match options as text
  std::int64_t at_ms = 0;
};
struct SeatTaken {
  std::string match;
  engine::Seat seat = 0;
  std::string name;
  std::string token_hash;  // SHA-256 hex: the token itself is never written anywhere
  std::int64_t at_ms = 0;
};
struct SeatFreed {
  std::string match;
  engine::Seat seat = 0;
};
struct MatchStarted {
  std::string match;
  std::int64_t at_ms = 0;
};
struct TurnPlayed {
  std::string match;
  std::size_t turn_index = 0;  // 0-based: the number of turns stored before it
  TurnRecord turn;
};
struct MatchFinished {
  std::string match;
  engine::Outcome result;
  std::int64_t at_ms = 0;
};
struct MatchCancelled {
  std::string match;
  std::int64_t at_ms = 0;
};

using StoreWrite = std::variant<MatchCreated, SeatTaken, SeatFreed, MatchStarted, TurnPlayed,
                                MatchFinished, MatchCancelled>;

// The states a match must be in for each write to apply: MatchStore refuses the write in
// any other, and batch_plan.h follows a batch's matches by the same rule.
inline constexpr std::array kSeatStates{MatchState::Open, MatchState::Running};  // taken, freed
inline constexpr std::array kStartStates{MatchState::Open};
inline constexpr std::array kTurnStates{MatchState::Running};
inline constexpr std::array kFinishStates{MatchState::Open, MatchState::Running};
inline constexpr std::array kCancelStates{MatchState::Open};
// Those of `write`; none for a creation (there is no match yet).
std::span<const MatchState> states_for(const StoreWrite& write);

// The id of the match the write is about.
const std::string& match_of(const StoreWrite& write);

// Runs the write on `store` (throws StoreError as the MatchStore call does).
void apply(const StoreWrite& write, MatchStore& store);
// What it does, for errors and the log: "store turn 5 of match k3x9".
std::string describe(const StoreWrite& write);

// Appends the write as one journal line (ending in '\n') numbered `seq`.
void append_journal_line(std::string& out, std::uint64_t seq, const StoreWrite& write);
// Reads one journal line (without its '\n'). Throws StoreError saying what is wrong.
std::pair<std::uint64_t, StoreWrite> parse_journal_line(std::string_view line);

}  // namespace skirmish::store
