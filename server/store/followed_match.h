#pragma once
#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <variant>

#include "engine/common/game.h"
#include "server/store/batch_plan.h"
#include "server/store/store_write.h"

namespace skirmish::store {

// One match created in a batch, followed through its writes by MatchStore's rules: whether
// it may be written whole (batch_plan.h), or held back (held_matches.h).
struct FollowedMatch {
  MatchState state = MatchState::Open;
  bool irregular = false;  // a write the store would refuse: its writes go one by one
  std::size_t writes = 0;  // its writes taken, its creation included
  WholeMatch whole;

  explicit FollowedMatch(const MatchCreated& created) : writes(1) { whole.created = &created; }

  bool ended() const {
    return !irregular && (state == MatchState::Finished || state == MatchState::Cancelled);
  }

  // Takes the match's next write.
  void take(const StoreWrite& write) {
    ++writes;
    if (irregular) return;
    const auto allowed = states_for(write);  // none for a second creation under the same id
    if (std::find(allowed.begin(), allowed.end(), state) == allowed.end()) {
      irregular = true;
      return;
    }
    std::visit(
        [&](const auto& w) {
          using Write = std::decay_t<decltype(w)>;
          if constexpr (std::is_same_v<Write, SeatTaken>) {
            if (!engine::is_seat(w.seat)) irregular = true;
            else whole.seats[static_cast<std::size_t>(w.seat)] = &w;
          } else if constexpr (std::is_same_v<Write, SeatFreed>) {
            if (!engine::is_seat(w.seat)) irregular = true;
            else whole.seats[static_cast<std::size_t>(w.seat)] = nullptr;
          } else if constexpr (std::is_same_v<Write, MatchStarted>) {
            whole.started = &w;
            state = MatchState::Running;
          } else if constexpr (std::is_same_v<Write, TurnPlayed>) {
            const bool acted = w.turn.acted[0] || w.turn.acted[1];
            if (w.turn_index != whole.turns.size() || !acted) irregular = true;
            else whole.turns.push_back(&w);
          } else if constexpr (std::is_same_v<Write, MatchFinished>) {
            whole.finished = &w;
            state = MatchState::Finished;
          } else if constexpr (std::is_same_v<Write, MatchCancelled>) {
            whole.cancelled = &w;
            state = MatchState::Cancelled;
          }
        },
        write);
  }
};

}  // namespace skirmish::store
