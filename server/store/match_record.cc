#include "server/store/match_record.h"

namespace skirmish::store {

std::string_view to_string(MatchState state) {
  switch (state) {
    case MatchState::Open: return "open";
    case MatchState::Running: return "running";
    case MatchState::Finished: return "finished";
    case MatchState::Cancelled: return "cancelled";
  }
  return "open";
}

std::optional<MatchState> match_state_from_string(std::string_view text) {
  for (auto state : {MatchState::Open, MatchState::Running, MatchState::Finished,
                     MatchState::Cancelled})
    if (to_string(state) == text) return state;
  return std::nullopt;
}

std::string_view actors_of(const TurnRecord& turn) {
  if (turn.acted[0] && turn.acted[1]) return "both";
  if (turn.acted[0]) return "0";
  if (turn.acted[1]) return "1";
  return "";
}

TurnRecord TurnRecord::single(engine::Seat seat, std::string move, std::int64_t ms) {
  TurnRecord turn;
  const auto index = static_cast<std::size_t>(seat);
  turn.moves[index] = std::move(move);
  turn.acted[index] = true;
  turn.millis[index] = ms;
  return turn;
}

TurnRecord TurnRecord::both(engine::JointMove moves,
                            std::array<std::int64_t, engine::kSeatCount> ms) {
  TurnRecord turn;
  turn.moves = std::move(moves);
  turn.acted = {true, true};
  turn.millis = {ms[0], ms[1]};
  return turn;
}

const SeatRecord* MatchRecord::seat(engine::Seat index) const {
  for (const auto& s : seats)
    if (s.seat == index) return &s;
  return nullptr;
}

engine::GameRecord MatchRecord::game_record() const {
  engine::GameRecord record{game, options, {}};
  record.turns.reserve(turns.size());
  for (const auto& turn : turns) record.turns.push_back(turn.moves);
  return record;
}

}  // namespace skirmish::store
