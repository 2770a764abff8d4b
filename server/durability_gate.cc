#include "server/durability_gate.h"

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
}

bool DurabilityGate::wait_for(std::uint64_t stamp, std::function<void()> resume) {
  std::lock_guard lock(waiters_mutex_);
  // Checked under the lock commit() takes after raising the durable epoch: no lost wake-up.
  if (passed(stamp)) return false;
  waiters_.push_back(std::move(resume));
  return true;
}

void DurabilityGate::written() {
  if (commit_posted_.exchange(true)) return;
  // Posted, so it runs after the handlers already queued: their writes join this commit.
  boost::asio::post(executor_, [self = shared_from_this()] { self->commit(); });
}

void DurabilityGate::commit() {
  commit_posted_ = false;  // a write from now on posts the next commit
  try {
    ScopedTimer timer(metrics_.store_commit_latency);
    store_->commit_pending();
    metrics_.store_commits_total.fetch_add(1, std::memory_order_relaxed);
  } catch (const store::StoreError& error) {
    lost(error.what());
    return;
  }
  std::vector<std::function<void()>> ready;
  {
    std::lock_guard lock(waiters_mutex_);
    ready.swap(waiters_);
  }
  for (auto& resume : ready) resume();
}

void DurabilityGate::lost(const std::string& why) {
  std::call_once(failure_reported_, [&] {
    metrics_.store_errors_total.fetch_add(1, std::memory_order_relaxed);
    spdlog::critical("store: {}; the moves since the last commit were never announced and are "
                     "lost; stopping so that a restart reloads every match from the store",
                     why);
    if (on_failure_) on_failure_(why);
  });
}

}  // namespace skirmish::server
