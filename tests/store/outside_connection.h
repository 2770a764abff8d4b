#pragma once
// A second SQLite connection to a store's file, as a backup tool or an older server would
// open it: it sees only what is committed. Each call opens and closes its own connection.
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <sqlite3.h>

namespace skirmish::test {

// Runs `sql` (one or more statements) on `db_file`.
inline void run_sql(const std::filesystem::path& db_file, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_file.c_str(), &db) == SQLITE_OK);
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

// The first column of the first row of `sql` on `db_file`, as an integer.
inline long long query_integer(const std::filesystem::path& db_file, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_file.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* select = nullptr;
  const int prepared = sqlite3_prepare_v2(db, sql.c_str(), -1, &select, nullptr);
  const int stepped = prepared == SQLITE_OK ? sqlite3_step(select) : prepared;
  const long long value = stepped == SQLITE_ROW ? sqlite3_column_int64(select, 0) : 0;
  sqlite3_finalize(select);
  sqlite3_close(db);
  REQUIRE(stepped == SQLITE_ROW);
  return value;
}

// Every row of `sql` on `db_file`, its columns as text joined by '|' (NULL: "-").
inline std::vector<std::string> query_rows(const std::filesystem::path& db_file, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(db_file.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* select = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &select, nullptr) == SQLITE_OK);
  std::vector<std::string> rows;
  while (sqlite3_step(select) == SQLITE_ROW) {
    std::string row;
    for (int column = 0; column < sqlite3_column_count(select); ++column) {
      const auto* text = sqlite3_column_text(select, column);
      row += (column ? "|" : "") + std::string(text ? reinterpret_cast<const char*>(text) : "-");
    }
    rows.push_back(std::move(row));
  }
  sqlite3_finalize(select);
  sqlite3_close(db);
  return rows;
}

// A connection kept open across calls: one that holds a transaction while the store works.
class OutsideConnection {
 public:
  explicit OutsideConnection(const std::filesystem::path& db_file) {
    REQUIRE(sqlite3_open(db_file.c_str(), &db_) == SQLITE_OK);
  }
  ~OutsideConnection() { sqlite3_close(db_); }
  OutsideConnection(const OutsideConnection&) = delete;
  OutsideConnection& operator=(const OutsideConnection&) = delete;
  void exec(const char* sql) { REQUIRE(sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) == SQLITE_OK); }

 private:
  sqlite3* db_ = nullptr;
};

}  // namespace skirmish::test
