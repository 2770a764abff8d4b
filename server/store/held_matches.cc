#include "server/store/held_matches.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "server/store/match_store.h"

namespace skirmish::store {

namespace {

std::list<StoreWrite> only(StoreWrite&& write) {
  std::list<StoreWrite> writes;
  writes.push_back(std::move(write));
  return writes;
}

}  // namespace

HeldMatches::Held::Held(StoreWrite&& created, std::uint64_t seq)
    : writes(only(std::move(created))), followed(std::get<MatchCreated>(writes.front())), first_seq(seq) {}

std::optional<std::uint64_t> HeldMatches::first_seq() const {
  if (by_first_seq_.empty()) return std::nullopt;
  return by_first_seq_.begin()->first;
}

std::optional<std::int64_t> HeldMatches::oldest_created_ms() const {
  if (by_first_seq_.empty()) return std::nullopt;
  return by_id_.at(by_first_seq_.begin()->second).followed.whole.created->at_ms;
}

void HeldMatches::apply(std::vector<std::vector<StoreWrite>>& batch, std::uint64_t first_seq,
                        MatchStore& store, const HoldBack& hold) {
  // The writes of held matches join them; the others stay in `batch`, closed up, and are
  // planned as a batch of their own. (Moved into one array instead, a batch's 4,096 writes,
  // 720 KB, were mapped afresh each time, past glibc's mmap threshold, and faulted in page by
  // page: most of the store thread's page faults.)
  std::vector<std::uint64_t> rest_seqs;  // the numbers of the writes left in `batch`
  std::vector<std::pair<const std::string*, Held*>> touched;
  std::uint64_t seq = first_seq;
  for (auto& chunk : batch) {
    auto left_end = chunk.begin();
    for (StoreWrite& write : chunk) {
      const auto it = by_id_.find(match_of(write));
      if (it == by_id_.end()) {
        if (&*left_end != &write) *left_end = std::move(write);
        ++left_end;
        rest_seqs.push_back(seq++);
        continue;
      }
      Held& held = it->second;
      held.writes.push_back(std::move(write));
      held.followed.take(held.writes.back());
      ++writes_;
      ++seq;
      if (!std::exchange(held.touched, true)) touched.emplace_back(&it->first, &held);
    }
    chunk.erase(left_end, chunk.end());
  }
  // Held matches first, their writes being the oldest: those that ended are written whole;
  // those that broke a rule, grew too long or too old, or no longer fit are let go, their
  // writes planned as a batch that holds nothing (runs of turns go straight into `moves`).
  std::vector<BatchStep> steps;
  std::vector<std::string> written;
  std::vector<StoreWrite> let_go;
  std::size_t kept = writes_;
  const auto mark_written = [&](const std::string& id, Held& held) {
    written.push_back(id);
    kept -= held.writes.size();
    held.written = true;
  };
  const auto write_as_it_goes = [&](const std::string& id, Held& held) {
    std::move(held.writes.begin(), held.writes.end(), std::back_inserter(let_go));
    mark_written(id, held);
  };
  for (const auto& [id, held] : touched) {
    held->touched = false;
    if (held->followed.ended()) {
      steps.emplace_back(held->followed.whole);
      mark_written(*id, *held);
    } else if (held->followed.irregular || held->writes.size() > hold.max_match_writes) {
      write_as_it_goes(*id, *held);
    }
  }
  // ... those too old to hold (the oldest first, so the first young one ends the search)...
  for (const auto& [held_seq, id] : by_first_seq_) {
    Held& held = by_id_.at(id);
    if (held.written) continue;
    if (hold.max_writes != 0 && !hold.too_old(held.followed.whole.created->at_ms)) break;
    write_as_it_goes(id, held);
  }
  // ... and the newest while more are held than may be.
  for (auto entry = by_first_seq_.rbegin(); entry != by_first_seq_.rend() && kept > hold.max_writes; ++entry) {
    Held& held = by_id_.at(entry->second);
    if (!held.written) write_as_it_goes(entry->second, held);
  }
  std::vector<BatchStep> let_go_steps = plan_batch(let_go);
  steps.insert(steps.end(), std::make_move_iterator(let_go_steps.begin()), std::make_move_iterator(let_go_steps.end()));
  HoldBack hold_new = hold;
  hold_new.max_writes -= kept;
  BatchPlan plan = plan_batch(batch, hold_new);
  steps.insert(steps.end(), std::make_move_iterator(plan.steps.begin()), std::make_move_iterator(plan.steps.end()));
  apply_steps(steps, store);

  for (const std::string& id : written) {
    const auto it = by_id_.find(id);
    writes_ -= it->second.writes.size();
    by_first_seq_.erase(it->second.first_seq);
    by_id_.erase(it);
  }
  // The new matches held: each write's match is its creation's, held at its first.
  // plan.held counts positions across the chunks, in order.
  std::size_t chunk = 0;
  std::size_t chunk_start = 0;
  for (const std::size_t at : plan.held) {
    while (at >= chunk_start + batch[chunk].size()) chunk_start += batch[chunk++].size();
    StoreWrite& write = batch[chunk][at - chunk_start];
    std::string id = match_of(write);
    const auto it = by_id_.find(id);
    if (it == by_id_.end()) {
      by_first_seq_.emplace(rest_seqs[at], id);
      by_id_.try_emplace(std::move(id), std::move(write), rest_seqs[at]);
    } else {
      Held& held = it->second;
      held.writes.push_back(std::move(write));
      held.followed.take(held.writes.back());
    }
    ++writes_;
  }
}

}  // namespace skirmish::store
