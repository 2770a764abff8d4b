// Batches of journal writes (store/batch_plan.h): a match created and ended within a batch
// is written whole, a match's run of turns goes straight into `moves`, and the store ends up
// with exactly the rows its writes one by one would have left, however the batch is split
// into chunks (a long run takes several multi-row inserts); writes that break the rules are
// applied alone, so the error names them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "server/store/batch_plan.h"
#include "server/store/held_matches.h"
#include "server/store/match_store.h"
#include "tests/store/outside_connection.h"
#include "tests/store/temp_dir.h"

namespace {

using namespace skirmish::store;
using skirmish::test::TempDir;
using skirmish::engine::EndReason;
using skirmish::engine::Outcome;

// One match's writes as a server makes them: seats taken (one left and taken again at
// times), then cancelled, or started, played and finished, or left running.
std::vector<StoreWrite> match_script(const std::string& id, std::mt19937& rng) {
  const auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
  skirmish::engine::Options options;
  options.set("seed", std::to_string(rng()));
  std::vector<StoreWrite> writes{MatchCreated{id, "dcms", options, {}, 10}};
  writes.push_back(SeatTaken{id, 0, "ann-" + id, std::string(64, 'a'), 11});
  if (chance(20)) {
    writes.push_back(SeatFreed{id, 0});
    writes.push_back(SeatTaken{id, 0, "cy-" + id, std::string(64, 'c'), 12});
  }
  if (chance(15)) {
    writes.push_back(SeatFreed{id, 0});
    writes.push_back(MatchCancelled{id, 13});
    return writes;
  }
  writes.push_back(SeatTaken{id, 1, "bob-" + id, std::string(64, 'b'), 14});
  writes.push_back(MatchStarted{id, 15});
  const auto turns = rng() % 40;
  for (std::size_t turn = 0; turn < turns; ++turn)
    writes.push_back(TurnPlayed{id, turn,
                                chance(50) ? TurnRecord::both({std::string("N"), std::nullopt}, {5, 6})
                                           : TurnRecord::single(static_cast<int>(turn % 2), "M" + std::to_string(turn), 7)});
  if (chance(80))
    writes.push_back(MatchFinished{id, chance(50) ? Outcome::win(1, EndReason::Timeout) : Outcome::draw(EndReason::MaxTurns), 20});
  return writes;
}

// The scripts of `matches` matches, interleaved at random (each keeps its own order).
std::vector<StoreWrite> interleaved(int matches, std::mt19937& rng) {
  std::vector<std::vector<StoreWrite>> scripts;
  for (int i = 0; i < matches; ++i) scripts.push_back(match_script("m" + std::to_string(i), rng));
  std::vector<std::size_t> next(scripts.size(), 0);
  std::vector<StoreWrite> writes;
  // Matches begin in order, a few at a time, as players create them.
  std::size_t begun = 1;
  while (true) {
    if (begun < scripts.size() && rng() % 4 == 0) ++begun;
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < begun; ++i)
      if (next[i] < scripts[i].size()) open.push_back(i);
    if (open.empty() && begun == scripts.size()) break;
    if (open.empty()) continue;
    const std::size_t pick = open[rng() % open.size()];
    writes.push_back(scripts[pick][next[pick]++]);
  }
  return writes;
}

std::vector<std::string> contents(const TempDir& dir) {
  const auto file = dir.path() / MatchStore::kFileName;
  std::vector<std::string> rows;
  for (const char* sql : {"SELECT * FROM matches ORDER BY seq", "SELECT * FROM seats ORDER BY match_seq, seat",
                          "SELECT * FROM all_moves ORDER BY match_seq, turn"}) {
    const auto table = skirmish::test::query_rows(file, sql);
    rows.insert(rows.end(), table.begin(), table.end());
    rows.push_back("--");
  }
  return rows;
}

template <typename Step>
std::size_t steps_of(const std::vector<BatchStep>& steps) {
  return static_cast<std::size_t>(std::count_if(
      steps.begin(), steps.end(), [](const BatchStep& step) { return std::holds_alternative<Step>(step); }));
}

// Each step as its error messages name it: equal lists are the same plan.
std::vector<std::string> step_names(const std::vector<BatchStep>& steps) {
  std::vector<std::string> names;
  for (const BatchStep& step : steps) {
    if (const auto* single = std::get_if<const StoreWrite*>(&step)) names.push_back(describe(**single));
    else if (const auto* whole = std::get_if<WholeMatch>(&step)) names.push_back(describe(*whole));
    else names.push_back(describe(std::get<TurnRun>(step)));
  }
  return names;
}

