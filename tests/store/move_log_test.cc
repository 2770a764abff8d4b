// The move log (server/store/move_log.h): moves are appended to recent_moves and filed into
// moves in runs; whichever table a move is in, every read (get, list, load_unfinished,
// the all_moves view) sees each move exactly once, filed turns keep their values (MoveLog
// files them from its copies) and a run is filed whole or not at all, and a restart files
// what the log held.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "server/store/match_store.h"
#include "server/store/schema.h"
#include "tests/store/outside_connection.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::engine::EndReason;
using skirmish::engine::Options;
using skirmish::engine::Outcome;
using skirmish::store::MatchState;
using skirmish::store::MatchStore;
using skirmish::store::MoveLog;
using skirmish::store::TurnRecord;

std::filesystem::path db_file(const skirmish::test::TempDir& dir) {
  return dir.path() / MatchStore::kFileName;
}

long long count(const skirmish::test::TempDir& dir, const std::string& sql) {
  return skirmish::test::query_integer(db_file(dir), sql);
}

// A running 1D Chess match; its turns are stand-ins (the store does not check moves).
void start(MatchStore& store, const std::string& id) {
  store.create_match(id, "onedchess", Options{{"seed", "1"}}, Options{}, 1);
  store.record_join(id, 0, "white", "token-w-" + id, 2);
  store.record_join(id, 1, "black", "token-b-" + id, 3);
  store.start_match(id, 4);
}

TurnRecord turn_of(const std::string& id, std::size_t index) {
  return TurnRecord::single(static_cast<int>(index % 2), id + "-" + std::to_string(index),
                            static_cast<std::int64_t>(index));
}

void play(MatchStore& store, const std::string& id, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) store.append_turn(id, i, turn_of(id, i));
}

// Every turn of `id` reads back, in order, through get() and list().
void check_turns(MatchStore& store, const std::string& id, std::size_t expected) {
  const auto record = store.get(id);
  REQUIRE(record);
  REQUIRE(record->turns.size() == expected);
  for (std::size_t i = 0; i < expected; ++i) CHECK(record->turns[i] == turn_of(id, i));
  CHECK(record->turn_count == expected);
  bool listed = false;
  for (const auto& summary : store.list(std::nullopt)) {
    if (summary.id != id) continue;
    listed = true;
    CHECK(summary.turn_count == expected);
  }
  CHECK(listed);
}

}  // namespace

TEST_CASE("moves are filed in runs per match, and reads see each move once, filed or not", "[store][move_log]") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path(), MatchStore::Sync::Normal, {}, MoveLog::Policy{4, 1000});
  start(store, "a");
  start(store, "b");
  play(store, "a", 0, 10);
  play(store, "b", 0, 3);

  // a: two runs of 4 filed, 2 still only in the log; b: nothing filed yet.
  CHECK(count(dir, "SELECT count(*) FROM moves WHERE match_seq = 1") == 8);
  CHECK(count(dir, "SELECT count(*) FROM moves WHERE match_seq = 2") == 0);
  CHECK(count(dir, "SELECT count(*) FROM recent_moves") == 13);  // filed rows stay until cut
  CHECK(count(dir, "SELECT count(*) FROM all_moves") == 13);
  check_turns(store, "a", 10);
  check_turns(store, "b", 3);

  // Finishing files the rest of the match.
  store.finish_match("a", Outcome::win(0, EndReason::KingTaken), 9);
  CHECK(count(dir, "SELECT count(*) FROM moves WHERE match_seq = 1") == 10);
  check_turns(store, "a", 10);
  CHECK(store.get("a")->state == MatchState::Finished);
}

TEST_CASE("a match that stops moving is filed when its moves leave the log's window, and "
          "the rows before the window are deleted", "[store][move_log]") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path(), MatchStore::Sync::Normal, {}, MoveLog::Policy{1000, 16});
  start(store, "idle");
  start(store, "busy");
  play(store, "idle", 0, 3);
  play(store, "busy", 0, 40);

  CHECK(count(dir, "SELECT count(*) FROM moves WHERE match_seq = 1") == 3);  // idle: filed
  CHECK(count(dir, "SELECT count(*) FROM moves WHERE match_seq = 2") > 0);   // busy: filed as it left
  CHECK(count(dir, "SELECT count(*) FROM recent_moves") < 43);
  CHECK(count(dir, "SELECT count(*) FROM recent_moves") >= 16);  // the window is kept
  CHECK(count(dir, "SELECT count(*) FROM all_moves") == 43);
  check_turns(store, "idle", 3);
  check_turns(store, "busy", 40);

  // The idle match carries on where it stopped.
  play(store, "idle", 3, 5);
  check_turns(store, "idle", 5);
}

