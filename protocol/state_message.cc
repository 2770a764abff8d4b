#include "protocol/state_message.h"

namespace skirmish::protocol {

std::string_view to_string(MatchStatus status) {
  switch (status) {
    case MatchStatus::Waiting: return "waiting";
    case MatchStatus::Running: return "running";
    case MatchStatus::Over: return "over";
  }
  return "waiting";
}

void write_outcome(JsonWriter& out, const engine::Outcome& outcome,
                   const std::array<std::string, engine::kSeatCount>& seat_names) {
  if (!outcome.over) {
    out.null();
    return;
  }
  out.begin_object().key("winner");
  if (outcome.winner >= 0 && outcome.winner < engine::kSeatCount)
    out.string(seat_names[static_cast<std::size_t>(outcome.winner)]);
  else
    out.null();
  out.key("draw").boolean(outcome.is_draw());
  out.key("reason").string(engine::to_string(outcome.reason));
  out.end_object();
}

std::string encode_state(const StateInfo& info, const GameCodec& codec,
                         const engine::GameState& state, const engine::Viewer& viewer,
                         std::string_view you, std::string_view id) {
  const auto& seats = *info.seat_names;
  // Written into a buffer kept per thread, then copied out at its exact size: one
  // allocation per state, where growing a fresh string took two or three (a fogged
  // Tactego board is ~850 bytes).
  thread_local std::string text;
  text.clear();
  JsonWriter out(text);
  out.begin_object();
  out.key("type").string("state");
  if (!id.empty()) out.key("id").raw(id);
  out.key("match").string(info.match);
  out.key("game").string(info.game);
  out.key("seq").number(static_cast<long long>(info.seq));
  out.key("you").string(you);
  out.key("status").string(to_string(info.status));
  out.key("turn").number(state.turn());
  out.key("to_act").begin_array();
  if (info.status == MatchStatus::Running) {
    const engine::SeatSet acting = state.to_act();
    for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
      if (acting.contains(s)) out.string(seats[static_cast<std::size_t>(s)]);
  }
  out.end_array();
  out.key("deadline_ms");
  if (info.deadline_ms && info.status == MatchStatus::Running)
    out.number(*info.deadline_ms);
  else
    out.null();
  out.key("submitted").begin_array();
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    if (info.submitted[static_cast<std::size_t>(s)]) out.string(seats[static_cast<std::size_t>(s)]);
  out.end_array();
  out.key("view");
  codec.write_view(out, state, viewer, info.status == MatchStatus::Over);
  out.key("last");
  codec.write_last(out, state, viewer);
  out.key("outcome");
  // Only a match that is over has one: a position lost before the first move (rules.md)
  // already has the engine's outcome while the match still waits for its second player.
  write_outcome(out, info.status == MatchStatus::Over ? info.outcome : engine::Outcome::ongoing(), seats);
  out.end_object();
  return text;
}

}  // namespace skirmish::protocol
