#include "server/store/batch_plan.h"

#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <variant>

#include "server/store/match_store.h"

namespace skirmish::store {

namespace {

const std::string& match_of(const StoreWrite& write) {
  return std::visit([](const auto& w) -> const std::string& { return w.match; }, write);
}

bool is_seat(engine::Seat seat) { return seat >= 0 && seat < engine::kSeatCount; }

// One match created in the batch, followed through its writes as MatchStore would.
struct Followed {
  enum class State { Open, Running, Ended, Irregular };
  State state = State::Open;
  WholeMatch whole;

  // Takes the match's next write; a write the store would refuse makes it Irregular.
  void take(const StoreWrite& write) {
    const bool live = state == State::Open || state == State::Running;
    const State next = std::visit(
        [&](const auto& w) -> State {
          using Write = std::decay_t<decltype(w)>;
          if constexpr (std::is_same_v<Write, MatchCreated>) {
            return State::Irregular;  // a second creation under the same id
          } else if constexpr (std::is_same_v<Write, SeatTaken>) {
            if (!live || !is_seat(w.seat)) return State::Irregular;
            whole.seats[static_cast<std::size_t>(w.seat)] = &w;
            return state;
          } else if constexpr (std::is_same_v<Write, SeatFreed>) {
            if (!live || !is_seat(w.seat)) return State::Irregular;
            whole.seats[static_cast<std::size_t>(w.seat)] = nullptr;
            return state;
          } else if constexpr (std::is_same_v<Write, MatchStarted>) {
            if (state != State::Open) return State::Irregular;
            whole.started = &w;
            return State::Running;
          } else if constexpr (std::is_same_v<Write, TurnPlayed>) {
            const bool acted = w.turn.acted[0] || w.turn.acted[1];
            if (state != State::Running || w.turn_index != whole.turns.size() || !acted)
              return State::Irregular;
            whole.turns.push_back(&w);
            return state;
          } else if constexpr (std::is_same_v<Write, MatchFinished>) {
            if (!live) return State::Irregular;
            whole.finished = &w;
            return State::Ended;
          } else {
            static_assert(std::is_same_v<Write, MatchCancelled>);
            if (state != State::Open) return State::Irregular;
            whole.cancelled = &w;
            return State::Ended;
          }
        },
        write);
    if (state != State::Irregular) state = next;
  }
};

}  // namespace

std::vector<BatchStep> plan_batch(const std::vector<StoreWrite>& batch) {
  std::unordered_map<std::string_view, Followed> followed;  // the matches created in the batch
  for (const StoreWrite& write : batch) {
    if (const auto* created = std::get_if<MatchCreated>(&write)) {
      const auto [it, is_new] = followed.try_emplace(created->match);
      if (is_new) {
        it->second.whole.created = created;
        continue;
      }
    }
    const auto it = followed.find(match_of(write));
    if (it != followed.end()) it->second.take(write);
  }
  std::vector<BatchStep> steps;
  steps.reserve(batch.size());
  for (const StoreWrite& write : batch) {
    const auto it = followed.find(match_of(write));
    if (it == followed.end() || it->second.state != Followed::State::Ended) {
      steps.emplace_back(&write);
    } else if (it->second.whole.created == std::get_if<MatchCreated>(&write)) {
      steps.emplace_back(std::move(it->second.whole));  // its other writes are in it
    }
  }
  return steps;
}

std::string describe(const WholeMatch& match) {
  const std::size_t turns = match.turns.size();
  return "store match " + match.created->match + " whole (" + std::to_string(turns) +
         (turns == 1 ? " turn)" : " turns)");
}

void apply_batch(const std::vector<StoreWrite>& batch, MatchStore& store) {
  for (const BatchStep& step : plan_batch(batch)) {
    try {
      if (const auto* single = std::get_if<const StoreWrite*>(&step)) apply(**single, store);
      else store.store_whole_match(std::get<WholeMatch>(step));
    } catch (const StoreError& error) {
      const auto* single = std::get_if<const StoreWrite*>(&step);
      throw StoreError("cannot " + (single ? describe(**single) : describe(std::get<WholeMatch>(step))) +
                       ": " + error.what());
    }
  }
}

}  // namespace skirmish::store