// The batch as the durability gate hands it over: one vector per journal append.
std::vector<std::vector<StoreWrite>> in_chunks(const std::vector<StoreWrite>& batch, std::mt19937& rng) {
  std::vector<std::vector<StoreWrite>> chunks;
  for (std::size_t at = 0; at < batch.size();) {
    const std::size_t size = std::min<std::size_t>(1 + rng() % 8, batch.size() - at);
    chunks.emplace_back(batch.begin() + static_cast<long>(at), batch.begin() + static_cast<long>(at + size));
    at += size;
  }
  return chunks;
}

}  // namespace

TEST_CASE("batches leave the same rows as the writes one by one", "[store][batch]") {
  for (const unsigned seed : {1u, 2u, 3u, 4u}) {
    CAPTURE(seed);
    std::mt19937 rng(seed);
    const auto writes = interleaved(40, rng);
    TempDir batched_dir;
    TempDir single_dir;
    std::size_t whole = 0;
    std::size_t runs = 0;
    std::size_t long_ones = 0;  // with more turns than one insert writes (MoveLog::file_directly)
    {
      MatchStore batched(batched_dir.path());
      batched.defer_commits();
      MatchStore single(single_dir.path());
      for (std::size_t begin = 0; begin < writes.size();) {
        const std::size_t size = std::min<std::size_t>(1 + rng() % 80, writes.size() - begin);
        const std::vector<StoreWrite> batch(writes.begin() + static_cast<long>(begin),
                                            writes.begin() + static_cast<long>(begin + size));
        const auto chunks = in_chunks(batch, rng);
        const auto steps = plan_batch(chunks);
        CHECK(step_names(steps) == step_names(plan_batch(batch)));  // chunks change nothing
        whole += steps_of<WholeMatch>(steps);
        runs += steps_of<TurnRun>(steps);
        long_ones += static_cast<std::size_t>(std::count_if(steps.begin(), steps.end(), [](const BatchStep& step) {
          if (const auto* match = std::get_if<WholeMatch>(&step)) return match->turns.size() > MoveLog::kRowsPerInsert;
          if (const auto* run = std::get_if<TurnRun>(&step)) return run->turns.size() > MoveLog::kRowsPerInsert;
          return false;
        }));
        apply_batch(chunks, batched);
        batched.commit_pending();
        for (const StoreWrite& write : batch) apply(write, single);
        begin += size;
      }
      // The history's summaries count the same turns (a live match's count adds the turns
      // still in the move log to those filed, which must be its first ones).
      const auto batched_list = batched.list(std::nullopt);
      const auto single_list = single.list(std::nullopt);
      REQUIRE(batched_list.size() == single_list.size());
      for (std::size_t i = 0; i < batched_list.size(); ++i) {
        CHECK(batched_list[i].id == single_list[i].id);
        CHECK(batched_list[i].turn_count == single_list[i].turn_count);
      }
      // The matches left running carry on alike.
      const auto batched_live = batched.load_unfinished();
      const auto single_live = single.load_unfinished();
      REQUIRE(batched_live.size() == single_live.size());
      for (std::size_t i = 0; i < batched_live.size(); ++i) {
        CHECK(batched_live[i].id == single_live[i].id);
        CHECK(batched_live[i].turns == single_live[i].turns);
      }
    }
    CHECK(whole > 0);  // the cases under test happened
    CHECK(runs > 0);
    CHECK(long_ones > 0);
    CHECK(contents(batched_dir) == contents(single_dir));
  }
}

TEST_CASE("a match created and ended in one batch is one step", "[store][batch]") {
  const std::vector<StoreWrite> batch{
      MatchCreated{"a", "onedchess", {}, {}, 1},
      MatchCreated{"b", "onedchess", {}, {}, 2},
      SeatTaken{"a", 0, "ann", std::string(64, 'a'), 3},
      SeatTaken{"a", 1, "bob", std::string(64, 'b'), 4},
      MatchStarted{"a", 5},
      SeatTaken{"b", 0, "cy", std::string(64, 'c'), 6},
      TurnPlayed{"a", 0, TurnRecord::single(0, "2 RIGHT", 7)},
      MatchFinished{"a", Outcome::win(0, EndReason::KingTaken), 8},
  };
  const auto steps = plan_batch(batch);
  REQUIRE(steps.size() == 3);  // a whole, then b's two writes alone (b has not ended)
  const auto& whole = std::get<WholeMatch>(steps[0]);
  CHECK(whole.created == &std::get<MatchCreated>(batch[0]));
  CHECK(whole.seats[1] == &std::get<SeatTaken>(batch[3]));
  REQUIRE(whole.turns.size() == 1);
  CHECK(whole.finished == &std::get<MatchFinished>(batch[7]));
  CHECK(describe(whole) == "store match a whole (1 turn)");
  CHECK(std::get<const StoreWrite*>(steps[1]) == &batch[1]);
  CHECK(std::get<const StoreWrite*>(steps[2]) == &batch[5]);

  TempDir dir;
  MatchStore store(dir.path());
  store.defer_commits();
  apply_batch(batch, store);
  store.commit_pending();
  const auto a = store.get("a");
  REQUIRE(a);
  CHECK(a->state == MatchState::Finished);
  CHECK(a->started_ms == 5);
  CHECK(a->turns.size() == 1);
  CHECK(store.get("b")->state == MatchState::Open);
}

