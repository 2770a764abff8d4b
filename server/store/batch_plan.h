#pragma once
// How the store thread applies one batch of journaled writes (server/durability_gate.h).
//
// Under load most short games (1D Chess lasts about 7 moves, some 15 ms) are created,
// played and ended within one batch. Written one at a time, such a game costs a dozen
// statements: its match row inserted then updated twice (each update moving it in the
// status index), every move put in the move log, filed from it and later deleted
// (move_log.h). Its final rows are known by the end of the batch, so they are written once
// instead: the match row as it ends, its seats, its moves straight into `moves` (the match
// is the newest, so they go at the table's end). Every other write is applied alone, in the
// batch's order.
//
// Long games (DCMS, Tactego) make many turns in one batch: a run of at least kTurnRun
// consecutive turns of one match, with no other write of that match among them, goes
// straight into `moves` too, sparing each move its row in the move log and that row's
// deletion. Its earlier moves still in the log are filed first, so a match's filed turns
// stay the first ones (what the turn counts rely on).
//
// A match is written whole only if its writes follow the rules the single writes check (a
// start when open, turns in order while running, ...). Otherwise its writes are applied one
// at a time, so the error names the write that broke them.
//
// Games that think last longer than a batch: with 9,900 bots thinking a second a move, a
// 1D Chess game spans some 30 batches, and each batch would update its row, file its moves
// and move it in the indexes, a page of the file for nearly every write. So a batch may hold
// back the matches created in it that have not ended, of the games it is told to
// (`HoldBack`; BatchPlan::held says which writes): held_matches.h keeps them until the
// batch in which they end writes them whole. The journal keeps the held writes
// (MatchStore::mark_journal_applied records where they begin), so a restart still finds them.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/common/outcome.h"
#include "server/store/store_write.h"

namespace skirmish::store {

class MatchStore;

// A match created and ended within one batch, as its writes left it.
struct WholeMatch {
  const MatchCreated* created = nullptr;
  std::array<const SeatTaken*, engine::kSeatCount> seats{};  // at its end; nullptr: empty
  const MatchStarted* started = nullptr;                     // nullptr: never started
  std::vector<const TurnPlayed*> turns;                      // in order, from turn 0
  const MatchFinished* finished = nullptr;    // one of these two ends it
  const MatchCancelled* cancelled = nullptr;
};

// Consecutive turns of one match (not stored whole), in place of the last of them.
struct TurnRun {
  std::vector<const TurnPlayed*> turns;
};
inline constexpr std::size_t kTurnRun = 8;

// One step of a batch: a single write, a whole match (in place of its creation), or a run.
using BatchStep = std::variant<const StoreWrite*, WholeMatch, TurnRun>;

// A batch as the journal's appends handed it over: their writes, in order, chunk by chunk
// (never copied into one array).
using WriteChunks = std::span<const std::vector<StoreWrite>>;

// Which matches created in a batch, and not ended in it, it holds back (none by default).
struct HoldBack {
  std::int64_t now_ms = 0;      // the time the batch is applied (Unix ms, as at_ms)
  std::int64_t max_age_ms = 0;  // a match created longer ago is written as it goes
  std::size_t max_writes = 0;   // what may be held in all; 0: hold nothing
  // A match with more writes is written as it goes: long games (Tactego, DCMS) make many
  // writes in every batch, which the move log and runs of turns already write cheaply.
  std::size_t max_match_writes = 0;
  // The games whose new matches may be held (nullptr: every game). Holding a match that
  // will not end within the limits above saves nothing, and costs the memory of its writes
  // until it is let go: 1,000 thinking Tactego matches held about 30,000.
  bool (*holds_game)(std::string_view game) = nullptr;

  // Whether a match created at `created_ms` is too old to hold (or to keep holding).
  bool too_old(std::int64_t created_ms) const { return now_ms - created_ms >= max_age_ms; }
  bool may_hold(std::string_view game) const { return holds_game == nullptr || holds_game(game); }
};

struct BatchPlan {
  std::vector<BatchStep> steps;  // in the order to apply them
  std::vector<std::size_t> held;  // the positions, in the batch's order, of the held writes
};

// The batch's steps in the order to apply them. Points into `batch`.
BatchPlan plan_batch(WriteChunks batch, const HoldBack& hold);
inline std::vector<BatchStep> plan_batch(WriteChunks batch) { return plan_batch(batch, {}).steps; }
inline std::vector<BatchStep> plan_batch(const std::vector<StoreWrite>& batch) { return plan_batch({&batch, 1}); }

// "store match k3x9 whole (7 turns)", "store turns 5 to 20 of match k3x9", for errors.
std::string describe(const WholeMatch& match);
std::string describe(const TurnRun& run);

// Applies `steps` to `store`, in the open transaction. Throws StoreError naming the step
// that failed ("cannot store turn 3 of match k3x9: ...").
void apply_steps(const std::vector<BatchStep>& steps, MatchStore& store);
// Plans the batch (holding nothing back) and applies its steps.
void apply_batch(WriteChunks batch, MatchStore& store);
inline void apply_batch(const std::vector<StoreWrite>& batch, MatchStore& store) { apply_batch({&batch, 1}, store); }

}  // namespace skirmish::store
