// A database written by a version-1 server (text match ids as keys) is migrated to the
// current schema when the store opens: every match, seat and move is kept, unfinished
// games carry on where they stopped, and the file says it is now the current version.
#include <catch2/catch.hpp>

#include "server/store/match_store.h"
#include "server/store/schema.h"
#include "tests/store/outside_connection.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::store::MatchState;
using skirmish::store::MatchStore;
using skirmish::store::TurnRecord;

// The version-1 layout exactly as version-1 servers created it, with two matches: a 1D
// Chess game two turns in, and a finished one.
constexpr const char* kVersion1Database = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version (version) VALUES (1);
CREATE TABLE matches (
  id          TEXT PRIMARY KEY,
  game        TEXT NOT NULL,
  options     TEXT NOT NULL,
  settings    TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
  created_ms  INTEGER NOT NULL,
  started_ms  INTEGER,
  finished_ms INTEGER,
  winner      INTEGER,
  reason      TEXT
);
CREATE INDEX matches_by_status ON matches (status, created_ms);
CREATE TABLE seats (
  match_id   TEXT NOT NULL REFERENCES matches (id),
  seat       INTEGER NOT NULL CHECK (seat IN (0, 1)),
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  joined_ms  INTEGER NOT NULL,
  PRIMARY KEY (match_id, seat)
);
CREATE TABLE moves (
  match_id TEXT NOT NULL REFERENCES matches (id),
  turn     INTEGER NOT NULL,
  actors   TEXT NOT NULL CHECK (actors IN ('0', '1', 'both')),
  move0    TEXT,
  move1    TEXT,
  ms0      INTEGER,
  ms1      INTEGER,
  PRIMARY KEY (match_id, turn)
);
INSERT INTO matches VALUES ('RUNNING1', 'onedchess', '{"max_turns":"0"}',
  '{"move_time_ms":"0"}', 'running', 2000, 2100, NULL, NULL, NULL);
INSERT INTO matches VALUES ('FINISHED', 'onedchess', '{"max_turns":"0"}',
  '{"move_time_ms":"0"}', 'finished', 1000, 1100, 1900, 0, 'king_taken');
INSERT INTO seats VALUES ('RUNNING1', 0, 'ann', 'hash-ann', 2050);
INSERT INTO seats VALUES ('RUNNING1', 1, 'bob', 'hash-bob', 2090);
INSERT INTO seats VALUES ('FINISHED', 0, 'cy', 'hash-cy', 1050);
INSERT INTO moves VALUES ('RUNNING1', 0, '0', '2 RIGHT', NULL, 120, NULL);
INSERT INTO moves VALUES ('RUNNING1', 1, '1', NULL, '6 LEFT', NULL, 340);
INSERT INTO moves VALUES ('FINISHED', 0, '0', '2 RIGHT', NULL, 5, NULL);
)sql";

std::filesystem::path db_file(const skirmish::test::TempDir& dir) {
  return dir.path() / MatchStore::kFileName;
}

long long schema_version(const skirmish::test::TempDir& dir) {
  return skirmish::test::query_integer(db_file(dir), "SELECT max(version) FROM schema_version");
}

}  // namespace

TEST_CASE("a version-1 database is migrated, and its games carry on", "[store][migration]") {
  skirmish::test::TempDir dir;
  skirmish::test::run_sql(db_file(dir), kVersion1Database);
  {
    MatchStore store(dir.path());
    CHECK(store.found_schema_version() == 1);
    const auto unfinished = store.load_unfinished();
    REQUIRE(unfinished.size() == 1);
    const auto& running = unfinished.front();
    CHECK(running.id == "RUNNING1");
    CHECK(running.state == MatchState::Running);
    CHECK(running.started_ms == 2100);
    REQUIRE(running.seats.size() == 2);
    CHECK(running.seats[1].name == "bob");
    CHECK(running.seats[1].token_hash == "hash-bob");
    REQUIRE(running.turns.size() == 2);
    CHECK(running.turns[1].moves[0] == std::nullopt);
    CHECK(running.turns[1].moves[1] == "6 LEFT");
    CHECK(running.turns[1].millis[1] == 340);

    const auto finished = store.get("FINISHED");
    REQUIRE(finished);
    CHECK(finished->state == MatchState::Finished);
    REQUIRE(finished->result);
    CHECK(finished->result->winner == 0);
    CHECK(finished->turns.size() == 1);

    // The running game goes on from its third turn, and nothing else is accepted.
    store.append_turn("RUNNING1", 2, TurnRecord::single(0, "1 RIGHT", 80));
    CHECK_THROWS_WITH(store.append_turn("RUNNING1", 2, TurnRecord::single(1, "7 LEFT", 80)),
                      Catch::Contains("the next turn is 3"));
    CHECK_THROWS_WITH(store.append_turn("FINISHED", 1, TurnRecord::single(1, "7 LEFT", 80)),
                      Catch::Contains("is not running"));
    // New matches are numbered after the migrated ones.
    store.create_match("NEWMATCH", "onedchess", {}, {}, 3000);
    const auto listed = store.list(std::nullopt);
    REQUIRE(listed.size() == 3);
    CHECK(listed.front().id == "NEWMATCH");
  }
  CHECK(schema_version(dir) == skirmish::store::kSchemaVersion);
  // Reopened, the migrated file is used as it is.
  MatchStore again(dir.path());
  CHECK(again.found_schema_version() == skirmish::store::kSchemaVersion);
  CHECK(again.get("RUNNING1")->turns.size() == 3);
}

