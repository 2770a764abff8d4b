#include "server/store/batch_plan.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <variant>

#include "server/store/followed_match.h"
#include "server/store/match_store.h"

namespace skirmish::store {

namespace {

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
  std::optional<FollowedMatch> followed;  // created in the batch
  bool held = false;                      // held back whole (HoldBack)
  Run run;
};

}  // namespace

BatchPlan plan_batch(WriteChunks batch, const HoldBack& hold) {
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
      if (created && !match.followed) {
        match.followed.emplace(*created);
      } else if (match.followed) {
        match.followed->take(write);
      }
    }
  }
  BatchPlan plan;
  auto& steps = plan.steps;
  steps.reserve(writes);
  std::size_t may_hold = hold.max_writes;
  auto match_of_next = match_of_write.begin();
  std::size_t position = 0;
  for (const auto& chunk : batch) {
    for (const StoreWrite& write : chunk) {
      InBatch& match = **match_of_next++;
      const std::size_t at = position++;
      if (match.followed && match.followed->ended()) {
        if (match.followed->whole.created == std::get_if<MatchCreated>(&write))
          steps.emplace_back(std::move(match.followed->whole));  // its other writes are in it
        continue;
      }
      if (match.followed && match.followed->whole.created == std::get_if<MatchCreated>(&write)) {
        // Decided at its creation, the oldest first: held only if it all fits.
        const FollowedMatch& followed = *match.followed;
        match.held = !followed.irregular && followed.writes <= may_hold &&
                     followed.writes <= hold.max_match_writes &&
                     !hold.too_old(followed.whole.created->at_ms) && hold.may_hold(followed.whole.created->game);
        if (match.held) may_hold -= followed.writes;
      }
      if (match.held) {
        plan.held.push_back(at);
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
  return plan;
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

void apply_steps(const std::vector<BatchStep>& steps, MatchStore& store) {
  for (const BatchStep& step : steps) {
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

void apply_batch(WriteChunks batch, MatchStore& store) { apply_steps(plan_batch(batch), store); }

}  // namespace skirmish::store