TEST_CASE("writes that break the rules are applied alone, and the error names the write", "[store][batch]") {
  const auto check_refused = [](const std::vector<StoreWrite>& batch, const std::string& expected) {
    CHECK(steps_of<WholeMatch>(plan_batch(batch)) == 0);
    TempDir dir;
    MatchStore store(dir.path());
    store.defer_commits();
    CHECK_THROWS_WITH(apply_batch(batch, store), Catch::Contains(expected));
    store.rollback_pending();
  };
  const std::vector<StoreWrite> opening{
      MatchCreated{"m", "onedchess", {}, {}, 1},
      SeatTaken{"m", 0, "ann", std::string(64, 'a'), 2},
      SeatTaken{"m", 1, "bob", std::string(64, 'b'), 3},
  };
  const auto with = [&](std::vector<StoreWrite> rest) {
    std::vector<StoreWrite> batch = opening;
    batch.insert(batch.end(), rest.begin(), rest.end());
    return batch;
  };
  const MatchFinished finished{"m", Outcome::win(0, EndReason::KingTaken), 9};
  check_refused(with({MatchStarted{"m", 4}, TurnPlayed{"m", 0, TurnRecord::single(0, "x", 1)},
                      TurnPlayed{"m", 2, TurnRecord::single(1, "y", 1)}, finished}),
                "cannot store turn 3 of match m: ");
  check_refused(with({TurnPlayed{"m", 0, TurnRecord::single(0, "x", 1)}, finished}),
                "cannot store turn 1 of match m: ");
  check_refused(with({MatchStarted{"m", 4}, MatchStarted{"m", 5}, finished}), "cannot start match m: ");
  check_refused(with({MatchStarted{"m", 4}, MatchCancelled{"m", 5}}), "cannot cancel match m: ");
  check_refused(with({finished, SeatFreed{"m", 0}}), "cannot free a seat of match m: ");
  check_refused(with({SeatTaken{"m", 2, "eve", std::string(64, 'e'), 4}, finished}),
                "cannot seat a player in match m: seat 2 is not 0 or 1");
  check_refused(with({MatchCreated{"m", "onedchess", {}, {}, 5}, finished}), "cannot create match m: ");
}

TEST_CASE("a match's consecutive turns in a batch are one step, filed at once", "[store][batch]") {
  TempDir dir;
  MatchStore store(dir.path());
  store.defer_commits();
  apply_batch({MatchCreated{"m", "dcms", {}, {}, 1}, SeatTaken{"m", 0, "ann", std::string(64, 'a'), 2},
               SeatTaken{"m", 1, "bob", std::string(64, 'b'), 3}, MatchStarted{"m", 4},
               TurnPlayed{"m", 0, TurnRecord::single(0, "x", 1)}},
              store);
  store.commit_pending();
  const auto turns = [](std::size_t first, std::size_t count) {
    std::vector<StoreWrite> writes;
    for (std::size_t turn = first; turn < first + count; ++turn)
      writes.push_back(TurnPlayed{"m", turn, TurnRecord::both({std::string("N"), std::string("S")}, {3, 4})});
    return writes;
  };

  auto batch = turns(1, kTurnRun);
  batch.insert(batch.begin() + 3, MatchCreated{"other", "dcms", {}, {}, 5});
  const auto steps = plan_batch(batch);
  REQUIRE(steps.size() == 2);  // the other match's write, then the run where its last turn was
  CHECK(std::get<const StoreWrite*>(steps[0]) == &batch[3]);
  CHECK(std::get<TurnRun>(steps[1]).turns.size() == kTurnRun);
  CHECK(describe(std::get<TurnRun>(steps[1])) == "store turns 2 to 9 of match m");
  apply_batch(batch, store);
  store.commit_pending();
  CHECK(store.get("m")->turns.size() == 1 + kTurnRun);

  // Another write of the match among the turns: each is applied alone.
  auto interrupted = turns(1 + kTurnRun, kTurnRun);
  interrupted.insert(interrupted.begin() + 2, SeatTaken{"m", 1, "bob", std::string(64, 'c'), 6});
  CHECK(steps_of<TurnRun>(plan_batch(interrupted)) == 0);

  // A run that does not start at the match's next turn is refused, naming it.
  CHECK_THROWS_WITH(apply_batch(turns(3 + kTurnRun, kTurnRun), store),
                    Catch::Contains("cannot store turns 12 to 19 of match m: ") &&
                        Catch::Contains("the next turn is 9"));
  store.rollback_pending();
}

