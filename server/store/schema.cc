#include "server/store/schema.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include <sqlite3.h>

namespace skirmish::store {

namespace {

// Times are Unix milliseconds (UTC). Options are a JSON object of text values, the seed
// included; settings likewise hold the server's match options (move_time_ms, ...). A seat's
// token is kept only as its SHA-256 (token_hash.h).
//
// Version 2 keys seats and moves by the match's `seq`, which grows with every new match, so
// a busy server's writes land on the last few pages of each table instead of all over them
// (the random text ids of version 1 dirtied about 80 pages per group commit).
constexpr const char* kCreateV2 = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE matches (
  seq         INTEGER PRIMARY KEY,
  id          TEXT NOT NULL UNIQUE,
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
  match_seq  INTEGER NOT NULL REFERENCES matches (seq),
  seat       INTEGER NOT NULL CHECK (seat IN (0, 1)),
  name       TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  joined_ms  INTEGER NOT NULL,
  PRIMARY KEY (match_seq, seat)
) WITHOUT ROWID;
CREATE TABLE moves (
  match_seq INTEGER NOT NULL REFERENCES matches (seq),
  turn      INTEGER NOT NULL,
  actors    TEXT NOT NULL CHECK (actors IN ('0', '1', 'both')),
  move0     TEXT,
  move1     TEXT,
  ms0       INTEGER,
  ms1       INTEGER,
  PRIMARY KEY (match_seq, turn)
) WITHOUT ROWID;
)sql";

// Version 3 adds the log every move is appended to first, in the order stored, before it
// is filed into `moves` with the rest of its match's run (move_log.h), and a view of every
// stored move once, wherever it is. No foreign key on the log: the match's row is checked
// when the move is filed.
constexpr const char* kAddV3 = R"sql(
CREATE TABLE recent_moves (
  match_seq INTEGER NOT NULL,
  turn      INTEGER NOT NULL,
  actors    TEXT NOT NULL,
  move0     TEXT,
  move1     TEXT,
  ms0       INTEGER,
  ms1       INTEGER
);
CREATE VIEW all_moves AS
  SELECT match_seq, turn, actors, move0, move1, ms0, ms1 FROM moves
  UNION ALL
  SELECT match_seq, turn, actors, move0, move1, ms0, ms1 FROM recent_moves AS r
  WHERE NOT EXISTS (SELECT 1 FROM moves AS m WHERE m.match_seq = r.match_seq AND m.turn = r.turn);
)sql";

// Version 4 adds the number of the last journal write applied to this file (journal.h):
// the writes after it are still only in the journal files.
constexpr const char* kAddV4 = R"sql(
CREATE TABLE journal_applied (seq INTEGER NOT NULL);
INSERT INTO journal_applied (seq) VALUES (0);
)sql";

// Version 5 writes two CHECK constraints as comparisons, the same rules: SQLite checks a
// list `IN (...)` of three or more values by building a temporary b-tree on every insert
// and update, about a microsecond per write (close to half of the store thread's SQLite
// work per write in store_bench). No stored row changes, so only the text of the tables'
// definitions is edited, SQLite's documented way to change a constraint
// (sqlite.org/lang_altertable.html#otheralter).
struct CheckRewrite {
  const char* before;
  const char* after;
};
constexpr CheckRewrite kChecksV5[] = {
    {"CHECK (status IN ('open', 'running', 'finished', 'cancelled'))",
     "CHECK (status = 'open' OR status = 'running' OR status = 'finished' OR status = 'cancelled')"},
    {"CHECK (actors IN ('0', '1', 'both'))", "CHECK (actors = '0' OR actors = '1' OR actors = 'both')"},
};

// Version 6 records where the writes the store thread held back begin (batch_plan.h,
// HoldBack): the journal writes numbered from `held_from` (0: none) up to `seq` that belong
// to matches absent from this file are still only in the journal.
constexpr const char* kAddV6 = R"sql(
ALTER TABLE journal_applied ADD COLUMN held_from INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 1 -> 2: the same rows, matches numbered in the order they were created.
constexpr const char* kMigrateV1ToV2 = R"sql(
ALTER TABLE matches RENAME TO matches_v1;
ALTER TABLE seats RENAME TO seats_v1;
ALTER TABLE moves RENAME TO moves_v1;
DROP INDEX matches_by_status;
DROP TABLE schema_version;
)sql";

constexpr const char* kCopyV1ToV2 = R"sql(
INSERT INTO matches (id, game, options, settings, status, created_ms, started_ms, finished_ms,
                     winner, reason)
  SELECT id, game, options, settings, status, created_ms, started_ms, finished_ms, winner, reason
  FROM matches_v1 ORDER BY created_ms, id;
INSERT INTO seats (match_seq, seat, name, token_hash, joined_ms)
  SELECT m.seq, s.seat, s.name, s.token_hash, s.joined_ms
  FROM seats_v1 s JOIN matches m ON m.id = s.match_id;
INSERT INTO moves (match_seq, turn, actors, move0, move1, ms0, ms1)
  SELECT m.seq, v.turn, v.actors, v.move0, v.move1, v.ms0, v.ms1
  FROM moves_v1 v JOIN matches m ON m.id = v.match_id;
DROP TABLE moves_v1;
DROP TABLE seats_v1;
DROP TABLE matches_v1;
)sql";

void write_version(SqliteDb& db, int version) {
  db.exec("INSERT INTO schema_version (version) VALUES (" + std::to_string(version) + ")");
}

