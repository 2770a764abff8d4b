#pragma once
// Copies the write-ahead log into the database file from a thread and a connection of its
// own. SQLite's automatic checkpoint runs inside whichever commit makes the log pass 1,000
// pages, fsync included: milliseconds on the path of a move. A passive checkpoint here
// never blocks the server's writes.
//
// But a passive checkpoint alone never lets the log start over while writes keep coming:
// SQLite rewinds the log only when a writer begins after a checkpoint has copied all of
// it, and on a busy server another commit always lands first (the log grew by about
// 40 MB/s under the load generator, without end). So once the log passes
// `restart_above_frames` pages, `restart_log` is called: the store holds its writer back
// between two transactions for the moment it takes to copy what the passive checkpoint
// left, and the next commit writes from the log's beginning again.
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
  // `path`: the database in WAL mode; `full_sync`: fsync as the store's Sync::Full does;
  // `every`: how often to checkpoint; `restart_above_frames`: the log's size, in pages,
  // above which `restart_log` runs (on this thread).
  WalCheckpointer(const std::string& path, bool full_sync, std::chrono::milliseconds every,
                  int restart_above_frames, std::function<void()> restart_log);
  ~WalCheckpointer();  // stops the thread (the store's own close does the last checkpoint)
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

 private:
  void run();

  SqliteDb db_;
  std::chrono::milliseconds every_;
  int restart_above_frames_;
  std::function<void()> restart_log_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace skirmish::store