TEST_CASE("a batch holds back the matches created in it that have not ended, the oldest first",
          "[store][batch][hold]") {
  const std::vector<StoreWrite> batch{
      MatchCreated{"a", "onedchess", {}, {}, 100},       // 0: ends in the batch: whole
      MatchCreated{"b", "onedchess", {}, {}, 200},       // 1: held (2 writes)
      SeatTaken{"a", 0, "ann", std::string(64, 'a'), 201},
      SeatTaken{"b", 0, "bob", std::string(64, 'b'), 202},  // 3: b's
      MatchCreated{"old", "onedchess", {}, {}, 10},      // 4: too old to hold
      MatchCreated{"d", "onedchess", {}, {}, 300},       // 5: does not fit what is left
      SeatTaken{"d", 0, "di", std::string(64, 'd'), 301},
      MatchCreated{"e", "onedchess", {}, {}, 400},       // 7: breaks the rules: applied alone
      TurnPlayed{"e", 0, TurnRecord::single(0, "2 RIGHT", 7)},
      MatchCancelled{"a", 500},
  };
  const BatchPlan plan = plan_batch({&batch, 1}, HoldBack{1000, 850, 3, 32});
  CHECK(plan.held == std::vector<std::size_t>{1, 3});
  CHECK(step_names(plan.steps) == std::vector<std::string>{
                                      "store match a whole (0 turns)", "create match old",
                                      "create match d", "seat a player in match d", "create match e",
                                      "store turn 1 of match e"});
  // Nothing is held by default, nor when nothing may be.
  CHECK(plan_batch({&batch, 1}, HoldBack{}).held.empty());
  CHECK(plan_batch({&batch, 1}, HoldBack{1000, 850, 0, 32}).held.empty());
  CHECK(plan_batch({&batch, 1}, HoldBack{1000, 850, 100, 32}).held == std::vector<std::size_t>{1, 3, 5, 6});
  CHECK(plan_batch({&batch, 1}, HoldBack{1000, 850, 100, 1}).held.empty());  // each makes 2 writes
}

TEST_CASE("a batch holds back only the matches of the games it is told to", "[store][batch][hold]") {
  const std::vector<StoreWrite> batch{
      MatchCreated{"chess", "onedchess", {}, {}, 900},
      MatchCreated{"long", "tactego", {}, {}, 900},
      SeatTaken{"long", 0, "ann", std::string(64, 'a'), 901},
      SeatTaken{"chess", 0, "bob", std::string(64, 'b'), 902},
  };
  HoldBack hold{1000, 850, 100, 32};
  CHECK(plan_batch({&batch, 1}, hold).held == std::vector<std::size_t>{0, 1, 2, 3});  // any game
  hold.holds_game = [](std::string_view game) { return game == "onedchess"; };
  const BatchPlan plan = plan_batch({&batch, 1}, hold);
  CHECK(plan.held == std::vector<std::size_t>{0, 3});
  CHECK(step_names(plan.steps) == std::vector<std::string>{"create match long", "seat a player in match long"});
}

namespace {

// The rows of every match, keyed by id instead of the order they were written in.
std::vector<std::string> contents_by_id(const TempDir& dir) {
  const auto file = dir.path() / MatchStore::kFileName;
  std::vector<std::string> rows;
  for (const char* sql :
       {"SELECT id, game, options, settings, status, created_ms, started_ms, finished_ms, winner, reason "
        "FROM matches ORDER BY id",
        "SELECT m.id, s.seat, s.name, s.token_hash, s.joined_ms FROM seats s JOIN matches m ON m.seq = s.match_seq "
        "ORDER BY m.id, s.seat",
        "SELECT m.id, v.turn, v.actors, v.move0, v.move1, v.ms0, v.ms1 FROM all_moves v "
        "JOIN matches m ON m.seq = v.match_seq ORDER BY m.id, v.turn"}) {
    const auto table = skirmish::test::query_rows(file, sql);
    rows.insert(rows.end(), table.begin(), table.end());
    rows.push_back("--");
  }
  return rows;
}

}  // namespace

