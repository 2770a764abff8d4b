#pragma once
// The gate that holds messages back until what they tell of is durable, and the store
// thread that puts it into SQLite afterwards.
//
// Game handlers submit() their writes: each is appended to the journal there and then
// (store/journal.h; a copy into a mapped page, no system call), and is durable before
// submit() returns. Every outgoing WebSocket message is stamped with the number of writes
// submitted so far and sent only once that many are durable: nobody is told of a move
// before it is stored, and each connection's messages keep their order. The store thread
// applies the journaled writes to SQLite in batches (kApplyBatch), in one transaction, off
// the network threads, at the lowest CPU priority where it may; the history (await_stored)
// can wait for it.
//
// With --store-sync full each append also waits for fdatasync: writes are then queued, and
// the first after a flush posts the next one to the io_context, which runs once the
// handlers already queued there have run and hands all their writes to a thread of its own
// (JournalSyncer) in one append; only the messages waiting for them wait.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "server/journal_syncer.h"
#include "server/metrics.h"
#include "server/store/journal.h"
#include "server/store/held_matches.h"
#include "server/store/match_store.h"
#include "server/store/store_write.h"
#include "server/thread_priority.h"

namespace skirmish::server {

class DurabilityGate : public std::enable_shared_from_this<DurabilityGate> {
 public:
  // Called once if a journal append or an SQLite write fails: the server must stop (a
  // restart applies the journal to SQLite and reloads every match).
  using FailureHandler = std::function<void(const std::string& why)>;
  // The store thread applies the journaled writes to SQLite in one transaction once this
  // many wait, or this long after the last time, whichever comes first. Each batch costs a
  // commit and a wake-up: at 1,000 thinking moves/s, 500 ms batches took the store thread
  // about half the CPU of 100 ms ones. A busy server fills 4,096 in about 100 ms, long
  // enough for most 1D Chess games to start and end in one batch (written whole,
  // store/batch_plan.h). A history read does not wait out the interval: await_stored
  // wakes the store thread.
  static constexpr std::size_t kApplyBatch = 4096;
  static constexpr std::chrono::milliseconds kApplyInterval{500};
  // The store thread waits for idle CPUs (SCHED_IDLE) unless this many writes wait for it
  // (about a second of a busy server's moves), or a history read does.
  static constexpr std::size_t kCatchUpBacklog = 50'000;
  // Past this many writes not yet in SQLite (about 30 MB), messages wait for the store
  // thread as well: memory stays bounded however slow the disk.
  static constexpr std::size_t kMaxBacklog = 200'000;
  // A batch holds back the matches of short games (engine GameInfo::short_games) created in
  // it that have not ended, within the limits of store/held_matches.h (kHoldAgeMs,
  // kMaxHeldWrites...): such a game is then written whole, at its end (store/batch_plan.h,
  // HoldBack). Held writes count in the backlog. Nothing is held while someone waits for
  // SQLite (a history read, the stop).

  // Starts the journal after the writes `store` already holds (MatchStore applied what a
  // stopped server left in it) and the store thread.
  DurabilityGate(boost::asio::any_io_executor executor, std::shared_ptr<store::MatchStore> store,
                 Metrics& metrics, FailureHandler on_failure, std::size_t max_backlog = kMaxBacklog);
  ~DurabilityGate();  // stop()
  DurabilityGate(const DurabilityGate&) = delete;
  DurabilityGate& operator=(const DurabilityGate&) = delete;

  // Journals `write` (with --store-sync full: queues it for the next flush). Throws
  // StoreError when the store has failed, the append failed or the gate has stopped
  // (`write` is then left as it was): the caller must not go on.
  void submit(store::StoreWrite&& write);
  // The stamp for a message queued now, and whether what it may tell of is durable.
  std::uint64_t stamp() const { return submitted_.load(); }
  bool passed(std::uint64_t stamp) const { return stamp <= durable_.load(); }
  // True once a write failed: stamps not passed by then may never pass.
  bool failed() const { return failed_.load(); }
  // Runs `resume` on the executor once `stamp` is durable (the resumes released together run
  // in one handler: each should only dispatch to its own strand). Only messages stamped
  // while SQLite is too far behind, or with --store-sync full, wait. Returns false,
  // and never runs it, when `stamp` already is durable.
  bool wait_for(std::uint64_t stamp, std::function<void()> resume);
  // Blocks (off the network threads) until SQLite holds the writes up to `stamp`, so that a
  // history read sees every move its client was told of. False after `timeout`.
  bool await_stored(std::uint64_t stamp, std::chrono::milliseconds timeout);
  // Journals what is queued, applies everything to SQLite, then stops the store thread.
  void stop();

