#pragma once
// Copies the write-ahead log into the database file from a thread and a connection of its
// own. SQLite's automatic checkpoint runs inside whichever commit makes the log pass 1,000
// pages, fsync included: milliseconds on the path of a move. A passive checkpoint here
// never blocks the server's writes.
//
// It waits for the log to hold `checkpoint_above_pages` (SQLite's own default of 1,000),
// as the automatic checkpoint would: the first commit after a complete checkpoint starts
// the log over and syncs its header, so checkpointing a small log every round put an
// fdatasync into a commit several times a second on a quiet server.
//
// A passive checkpoint alone never lets the log start over while writes keep coming:
// SQLite rewinds the log only when a writer begins after a checkpoint has copied all of
// it, and on a busy server another commit always lands first (the log grew by about
// 40 MB/s under the load generator, without end). So once the log passes
// `restart_above_pages`, `restart_log` is called: the store holds its writer back between
// two transactions for the moment it takes to copy what the passive checkpoint left, and
// the next commit writes from the log's beginning again.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/sqlite_db.h"

namespace skirmish::store {

class WalCheckpointer {
 public:
  struct Policy {
    std::chrono::milliseconds every{100};  // how often to look at the log
    int checkpoint_above_pages = 1000;
    int restart_above_pages = 16384;  // about 64 MiB of 4 KiB pages
  };

  // `path`: the database in WAL mode; `full_sync`: fsync as the store's Sync::Full does.
  // `restart_log` runs on this thread.
  WalCheckpointer(const std::string& path, bool full_sync, Policy policy,
                  std::function<void()> restart_log);
  ~WalCheckpointer();  // stops the thread (the store's own close does the last checkpoint)
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

  // The writer's commit left the log `pages` long (sqlite3_wal_hook).
  void log_grew(int pages) { log_pages_.store(pages, std::memory_order_relaxed); }

 private:
  void run();

  SqliteDb db_;
  Policy policy_;
  std::function<void()> restart_log_;
  std::atomic<int> log_pages_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace skirmish::store
