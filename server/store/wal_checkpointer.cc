#include "server/store/wal_checkpointer.h"

#include <sqlite3.h>

#include <utility>

#include "server/store/thread_name.h"

namespace skirmish::store {

WalCheckpointer::WalCheckpointer(const std::string& path, bool full_sync, Policy policy,
                                 std::function<void()> restart_log)
    : db_(path), policy_(policy), restart_log_(std::move(restart_log)) {
  db_.exec(full_sync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
  thread_ = std::thread([this] { run(); });
}

WalCheckpointer::~WalCheckpointer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void WalCheckpointer::run() {
  name_this_thread("wal-checkpoint");
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, policy_.every, [this] { return stopping_; })) {
    if (log_pages_.load(std::memory_order_relaxed) < policy_.checkpoint_above_pages) continue;
    lock.unlock();
    // PASSIVE: copies what no reader still needs and never waits for the writer. A busy
    // or failed attempt is simply tried again next time; nothing is lost by skipping one.
    int log_pages = 0;
    sqlite3_wal_checkpoint_v2(db_.handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, &log_pages, nullptr);
    if (log_pages > policy_.restart_above_pages) restart_log_();
    lock.lock();
  }
}

}  // namespace skirmish::store
