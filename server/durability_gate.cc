#include "server/durability_gate.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include <boost/asio/post.hpp>

#include <spdlog/spdlog.h>

#include "engine/registry.h"
#include "server/match_services.h"  // unix_ms: the clock of the writes' times
#include "server/store/batch_plan.h"
#include "server/store/thread_name.h"

namespace skirmish::server {

DurabilityGate::DurabilityGate(boost::asio::any_io_executor executor,
                               std::shared_ptr<store::MatchStore> store, Metrics& metrics,
                               FailureHandler on_failure, std::size_t max_backlog)
    : max_backlog_(max_backlog),
      executor_(std::move(executor)),
      store_(std::move(store)),
      metrics_(metrics),
      on_failure_(std::move(on_failure)),
      journal_(store_->data_dir(), store_->journal_applied() + 1,
               store_->sync() == store::MatchStore::Sync::Full),
      submitted_(store_->journal_applied()),
      journaled_(store_->journal_applied()),
      durable_(store_->journal_applied()),
      stored_(store_->journal_applied()),
      in_store_(store_->journal_applied()) {
  store_->defer_commits();
  background_ = ThreadPriority::can_leave_background();
  if (background_)
    spdlog::info("store: the store thread applies the journal to SQLite when a CPU is idle (SCHED_IDLE)");
  else
    spdlog::info("store: the store thread runs at normal priority (waiting for idle CPUs needs a way "
                 "back: root, CAP_SYS_NICE or RLIMIT_NICE 20, e.g. docker run --ulimit nice=20)");
  if (store_->sync() == store::MatchStore::Sync::Full)
    syncer_.emplace([this](std::string& lines, std::vector<store::StoreWrite>& writes, std::uint64_t first,
                           std::uint64_t last) { journal(lines, writes, first, last, false); });
  thread_ = std::thread([this] { run(); });
}

DurabilityGate::~DurabilityGate() { stop(); }

void DurabilityGate::submit(store::StoreWrite&& write) {
  if (syncer_) return queue_for_flush(std::move(write));
  std::string failed_append;
  bool release_held = false;
  {
    std::lock_guard lock(queue_mutex_);
    refuse_if_closed();
    // Numbered and appended under the lock, so the journal follows the numbers' order.
    const std::uint64_t seq = submitted_.load() + 1;
    lines_.clear();
    store::append_journal_line(lines_, seq, write);
    try {
      ScopedTimer timer(metrics_.store_write_latency);
      journal_.append(lines_, seq, seq);
    } catch (const store::StoreError& error) {
      failed_append = error.what();
      failure_ = failed_append;  // at once: no other thread appends after a failed append
      failed_.store(true);
    }
    if (failed_append.empty()) {
      journaled_.store(seq);
      hand_over(std::span(&write, 1), seq);
      // Durable before it is numbered: a message stamped with `seq` passes at once, with
      // no waiting and no handler to resume it. Unless SQLite is too far behind: then the
      // messages wait for the store thread (apply_batch releases them).
      if (seq - in_store_.load() < max_backlog_) release_held = raise_durable(seq) + 1 < seq;
      submitted_.store(seq);
    }
  }
  if (!failed_append.empty()) {
    metrics_.store_errors_total.fetch_add(1, std::memory_order_relaxed);
    fail(failed_append);  // this write was not announced, and will not be
    throw store::StoreError(failed_append);
  }
  // Messages held while the backlog was full: resumed from the executor, not from inside
  // the game handler that made this write.
  if (release_held)
    boost::asio::post(executor_, [weak = weak_from_this()] {
      if (const auto self = weak.lock()) self->release_waiters();
    });
}

void DurabilityGate::refuse_if_closed() const {
  if (!failure_.empty()) throw store::StoreError("the store has failed: " + failure_);
  if (stopping_) throw store::StoreError("the server is stopping");
}

void DurabilityGate::queue_for_flush(store::StoreWrite&& write) {
  bool post_flush = false;
  {
    std::lock_guard lock(queue_mutex_);
    refuse_if_closed();
    // Numbered under the lock, so numbers follow the queue's order.
    const std::uint64_t seq = submitted_.load() + 1;
    store::append_journal_line(lines_, seq, write);
    queued_.push_back(std::move(write));
    submitted_.store(seq);
    post_flush = !std::exchange(flush_posted_, true);
  }
  // Posted, so it runs after the handlers already queued: their writes join this append.
  if (post_flush) boost::asio::post(executor_, [self = shared_from_this()] { self->flush(); });
}

void DurabilityGate::flush() {
  std::lock_guard flush_lock(flush_mutex_);
  std::string lines;
  std::vector<store::StoreWrite> writes;
  std::uint64_t last = 0;
  {
    std::lock_guard lock(queue_mutex_);
    flush_posted_ = false;  // a write from now on posts the next flush
    if (queued_.empty() || !failure_.empty()) return;
    lines.swap(lines_);
    writes.swap(queued_);
    last = submitted_.load();
  }
  const std::uint64_t first = last - writes.size() + 1;
  if (syncer_) return syncer_->enqueue(std::move(lines), std::move(writes), first, last);
  journal(lines, writes, first, last, true);
}

void DurabilityGate::journal(std::string& lines, std::vector<store::StoreWrite>& writes,
                             std::uint64_t first, std::uint64_t last, bool on_executor) {
  try {
    ScopedTimer timer(metrics_.store_write_latency);
    journal_.append(lines, first, last);
  } catch (const store::StoreError& error) {
    metrics_.store_errors_total.fetch_add(1, std::memory_order_relaxed);
    fail(error.what());  // none of these writes was announced, and none will be
    return;
  }
  journaled_.store(last);
  hand_over(writes, last);
  // Announced at once, unless SQLite is too far behind: then the games wait for it, as
  // they would for a slow disk, rather than the backlog growing without end in memory.
  if (last - in_store_.load() >= max_backlog_) return;
  if (on_executor) return release_through(last);
  boost::asio::post(executor_, [weak = weak_from_this(), last] {
    if (const auto self = weak.lock()) self->release_through(last);
  });
}

void DurabilityGate::hand_over(std::span<store::StoreWrite> writes, std::uint64_t last) {
  metrics_.store_writes_total.fetch_add(writes.size(), std::memory_order_relaxed);
  metrics_.store_backlog.fetch_add(writes.size(), std::memory_order_relaxed);
  bool wake = false;
  {
    std::lock_guard lock(store_mutex_);
    to_store_count_ += writes.size();
    // A few writes (bots that think make about one per append) join the last vector, as
    // before chunks: not thousands of tiny vectors a second, each freed on another thread.
    if (to_store_.empty() || to_store_.back().size() + writes.size() > kChunkWrites) {
      to_store_.emplace_back();
      to_store_.back().reserve(std::max(writes.size(), kChunkWrites));
    }
    std::move(writes.begin(), writes.end(), std::back_inserter(to_store_.back()));
    to_store_last_ = last;
    wake = std::exchange(store_idle_, false) ||
           (to_store_count_ >= kApplyBatch && !std::exchange(batch_full_, true));
  }
  if (wake) store_wake_.notify_one();
}

std::uint64_t DurabilityGate::raise_durable(std::uint64_t journaled) {
  std::uint64_t seen = durable_.load();  // raised only: two threads may race here
  while (seen < journaled && !durable_.compare_exchange_weak(seen, journaled)) {
  }
  return seen;
}

void DurabilityGate::release_through(std::uint64_t journaled) {
  if (raise_durable(journaled) < journaled) release_waiters();
}

bool DurabilityGate::wait_for(std::uint64_t stamp, std::function<void()> resume) {
  std::lock_guard lock(waiters_mutex_);
  // Checked under the lock release_waiters() takes after raising the durable count: no
  // wake-up is lost.
  if (passed(stamp)) return false;
  waiters_.emplace_back(stamp, std::move(resume));
  return true;
}

void DurabilityGate::release_waiters() {
  std::vector<std::function<void()>> ready;
  {
    std::lock_guard lock(waiters_mutex_);
    auto still_waiting = std::partition(waiters_.begin(), waiters_.end(),
                                        [this](const auto& waiter) { return !passed(waiter.first); });
    for (auto it = still_waiting; it != waiters_.end(); ++it) ready.push_back(std::move(it->second));
    waiters_.erase(still_waiting, waiters_.end());
  }
  for (const auto& resume : ready) resume();  // callers run on the executor
}

bool DurabilityGate::await_stored(std::uint64_t stamp, std::chrono::milliseconds timeout) {
  std::unique_lock lock(store_mutex_);
  if (stored_.load() >= stamp) return true;
  raise_store_thread();  // a store thread kept waiting for an idle CPU runs now
  hurry_ = true;
  hurry_through_ = std::max(hurry_through_, stamp);
  store_wake_.notify_one();
  return stored_changed_.wait_for(lock, timeout, [&] { return stored_.load() >= stamp; });
}

void DurabilityGate::stop() {
  {
    std::lock_guard lock(queue_mutex_);
    if (std::exchange(stopping_, true)) return;
  }
  flush();  // the network threads have stopped: what they queued is journaled here
  if (syncer_) syncer_->stop();
  {
    std::lock_guard lock(store_mutex_);
    store_stopping_ = true;
    // What is left is applied now, not when a CPU is idle: on a busy machine a store thread
    // left in SCHED_IDLE kept a SIGTERM'ed server up for 2-30 s (it must exit within 5).
    raise_store_thread();
  }
  store_wake_.notify_one();
  if (thread_.joinable()) thread_.join();
  if (!failed_.load()) durable_.store(journaled_.load());  // everything is in SQLite now
}

void DurabilityGate::raise_store_thread() {
  raise_wanted_.store(true);  // first: the store thread reads it after lowering itself (run)
  priority_.set_background(false);
}

void DurabilityGate::run() {
  name_this_thread("store");
  // The journal has made every write durable already: SQLite can wait for a CPU nothing
  // else wants (a store thread at normal priority doubled the games' p99 latency on a busy
  // machine). It runs at normal priority while someone waits for it or it falls behind.
  if (background_) priority_.bind_to_this_thread();
  std::vector<std::vector<store::StoreWrite>> batch;
  for (;;) {
    if (store_broken_) {
      // Nothing more is applied (the journal keeps it for the restart): wait for the stop.
      // Looping on, a stop with matches held back asked for them at once again and again.
      std::unique_lock lock(store_mutex_);
      store_wake_.wait(lock, [this] { return store_stopping_; });
      return;
    }
    std::size_t count = 0;
    std::uint64_t last = 0;
    bool urgent = false;
    bool priority_refused = false;
    {
      std::unique_lock lock(store_mutex_);
      // Gather for a while (a history read or the stop cuts it short), then wait for work.
      store_wake_.wait_for(lock, kApplyInterval, [this] {
        return store_stopping_ || hurry_ || to_store_count_ >= kApplyBatch;
      });
      store_idle_ = to_store_.empty();
      // Held matches wait for new writes (their end), or to age out: looked at each interval.
      if (held_.empty()) store_wake_.wait(lock, [this] { return store_stopping_ || !to_store_.empty(); });
      store_idle_ = false;
      urgent = hurry_through_ > stored_.load() || store_stopping_ || to_store_count_ >= kCatchUpBacklog;
      hurry_ = false;  // it woke this loop; hurry_through_ says whether it still matters
      if (to_store_.empty() && (held_.empty() || (!urgent && !oldest_held_aged_out()))) {
        if (store_stopping_) return;  // everything is applied
        continue;
      }
      batch_full_ = false;
      batch.swap(to_store_);
      count = std::exchange(to_store_count_, 0);
      last = to_store_last_;
      raise_wanted_.store(false);  // what asked for it is in `urgent` now
    }
    // Lowered after the lock: a thread that may only run on an idle CPU must not hold what
    // the network threads take for every append. A stop or a history read that came since
    // the lock raised it already, or raises it after: either way it stays raised.
    if (background_) {
      priority_refused = !priority_.set_background(!urgent);
      if (!urgent && raise_wanted_.load()) priority_.set_background(false);
    }
    if (priority_refused)
      std::call_once(priority_refused_, [] {
        spdlog::warn("store: the system refused to change the store thread's scheduling policy");
      });
    apply_batch(batch, count, last, urgent);
    batch.clear();  // frees the writes: what the store thread keeps is one small vector
  }
}

store::HoldBack DurabilityGate::hold_back(bool urgent) {
  return {unix_ms(), store::kHoldAgeMs, urgent ? 0 : store::kMaxHeldWrites, store::kMaxHeldWritesPerMatch,
          [](std::string_view game) {
            const engine::GameInfo* info = engine::find_game(game);
            return info != nullptr && info->short_games;
          }};
}

bool DurabilityGate::oldest_held_aged_out() const {
  const auto created_ms = held_.oldest_created_ms();
  return created_ms && hold_back(false).too_old(*created_ms);
}

void DurabilityGate::apply_batch(std::vector<std::vector<store::StoreWrite>>& batch, std::size_t count,
                                 std::uint64_t last_seq, bool urgent) {
  if (store_broken_) return;  // the journal keeps them: a restart applies them
  const std::size_t held_before = held_.writes();
  try {
    ScopedTimer timer(metrics_.store_commit_latency);
    held_.apply(batch, last_seq - count + 1, *store_, hold_back(urgent));
    store_->mark_journal_applied(last_seq, held_.first_seq().value_or(0));
    store_->commit_pending();
    metrics_.store_commits_total.fetch_add(1, std::memory_order_relaxed);
  } catch (const store::StoreError& error) {
    metrics_.store_errors_total.fetch_add(1, std::memory_order_relaxed);
    store_->rollback_pending();  // not a part of the batch without the rest
    store_broken_ = true;
    fail(error.what());
    return;
  }
  metrics_.store_backlog.fetch_sub(count + held_before - held_.writes(), std::memory_order_relaxed);
  // SQLite holds every write before the first one held back.
  const std::uint64_t stored = held_.first_seq() ? *held_.first_seq() - 1 : last_seq;
  {
    std::lock_guard lock(store_mutex_);
    stored_.store(stored);
    in_store_.store(last_seq - held_.writes());
  }
  stored_changed_.notify_all();
  journal_.forget_through(stored);
  // Writes not announced because the backlog was full (checked after in_store_ changed, and
  // submit() and journal() check after journaled_ did: one of the two sees the other).
  const std::uint64_t journaled = journaled_.load();
  if (durable_.load() < journaled && journaled - in_store_.load() < max_backlog_)
    boost::asio::post(executor_, [weak = weak_from_this(), journaled] {
      if (const auto self = weak.lock()) self->release_through(journaled);
    });
}

void DurabilityGate::fail(const std::string& why) {
  {
    std::lock_guard lock(queue_mutex_);
    if (failure_.empty()) failure_ = why;
    failed_.store(true);
  }
  std::call_once(failure_reported_, [&] {
    spdlog::critical("store: {}; stopping, so that a restart reloads every match from the store "
                     "and its journal",
                     why);
    if (on_failure_) on_failure_(why);
  });
}

}  // namespace skirmish::server