 private:
  // Throws StoreError once the store has failed or the gate has stopped (queue_mutex_ held).
  void refuse_if_closed() const;
  // With --store-sync full: queues `write` for the next flush, which journals it.
  void queue_for_flush(store::StoreWrite&& write);
  void flush();
  // Appends writes first..last to the journal, hands them to the store thread and releases
  // the messages waiting for them (at once on the executor, else posted to it).
  void journal(std::string& lines, std::vector<store::StoreWrite>& writes, std::uint64_t first,
               std::uint64_t last, bool on_executor);
  // Moves journaled writes (the last numbered `last`) to the store thread's queue.
  void hand_over(std::span<store::StoreWrite> writes, std::uint64_t last);
  // Raises durable_ to `journaled` unless it is higher; returns the value it had.
  std::uint64_t raise_durable(std::uint64_t journaled);
  void run();
  // From another thread (a history read, the stop): the store thread at normal priority,
  // now and after any lowering it is in the middle of (raise_wanted_).
  void raise_store_thread();
  // Applies `count` new writes, the last numbered last_seq, with the held matches, in one
  // transaction; holds back new matches unless `urgent`.
  void apply_batch(std::vector<std::vector<store::StoreWrite>>& batch, std::size_t count,
                   std::uint64_t last_seq, bool urgent);
  // The server's limits for a batch applied now; nothing new is held when `urgent`.
  static store::HoldBack hold_back(bool urgent);
  bool oldest_held_aged_out() const;
  // On the executor: announces the writes up to `journaled`.
  void release_through(std::uint64_t journaled);
  void release_waiters();
  void fail(const std::string& why);

  const std::size_t max_backlog_;
  boost::asio::any_io_executor executor_;
  std::shared_ptr<store::MatchStore> store_;
  Metrics& metrics_;
  FailureHandler on_failure_;
  store::Journal journal_;

  // Submissions, one at a time (queue_mutex_): the line being appended or, with
  // --store-sync full, the writes queued for the next flush and their lines.
  std::mutex queue_mutex_;
  std::string lines_;
  std::vector<store::StoreWrite> queued_;
  bool flush_posted_ = false;  // a flush is on its way to the io_context
  bool stopping_ = false;
  std::string failure_;  // why submissions are refused (empty while the store works)
  std::atomic<std::uint64_t> submitted_;
  std::atomic<std::uint64_t> journaled_;
  std::atomic<std::uint64_t> durable_;  // journaled and released (see kMaxBacklog)
  std::atomic<bool> failed_{false};
  std::mutex flush_mutex_;  // one flush at a time: the journal keeps the numbers' order

  // Journaled writes for the store thread (store_mutex_).
  std::mutex store_mutex_;
  std::condition_variable store_wake_;
  // In vectors of up to kChunkWrites (or of one synced group's writes, if more), all freed
  // once applied: no array keeps the longest backlog's size.
  // 512 writes (90 KiB) stay below glibc's mmap threshold (128 KiB): 1,024 were mapped,
  // faulted in page by page on the network thread and unmapped on the store thread.
  static constexpr std::size_t kChunkWrites = 512;
  std::vector<std::vector<store::StoreWrite>> to_store_;
  std::size_t to_store_count_ = 0;   // writes in to_store_
  std::uint64_t to_store_last_ = 0;  // the number of the last write in to_store_
  bool store_idle_ = false;           // waiting for writes: the next one wakes it
  bool batch_full_ = false;           // kApplyBatch writes wait: the store thread was woken
  bool hurry_ = false;                // a history read waits: apply now
  std::uint64_t hurry_through_ = 0;   // ... and SQLite must hold every write up to this one
  bool store_stopping_ = false;
  bool store_broken_ = false;  // an SQLite write failed: nothing more is applied
  std::condition_variable stored_changed_;
  std::atomic<std::uint64_t> stored_;  // this write and all before it are in SQLite
  // How many writes SQLite holds: those up to the last applied batch's but the held ones.
  std::atomic<std::uint64_t> in_store_;
  store::HeldMatches held_;  // store thread only

  std::mutex waiters_mutex_;
  std::vector<std::pair<std::uint64_t, std::function<void()>>> waiters_;
  std::once_flag failure_reported_;
  ThreadPriority priority_;  // the store thread's
  // Set (before raising it) by a stop or a history read that needs the store thread now;
  // cleared by the store thread as it takes a batch. Read after the store thread lowers
  // itself, which it does without a lock: a raise that came meanwhile is not undone.
  std::atomic<bool> raise_wanted_{false};
  bool background_ = false;  // it may wait for idle CPUs (ThreadPriority::can_leave_background)
  std::once_flag priority_refused_;
  std::optional<JournalSyncer> syncer_;  // with --store-sync full only
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace skirmish::server
