#pragma once
// Copies the write-ahead log into the database file from a thread and a connection of its
// own. SQLite's automatic checkpoint runs inside whichever commit makes the log pass 1,000
// pages, fsync included: milliseconds on the path of a move. A passive checkpoint here
// never blocks the server's writes, and the log restarts from its beginning once copied.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/sqlite_db.h"

namespace skirmish::store {

class WalCheckpointer {
 public:
  // `path`: the database in WAL mode; `full_sync`: fsync as the store's Sync::Full does.
  WalCheckpointer(const std::string& path, bool full_sync, std::chrono::milliseconds every);
  ~WalCheckpointer();  // stops the thread (the store's own close does the last checkpoint)
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

 private:
  void run();

  SqliteDb db_;
  std::chrono::milliseconds every_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace skirmish::store