TEST_CASE("held matches leave the same matches as the writes one by one", "[store][batch][hold]") {
  // Small batches; and batches of up to 1,500 writes, where HeldMatches keeps the writes of
  // the matches it does not hold in several chunks of its own.
  struct Shape {
    int matches;
    std::size_t largest_batch;
    std::size_t max_held;
  };
  for (const Shape shape : {Shape{40, 80, 60}, Shape{150, 1500, 2000}})
  for (const unsigned seed : {1u, 2u, 3u}) {
    CAPTURE(shape.matches, seed);
    std::mt19937 rng(seed);
    const auto writes = interleaved(shape.matches, rng);  // every match created at 10
    TempDir batched_dir;
    TempDir single_dir;
    std::size_t held_most = 0;
    {
      MatchStore batched(batched_dir.path());
      batched.defer_commits();
      MatchStore single(single_dir.path());
      HeldMatches held;
      std::uint64_t next_seq = 1;
      for (std::size_t begin = 0; begin < writes.size();) {
        const std::size_t size = std::min<std::size_t>(1 + rng() % shape.largest_batch, writes.size() - begin);
        auto chunks = in_chunks({writes.begin() + static_cast<long>(begin),
                                 writes.begin() + static_cast<long>(begin + size)}, rng);
        // Some matches age out, some make too many writes, a few do not fit, and the last
        // batch holds nothing.
        const bool last = begin + size == writes.size();
        const HoldBack hold{10 + static_cast<std::int64_t>(rng() % 20), 15, last ? 0u : shape.max_held, 12};
        held.apply(chunks, next_seq, batched, hold);
        batched.commit_pending();
        CHECK(held.writes() <= hold.max_writes);
        held_most = std::max(held_most, held.writes());
        for (std::size_t i = begin; i < begin + size; ++i) apply(writes[i], single);
        next_seq += size;
        begin += size;
      }
      CHECK(held.empty());
    }
    CHECK(held_most > 0);  // the case under test happened
    CHECK(contents_by_id(batched_dir) == contents_by_id(single_dir));
  }
}

TEST_CASE("a held match that breaks a rule is written as it goes, and the error names the write",
          "[store][batch][hold]") {
  TempDir dir;
  MatchStore store(dir.path());
  store.defer_commits();
  HeldMatches held;
  std::vector<std::vector<StoreWrite>> first{{MatchCreated{"m", "onedchess", {}, {}, 100},
                                              SeatTaken{"m", 0, "ann", std::string(64, 'a'), 101}}};
  held.apply(first, 1, store, HoldBack{200, 1000, 100, 32});
  CHECK(held.writes() == 2);
  CHECK(held.oldest_created_ms() == 100);
  std::vector<std::vector<StoreWrite>> second{{TurnPlayed{"m", 0, TurnRecord::single(0, "x", 1)}}};
  CHECK_THROWS_WITH(held.apply(second, 3, store, HoldBack{200, 1000, 100, 32}),
                    Catch::Contains("cannot store turn 1 of match m: "));
  store.rollback_pending();
}

TEST_CASE("a held match that makes too many writes, or grows too old, is written as it goes",
          "[store][batch][hold]") {
  TempDir dir;
  MatchStore store(dir.path());
  store.defer_commits();
  HeldMatches held;
  const HoldBack hold{200, 1000, 100, 4};
  std::vector<std::vector<StoreWrite>> opening{{MatchCreated{"many", "dcms", {}, {}, 100},
                                                SeatTaken{"many", 0, "ann", std::string(64, 'a'), 101},
                                                SeatTaken{"many", 1, "bob", std::string(64, 'b'), 102},
                                                MatchCreated{"old", "dcms", {}, {}, 150}}};
  held.apply(opening, 1, store, hold);
  store.commit_pending();
  CHECK(held.writes() == 4);
  CHECK_FALSE(store.get("many"));
  std::vector<std::vector<StoreWrite>> more{{MatchStarted{"many", 103},
                                             TurnPlayed{"many", 0, TurnRecord::single(0, "x", 1)}}};
  held.apply(more, 5, store, hold);  // five writes: more than four
  store.commit_pending();
  CHECK(held.writes() == 1);
  REQUIRE(store.get("many"));
  CHECK(store.get("many")->turns.size() == 1);
  CHECK(held.first_seq() == 4u);
  std::vector<std::vector<StoreWrite>> none;
  held.apply(none, 7, store, HoldBack{1150, 1000, 100, 4});  // "old" is 1,000 ms old now
  store.commit_pending();
  CHECK(held.empty());
  CHECK(store.get("old"));
}
