#include "server/store/batch_plan.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <variant>

#include "engine/common/game.h"
#include "server/store/match_store.h"

namespace skirmish::store {

namespace {

const std::string& match_of(const StoreWrite& write) {
  return std::visit([](const auto& w) -> const std::string& { return w.match; }, write);
}

// One match created in the batch, followed through its writes by MatchStore's rules.
struct Followed {
  MatchState state = MatchState::Open;
  bool irregular = false;  // a write the store would refuse: its writes go one by one
  WholeMatch whole;

  bool ended() const {
    return !irregular && (state == MatchState::Finished || state == MatchState::Cancelled);
  }

  // Takes the match's next write.
  void take(const StoreWrite& write) {
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

// One match's turns in the batch, while they may still make a run: consecutive, and no
// other write of the match among them (those before the first or after the last do not
// matter).
struct Run {
  std::vector<const TurnPlayed*> turns;
  const StoreWrite* last = nullptr;  // where the run is applied
  bool closed = false;  // another write of the match came after a turn
  bool broken = false;

  void take(const StoreWrite& write) {
    const auto* turn = std::get_if<TurnPlayed>(&write);
    if (broken || (!turn && turns.empty())) return;
    if (!turn) {
      closed = true;
      return;
    }
    if (!turns.empty() && (closed || turn->turn_index != turns.back()->turn_index + 1)) {
      broken = true;
      return;
    }
    turns.push_back(turn);
    last = &write;
  }
  bool usable() const { return !broken && turns.size() >= kTurnRun; }
};

// What the batch holds of one match.
struct InBatch {
  std::optional<Followed> followed;  // created in the batch
  Run run;
};

}  // namespace

std::vector<BatchStep> plan_batch(WriteChunks batch) {
  std::unordered_map<std::string_view, InBatch> matches;
  std::vector<InBatch*> match_of_write;  // in the batch's order (the map's nodes stay put)
  std::size_t writes = 0;
  for (const auto& chunk : batch) writes += chunk.size();
  match_of_write.reserve(writes);
  for (const auto& chunk : batch) {
    for (const StoreWrite& write : chunk) {
      InBatch& match = matches[match_of(write)];
      match_of_write.push_back(&match);
      match.run.take(write);
      const auto* created = std::get_if<MatchCreated>(&write);
      if (created && !match.followed) match.followed.emplace().whole.created = created;
      else if (match.followed) match.followed->take(write);
    }
  }
  std::vector<BatchStep> steps;
  steps.reserve(writes);
  auto match_of_next = match_of_write.begin();
  for (const auto& chunk : batch) {
    for (const StoreWrite& write : chunk) {
      InBatch& match = **match_of_next++;
      if (match.followed && match.followed->ended()) {
        if (match.followed->whole.created == std::get_if<MatchCreated>(&write))
          steps.emplace_back(std::move(match.followed->whole));  // its other writes are in it
        continue;
      }
      const bool irregular = match.followed && match.followed->irregular;
      if (!irregular && match.run.usable() && std::holds_alternative<TurnPlayed>(write)) {
        if (match.run.last == &write) steps.emplace_back(TurnRun{std::move(match.run.turns)});
        continue;  // the run's other turns are in it
      }
      steps.emplace_back(&write);
    }
  }
  return steps;
}

std::string describe(const TurnRun& run) {
  return "store turns " + std::to_string(run.turns.front()->turn_index + 1) + " to " +
         std::to_string(run.turns.back()->turn_index + 1) + " of match " + run.turns.front()->match;
}

std::string describe(const WholeMatch& match) {
  const std::size_t turns = match.turns.size();
  return "store match " + match.created->match + " whole (" + std::to_string(turns) +
         (turns == 1 ? " turn)" : " turns)");
}

void apply_batch(WriteChunks batch, MatchStore& store) {
  for (const BatchStep& step : plan_batch(batch)) {
    try {
      if (const auto* single = std::get_if<const StoreWrite*>(&step)) apply(**single, store);
      else if (const auto* whole = std::get_if<WholeMatch>(&step)) store.store_whole_match(*whole);
      else store.append_turn_run(std::get<TurnRun>(step));
    } catch (const StoreError& error) {
      const std::string what = std::visit(
          [](const auto& s) {
            if constexpr (std::is_same_v<std::decay_t<decltype(s)>, const StoreWrite*>) return describe(*s);
            else return describe(s);
          },
          step);
      throw StoreError("cannot " + what + ": " + error.what());
    }
  }
}

}  // namespace skirmish::store
