#pragma once
// Group commit for the match store. Store writes join one open SQLite transaction; the gate
// commits it once the handlers already queued on the io_context have run, so the moves of
// many matches that arrive together share one commit. Every outgoing WebSocket message is
// stamped with the store's written epoch when queued and sent only once that epoch is
// durable: nobody is told of a move before it is stored, and each connection's messages
// keep their order.
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "server/metrics.h"
#include "server/store/match_store.h"

namespace skirmish::server {

class DurabilityGate : public std::enable_shared_from_this<DurabilityGate> {
 public:
  // Called once, from a worker thread, if a commit fails: the uncommitted writes are lost,
  // so the server must stop (and reload from the store when it starts again).
  using FailureHandler = std::function<void(const std::string& why)>;

  DurabilityGate(boost::asio::any_io_executor executor, std::shared_ptr<store::MatchStore> store,
                 Metrics& metrics, FailureHandler on_failure);

  std::uint64_t stamp() const { return store_->written_epoch(); }
  bool passed(std::uint64_t stamp) const { return stamp <= store_->durable_epoch(); }
  // Runs `resume` once `stamp` is durable. Returns false (and never runs it) when it
  // already is.
  bool wait_for(std::uint64_t stamp, std::function<void()> resume);
  // A write is waiting in the open transaction: commit it soon.
  void written();
  // A write failed in a way that lost the open transaction (MatchStore is broken).
  void lost(const std::string& why);

 private:
  void commit();

  boost::asio::any_io_executor executor_;
  std::shared_ptr<store::MatchStore> store_;
  Metrics& metrics_;
  FailureHandler on_failure_;
  std::atomic<bool> commit_posted_{false};
  std::once_flag failure_reported_;
  std::mutex waiters_mutex_;
  std::vector<std::function<void()>> waiters_;
};

}  // namespace skirmish::server
