#include "server/durability_gate.h"

#include <algorithm>
#include <utility>

#include <boost/asio/post.hpp>

#include <spdlog/spdlog.h>

namespace skirmish::server {

DurabilityGate::DurabilityGate(boost::asio::any_io_executor executor,
                               std::shared_ptr<store::MatchStore> store, Metrics& metrics,
                               FailureHandler on_failure)
    : executor_(std::move(executor)),
      store_(std::move(store)),
      metrics_(metrics),
      on_failure_(std::move(on_failure)) {
  store_->defer_commits();
  thread_ = std::thread([this] { run(); });
}

DurabilityGate::~DurabilityGate() { stop(); }

void DurabilityGate::submit(std::string&& what, Write write) {
  bool post_flush = false;
  {
    std::lock_guard lock(queue_mutex_);
    if (!failure_.empty()) throw store::StoreError("the store has failed: " + failure_);
    if (stopping_) throw store::StoreError("the server is stopping");
    // Numbered under the lock, so epochs follow the queue's order.
    const std::uint64_t epoch = submitted_.load() + 1;
    queue_.push_back({std::move(what), std::move(write), epoch});
    submitted_.store(epoch);
    post_flush = !std::exchange(flush_posted_, true);
  }
  // Posted, so it runs after the handlers already queued: their writes join this commit.
  if (post_flush) boost::asio::post(executor_, [self = shared_from_this()] { self->flush(); });
}

void DurabilityGate::flush() {
  {
    std::lock_guard lock(queue_mutex_);
    flush_posted_ = false;  // a write from now on posts the next flush
    flushing_ = true;
  }
  wake_.notify_one();
}

bool DurabilityGate::wait_for(std::uint64_t stamp, std::function<void()> resume) {
  std::lock_guard lock(waiters_mutex_);
  // Checked under the lock release_waiters() takes after raising the durable count: no
  // wake-up is lost.
  if (passed(stamp)) return false;
  waiters_.emplace_back(stamp, std::move(resume));
  return true;
}

void DurabilityGate::stop() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void DurabilityGate::run() {
  std::vector<Pending> batch;
  for (;;) {
    {
      std::unique_lock lock(queue_mutex_);
      wake_.wait(lock, [this] { return stopping_ || (flushing_ && !queue_.empty()); });
      if (queue_.empty()) return;  // stopping, and everything is stored
      flushing_ = false;
      batch.swap(queue_);
    }
    store_batch(batch);
  }
}

void DurabilityGate::store_batch(std::vector<Pending>& batch) {
  std::uint64_t stored = durable_.load();
  std::string failure;
  for (Pending& pending : batch) {
    try {
      ScopedTimer timer(metrics_.store_write_latency);
      pending.write(*store_);
      stored = pending.epoch;
    } catch (const store::StoreError& error) {
      metrics_.store_errors_total.fetch_add(1, std::memory_order_relaxed);
      failure = "cannot " + pending.what + ": " + error.what();
      break;  // the writes after it may depend on it: none of them is made
    }
  }
  try {
    // What was written before a failure is kept: stored and never announced, as after a crash.
    ScopedTimer timer(metrics_.store_commit_latency);
    store_->commit_pending();
    metrics_.store_commits_total.fetch_add(1, std::memory_order_relaxed);
  } catch (const store::StoreError& error) {
    metrics_.store_errors_total.fetch_add(1, std::memory_order_relaxed);
    if (failure.empty()) failure = std::string("a commit failed: ") + error.what();
    stored = durable_.load();
  }
  if (stored > durable_.load()) durable_.store(stored);
  release_waiters(std::move(batch));
  batch.clear();  // moved from: valid but unspecified
  if (!failure.empty()) fail(failure);
}

void DurabilityGate::release_waiters(std::vector<Pending> stored) {
  std::vector<std::function<void()>> ready;
  {
    std::lock_guard lock(waiters_mutex_);
    auto still_waiting = std::partition(waiters_.begin(), waiters_.end(),
                                        [this](const auto& waiter) { return !passed(waiter.first); });
    for (auto it = still_waiting; it != waiters_.end(); ++it) ready.push_back(std::move(it->second));
    waiters_.erase(still_waiting, waiters_.end());
  }
  // One hand-off to the network threads per commit, not one per waiting message. The
  // stored writes go with it, to be freed on the thread that allocated them, where glibc's
  // per-thread caches reuse them (the store thread's CPU went down by ~4%; the network
  // thread's did not measurably change).
  boost::asio::post(executor_, [ready = std::move(ready), stored = std::move(stored)] {
    for (const auto& resume : ready) resume();
  });
}

void DurabilityGate::fail(const std::string& why) {
  {
    std::lock_guard lock(queue_mutex_);
    failure_ = why;
    failed_.store(true);
    queue_.clear();  // after a failed write nothing queued behind it may be stored
  }
  std::call_once(failure_reported_, [&] {
    spdlog::critical("store: {}; the moves not yet stored were never announced and are lost; "
                     "stopping so that a restart reloads every match from the store",
                     why);
    if (on_failure_) on_failure_(why);
  });
}

}  // namespace skirmish::server