void migrate_v1_to_v2(SqliteDb& db) {
  // Foreign keys are off while the old tables are renamed and dropped (a drop would check
  // every reference). The copy joins on the match, so every copied row has its match.
  db.exec("PRAGMA foreign_keys = OFF");
  {
    Transaction transaction(db);
    db.exec(kMigrateV1ToV2);
    db.exec(kCreateV2);
    db.exec(kCopyV1ToV2);
    write_version(db, 2);
    transaction.commit();
  }
  db.exec("PRAGMA foreign_keys = ON");
}

void migrate_v2_to_v3(SqliteDb& db) {
  Transaction transaction(db);
  db.exec(kAddV3);
  write_version(db, 3);
  transaction.commit();
}

void migrate_v3_to_v4(SqliteDb& db) {
  Transaction transaction(db);
  db.exec(kAddV4);
  write_version(db, 4);
  transaction.commit();
}

std::int64_t schema_cookie(SqliteDb& db) {
  Statement query(db, "PRAGMA schema_version");
  query.step();
  return query.integer(0);
}

void migrate_v4_to_v5(SqliteDb& db) {
  Transaction transaction(db);
  const std::int64_t cookie = schema_cookie(db);
  db.exec("PRAGMA writable_schema = ON");
  struct SchemaReadOnlyAgain {  // however the edit ends
    SqliteDb& db;
    ~SchemaReadOnlyAgain() { sqlite3_exec(db.handle(), "PRAGMA writable_schema = OFF", nullptr, nullptr, nullptr); }
  } read_only_again{db};
  for (const CheckRewrite& check : kChecksV5) {
    Statement edit(db, "UPDATE sqlite_master SET sql = replace(sql, ?1, ?2) "
                       "WHERE type = 'table' AND instr(sql, ?1) > 0");
    edit.bind(1, std::string_view(check.before)).bind(2, std::string_view(check.after)).run();
    Statement rewritten(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND instr(sql, ?) > 0");
    rewritten.bind(1, std::string_view(check.after)).step();
    if (rewritten.integer(0) != 1)
      throw StoreError("database " + db.path() + ": cannot find the constraint " + check.before +
                       " to rewrite (schema version 4 to 5): the file was edited; restore a backup "
                       "(see docs/operations.md)");
  }
  // A new schema cookie: every connection, this one too, reads the edited definitions.
  db.exec("PRAGMA schema_version = " + std::to_string(cookie + 1));
  write_version(db, 5);
  transaction.commit();
}

void migrate_v5_to_v6(SqliteDb& db) {
  Transaction transaction(db);
  db.exec(kAddV6);
  write_version(db, 6);
  transaction.commit();
}

bool has_table(SqliteDb& db, const char* name) {
  Statement query(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  query.bind(1, std::string_view(name));
  return query.step();
}

// The highest version in schema_version. Every server wrote a whole number from 1 up: a
// 0, a negative number, a fraction or text ('abc' reads as 0 through the C API) means the
// file was damaged or edited, and is refused rather than taken for the current layout.
std::int64_t stored_version(SqliteDb& db) {
  Statement query(db, "SELECT version, typeof(version) FROM schema_version");
  std::optional<std::int64_t> highest;
  while (query.step()) {
    const std::string type = query.text(1);
    if (type != "integer" || query.integer(0) < 1) {
      const std::string shown = type == "integer" || type == "real" ? query.text(0)
                                : type == "null"                   ? "NULL"
                                                                   : "'" + query.text(0) + "'";
      throw StoreError("database " + db.path() + " has schema version " + shown +
                       ", which no Skirmish server writes (versions are whole numbers from 1 up; "
                       "this server's is " + std::to_string(kSchemaVersion) + "): the file was damaged or edited; restore a backup (see "
                       "docs/operations.md)");
    }
    highest = std::max(highest.value_or(0), query.integer(0));
  }
  if (!highest)
    throw StoreError("database " + db.path() + " has an empty schema_version table");
  return *highest;
}

bool is_empty(SqliteDb& db) {
  Statement query(db, "SELECT count(*) FROM sqlite_master");
  query.step();
  return query.integer(0) == 0;
}

}  // namespace

int prepare_schema(SqliteDb& db) {
  if (is_empty(db)) {
    Transaction transaction(db);
    db.exec(kCreateV2);
    db.exec(kAddV3);
    db.exec(kAddV4);
    write_version(db, 4);
    transaction.commit();
    migrate_v4_to_v5(db);
    migrate_v5_to_v6(db);
    return 0;
  }
  if (!has_table(db, "schema_version") || !has_table(db, "matches"))
    throw StoreError("database " + db.path() +
                     " is not a Skirmish store (no schema_version/matches table); "
                     "move it away or point --data-dir elsewhere");
  const std::int64_t version = stored_version(db);
  if (version > kSchemaVersion)
    throw StoreError("database " + db.path() + " has schema version " + std::to_string(version) +
                     ", newer than this server's " + std::to_string(kSchemaVersion) +
                     ": run a newer server (see docs/operations.md, Upgrading)");
  // Each older version is brought up one step at a time, each step in one transaction.
  if (version == 1) migrate_v1_to_v2(db);
  if (version <= 2) migrate_v2_to_v3(db);
  if (version <= 3) migrate_v3_to_v4(db);
  if (version <= 4) migrate_v4_to_v5(db);
  if (version <= 5) migrate_v5_to_v6(db);
  return static_cast<int>(version);  // at most kSchemaVersion here
}

}  // namespace skirmish::store
