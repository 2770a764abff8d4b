#pragma once
// The database layout and its version. Versions only go up: an older server refuses a
// newer database rather than misread it (docs/operations.md, "Upgrading").
#include "server/store/sqlite_db.h"

namespace skirmish::store {

inline constexpr int kSchemaVersion = 6;

// Creates the tables on an empty database, checks the version of an existing one and
// migrates an older one. Returns the version the file had before (0: it was new). Throws
// StoreError naming the path for a database of another program or a newer version.
int prepare_schema(SqliteDb& db);

}  // namespace skirmish::store