TEST_CASE("filed turns keep every seat's move, null move and time as stored", "[store][move_log]") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path(), MatchStore::Sync::Normal, {}, MoveLog::Policy{3, 1000});
  store.create_match("d", "dcms", Options{{"seed", "1"}}, Options{}, 1);
  store.record_join("d", 0, "dog", "token-d0", 2);
  store.record_join("d", 1, "cat", "token-d1", 3);
  store.start_match("d", 4);
  const std::vector<TurnRecord> turns = {
      TurnRecord::both({std::string("M 4 C 6"), std::string("")}, {12, 0}),  // an empty text
      TurnRecord::both({std::nullopt, std::string("M 1 D 2")}, {7, 1234567890123}),
      TurnRecord::both({std::nullopt, std::nullopt}, {0, 0}),  // both null moves
      TurnRecord::single(1, "a move text longer than fifteen characters", 5),
  };
  for (std::size_t i = 0; i < turns.size(); ++i) store.append_turn("d", i, turns[i]);
  store.finish_match("d", Outcome::win(0, EndReason::CheeseEaten), 9);
  CHECK(count(dir, "SELECT count(*) FROM moves WHERE match_seq = 1") == 4);  // all filed
  const auto record = store.get("d");
  REQUIRE(record);
  CHECK(record->turns == turns);
}

TEST_CASE("a run that cannot be filed leaves none of its moves filed", "[store][move_log]") {
  skirmish::test::TempDir dir;
  MatchStore store(dir.path(), MatchStore::Sync::Normal, {}, MoveLog::Policy{4, 1000});
  start(store, "m");
  play(store, "m", 0, 3);
  // Turn 2's place in `moves` is taken, so filing the run of turns 0 to 3 fails on its
  // third insert: the first two must not stay behind, or the next filing would repeat them.
  skirmish::test::run_sql(db_file(dir),
                          "INSERT INTO moves (match_seq, turn, actors, move0) VALUES (1, 2, '0', 'x')");
  CHECK_THROWS_AS(store.append_turn("m", 3, turn_of("m", 3)), skirmish::store::StoreError);
  CHECK(count(dir, "SELECT count(*) FROM moves WHERE match_seq = 1") == 1);
  CHECK(count(dir, "SELECT count(*) FROM recent_moves WHERE match_seq = 1 AND turn < 3") == 3);

  // With the way cleared, the match's moves are filed whole when it finishes. Turn 3's log
  // row was committed before its filing failed (no transaction was open), so it is filed too.
  skirmish::test::run_sql(db_file(dir), "DELETE FROM moves WHERE match_seq = 1");
  store.finish_match("m", Outcome::win(0, EndReason::KingTaken), 9);
  CHECK(count(dir, "SELECT count(*) FROM moves WHERE match_seq = 1") == 4);
  const auto record = store.get("m");
  REQUIRE(record);
  for (std::size_t i = 0; i < 3; ++i) CHECK(record->turns[i] == turn_of("m", i));
}

TEST_CASE("a restart files what the log held, a move filed before the stop only once", "[store][move_log]") {
  skirmish::test::TempDir dir;
  {
    MatchStore store(dir.path(), MatchStore::Sync::Normal, {}, MoveLog::Policy{4, 1000});
    start(store, "m");
    play(store, "m", 0, 6);  // 4 filed, all 6 in the log
  }
  CHECK(count(dir, "SELECT count(*) FROM recent_moves") == 6);
  {
    MatchStore store(dir.path(), MatchStore::Sync::Normal, {}, MoveLog::Policy{4, 1000});
    CHECK(count(dir, "SELECT count(*) FROM recent_moves") == 0);
    CHECK(count(dir, "SELECT count(*) FROM moves") == 6);
    const auto unfinished = store.load_unfinished();
    REQUIRE(unfinished.size() == 1);
    CHECK(unfinished[0].turns.size() == 6);
    // The next turn is the seventh: the filed count was taken up after the restart.
    CHECK_THROWS_AS(store.append_turn("m", 5, turn_of("m", 5)), skirmish::store::StoreError);
    play(store, "m", 6, 8);
    check_turns(store, "m", 8);
  }
}

TEST_CASE("a version-2 database gets the move log, and its games carry on", "[store][move_log][migration]") {
  skirmish::test::TempDir dir;
  {
    MatchStore store(dir.path());
    start(store, "old");
    play(store, "old", 0, 5);
    store.finish_match("old", Outcome::win(1, EndReason::KingTaken), 9);
    start(store, "running");
    play(store, "running", 0, 3);
  }
  { MatchStore reopened(dir.path()); }  // files the log's moves: a version-2 file has them all in moves
  // What a version-2 server left: no log, no view, version 2.
  skirmish::test::run_sql(db_file(dir),
                          "DROP VIEW all_moves; DROP TABLE recent_moves; DROP TABLE journal_applied; "
                          "DELETE FROM schema_version; INSERT INTO schema_version (version) VALUES (2)");
  CHECK(count(dir, "SELECT count(*) FROM moves") == 8);
  MatchStore store(dir.path());
  CHECK(store.found_schema_version() == 2);
  CHECK(count(dir, "SELECT max(version) FROM schema_version") == skirmish::store::kSchemaVersion);
  check_turns(store, "old", 5);
  play(store, "running", 3, 6);
  check_turns(store, "running", 6);
}
