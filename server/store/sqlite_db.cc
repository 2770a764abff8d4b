#include "server/store/sqlite_db.h"

#include <sqlite3.h>

namespace skirmish::store {
namespace {

// What to do about a file SQLite finds damaged, or that is not a database at all.
std::string damage_hint(sqlite3* db) {
  const int code = sqlite3_errcode(db);
  if (code != SQLITE_NOTADB && code != SQLITE_CORRUPT) return "";
  return " (the file is damaged or is not a Skirmish database: restore a backup, see "
         "docs/operations.md \"Backups\", or move it away to start with an empty store)";
}

}  // namespace

SqliteDb::SqliteDb(std::string path) : path_(std::move(path)) {
  // SQLite's memory statistics take a global mutex on every allocation; nothing reads them.
  // (Only possible before SQLite initialises, so once, before the first connection.)
  static const int configured = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  (void)configured;
  // No SQLite mutex per call: a connection is only ever used by one thread at a time
  // (MatchStore holds its own lock; the checkpointer has a connection of its own).
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path_.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot open database " + path_ + ": " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
  // Another process (a backup) may hold the lock briefly; wait rather than fail.
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  // SQLite silently opens a file it may not write read-only; the store must write.
  if (sqlite3_db_readonly(db_, "main") == 1) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("database " + path_ + " is read-only: the server needs to write it");
  }
}

SqliteDb::~SqliteDb() { sqlite3_close(db_); }

void SqliteDb::fail(std::string_view what) const {
  throw StoreError("database " + path_ + ": " + std::string(what) + ": " + sqlite3_errmsg(db_) +
                   damage_hint(db_));
}

void SqliteDb::exec(std::string_view sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string message = error ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    throw StoreError("database " + path_ + ": " + message + " (in: " +
                     std::string(sql.substr(0, 60)) + ")" + damage_hint(db_));
  }
}

Statement::Statement(SqliteDb& db, std::string_view sql, bool persistent) : db_(db) {
  if (sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
                         persistent ? SQLITE_PREPARE_PERSISTENT : 0u, &stmt_, nullptr) != SQLITE_OK)
    db_.fail("cannot prepare \"" + std::string(sql.substr(0, 60)) + "\"");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK)
    db_.fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& text) {
  if (text) return bind(index, std::string_view(*text));
  if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, const std::optional<std::int64_t>& value) {
  if (value) return bind(index, *value);
  if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.fail("statement failed");
}

void Statement::run() {
  while (step()) {
  }
}

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::string Statement::text(int column) const {
  const auto* bytes = sqlite3_column_text(stmt_, column);
  const int size = sqlite3_column_bytes(stmt_, column);
  if (!bytes) return {};
  return std::string(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

std::optional<std::string> Statement::optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return text(column);
}

std::optional<std::int64_t> Statement::optional_integer(int column) const {
  if (is_null(column)) return std::nullopt;
  return integer(column);
}

Transaction::Transaction(SqliteDb& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (!done_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

ReadTransaction::ReadTransaction(SqliteDb& db) : db_(db) { db_.exec("BEGIN"); }

ReadTransaction::~ReadTransaction() {
  // Nothing was written: COMMIT and ROLLBACK both just end the read.
  if (sqlite3_exec(db_.handle(), "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
    sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace skirmish::store
