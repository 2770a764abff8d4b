#include "server/store/schema.h"

#include <string>

namespace skirmish::store {

namespace {

// Times are Unix milliseconds (UTC). Options are a JSON object of text values, the seed
// included; settings likewise hold the server's match options (move_time_ms, ...). A seat's token is kept only as its SHA-256 (token_hash.h).
constexpr const char* kCreateV1 = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
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
)sql";

bool has_table(SqliteDb& db, const char* name) {
  Statement query(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  query.bind(1, std::string_view(name));
  return query.step();
}

bool is_empty(SqliteDb& db) {
  Statement query(db, "SELECT count(*) FROM sqlite_master");
  query.step();
  return query.integer(0) == 0;
}

}  // namespace

void prepare_schema(SqliteDb& db) {
  if (is_empty(db)) {
    Transaction transaction(db);
    db.exec(kCreateV1);
    db.exec("INSERT INTO schema_version (version) VALUES (" + std::to_string(kSchemaVersion) + ")");
    transaction.commit();
    return;
  }
  if (!has_table(db, "schema_version") || !has_table(db, "matches"))
    throw StoreError("database " + db.path() +
                     " is not a Skirmish store (no schema_version/matches table); "
                     "move it away or point --data-dir elsewhere");
  Statement query(db, "SELECT max(version) FROM schema_version");
  query.step();
  const auto version = query.optional_integer(0);
  if (!version)
    throw StoreError("database " + db.path() + " has an empty schema_version table");
  if (*version > kSchemaVersion)
    throw StoreError("database " + db.path() + " has schema version " + std::to_string(*version) +
                     ", newer than this server's " + std::to_string(kSchemaVersion) +
                     ": run a newer server (see docs/operations.md, Upgrading)");
  // Version 1 is the first; later versions add their migrations here, in order.
}

}  // namespace skirmish::store