TEST_CASE("a version-4 database gets its CHECK constraints as comparisons, as strict as before",
          "[store][migration]") {
  skirmish::test::TempDir dir;
  {
    MatchStore store(dir.path());
    store.create_match("OLD", "onedchess", {}, {}, 1000);
  }
  // What a version-4 server left: the same tables with the constraints as IN lists.
  skirmish::test::run_sql(db_file(dir), R"sql(
    PRAGMA writable_schema = ON;
    UPDATE sqlite_master SET sql = replace(sql,
      'CHECK (status = ''open'' OR status = ''running'' OR status = ''finished'' OR status = ''cancelled'')',
      'CHECK (status IN (''open'', ''running'', ''finished'', ''cancelled''))') WHERE name = 'matches';
    UPDATE sqlite_master SET sql = replace(sql,
      'CHECK (actors = ''0'' OR actors = ''1'' OR actors = ''both'')',
      'CHECK (actors IN (''0'', ''1'', ''both''))') WHERE name = 'moves';
    PRAGMA writable_schema = OFF;
    ALTER TABLE journal_applied DROP COLUMN held_from;
    DELETE FROM schema_version; INSERT INTO schema_version (version) VALUES (4);
  )sql");
  const auto in_lists = [&] {
    return skirmish::test::query_integer(
        db_file(dir), "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%IN (''open''%' OR sql LIKE '%IN (''0''%'");
  };
  REQUIRE(in_lists() == 2);
  {
    MatchStore store(dir.path());
    CHECK(store.found_schema_version() == 4);
    store.record_join("OLD", 0, "ann", "token-ann", 1100);
    store.record_join("OLD", 1, "bob", "token-bob", 1200);
    store.start_match("OLD", 1300);
    store.append_turn("OLD", 0, TurnRecord::single(0, "2 RIGHT", 40));
  }
  CHECK(in_lists() == 0);
  CHECK(schema_version(dir) == skirmish::store::kSchemaVersion);
  CHECK(skirmish::test::query_integer(db_file(dir), "PRAGMA integrity_check(1)") == 0);  // "ok" reads as 0
  // The rules still hold for anyone writing to the file.
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_file(dir).c_str(), &db) == SQLITE_OK);
  CHECK(sqlite3_exec(db, "UPDATE matches SET status = 'paused'", nullptr, nullptr, nullptr) == SQLITE_CONSTRAINT);
  CHECK(sqlite3_exec(db, "INSERT INTO moves VALUES (1, 9, 'nobody', NULL, NULL, NULL, NULL)", nullptr, nullptr,
                     nullptr) == SQLITE_CONSTRAINT);
  sqlite3_close(db);
  MatchStore again(dir.path());
  CHECK(again.found_schema_version() == skirmish::store::kSchemaVersion);
  CHECK(again.get("OLD")->turns.size() == 1);
}

TEST_CASE("a version-5 database learns where held-back writes begin, and its games carry on",
          "[store][migration]") {
  skirmish::test::TempDir dir;
  {
    MatchStore store(dir.path());
    store.create_match("OLD", "onedchess", {}, {}, 1000);
    store.mark_journal_applied(7);
  }
  // What a version-5 server left: journal_applied without held_from.
  skirmish::test::run_sql(db_file(dir), R"sql(
    ALTER TABLE journal_applied DROP COLUMN held_from;
    DELETE FROM schema_version; INSERT INTO schema_version (version) VALUES (5);
  )sql");
  {
    MatchStore store(dir.path());
    CHECK(store.found_schema_version() == 5);
    CHECK(store.journal_applied() == 7);
    store.record_join("OLD", 0, "ann", "token-ann", 1100);
  }
  CHECK(schema_version(dir) == skirmish::store::kSchemaVersion);
  CHECK(skirmish::test::query_integer(db_file(dir), "SELECT held_from FROM journal_applied") == 0);
  MatchStore again(dir.path());
  CHECK(again.found_schema_version() == skirmish::store::kSchemaVersion);
  CHECK(again.get("OLD")->seats.size() == 1);
}
