#pragma once
// A thin RAII layer over the SQLite C API: one connection, prepared statements, and errors
// that always name the database file. Not thread-safe by itself (MatchStore locks).
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace skirmish::store {

// Every store failure: the message names the database path and what SQLite said.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class SqliteDb;

class Statement {
 public:
  // `persistent`: kept for reuse (SQLite plans it for many runs); see MatchStore::cached.
  Statement(SqliteDb& db, std::string_view sql, bool persistent = false);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binding is 1-based like SQLite's; nullopt binds NULL.
  Statement& bind(int index, std::string_view text);
  Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, const std::optional<std::string>& text);
  Statement& bind(int index, const std::optional<std::int64_t>& value);

  void reset();  // ready to bind and run again (bindings cleared)
  bool step();   // true while a row is available
  void run();   // steps a statement that returns no rows

  bool is_null(int column) const;
  std::string text(int column) const;
  std::int64_t integer(int column) const;
  std::optional<std::string> optional_text(int column) const;
  std::optional<std::int64_t> optional_integer(int column) const;

 private:
  SqliteDb& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteDb {
 public:
  // How long a call waits for another connection's lock (a backup) before SQLITE_BUSY.
  static constexpr int kBusyTimeoutMs = 5000;

  // Opens (creating if missing) the database file read-write. Throws StoreError.
  explicit SqliteDb(std::string path);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  const std::string& path() const { return path_; }
  void exec(std::string_view sql);  // one or more statements without results
  [[noreturn]] void fail(std::string_view what) const;  // throws with SQLite's message
  sqlite3* handle() { return db_; }

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back if not committed (an exception on the way).
class Transaction {
 public:
  explicit Transaction(SqliteDb& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  SqliteDb& db_;
  bool done_ = false;
};

// BEGIN (deferred) ... COMMIT for reads: every statement inside sees one snapshot. Always
// ended, even on an exception: an open read would keep the write-ahead log from being
// copied back and started over (WalCheckpointer), and it would grow without end.
class ReadTransaction {
 public:
  explicit ReadTransaction(SqliteDb& db);
  ~ReadTransaction();
  ReadTransaction(const ReadTransaction&) = delete;
  ReadTransaction& operator=(const ReadTransaction&) = delete;

 private:
  SqliteDb& db_;
};

}  // namespace skirmish::store
