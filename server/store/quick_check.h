#pragma once
// The corruption check a store runs at open. SQLite's PRAGMA quick_check reports up to
// 100 problems, most of them in one multi-line row; the start error shows only the first
// few and says how many more there are (the full list is one sqlite3 command away).
#include <cstddef>
#include <string>
#include <vector>

#include "server/store/sqlite_db.h"

namespace skirmish::store {

// Throws StoreError naming the file and its first problems when quick_check finds any.
void require_intact(SqliteDb& db);

// "p1; p2; p3 (and 5 more)": the problems of quick_check's rows (each row may hold many,
// one a line; headers like "*** in database main ***" are left out), the first `shown`.
std::string summarize_problems(const std::vector<std::string>& rows, std::size_t shown = 3);

}  // namespace skirmish::store
