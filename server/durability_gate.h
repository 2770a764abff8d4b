#pragma once
// The match store's own thread, and the gate that holds messages back until what they tell
// of is stored. Game handlers submit() their writes and go on at once. The first write
// after a commit posts a flush to the io_context, which runs once the handlers already
// queued there have run; the store thread then runs everything queued in one SQLite
// transaction and commits it (a group commit: the moves of many matches that arrived
// together share it, while the network threads go on with the next ones). Every outgoing
// WebSocket message is stamped with the number of writes submitted so far and sent only
// once that many are durable: nobody is told of a move before it is stored, and each
// connection's messages keep their order. No disk work ever runs on a network thread, so
// an fsync (--store-sync full) delays only the messages waiting for it, never the other
// games.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "server/metrics.h"
#include "server/store/match_store.h"

namespace skirmish::server {

class DurabilityGate : public std::enable_shared_from_this<DurabilityGate> {
 public:
  // Called once, from the store thread, if a write or a commit fails: what was not stored
  // was never announced, and the server must stop (it reloads from the store on restart).
  using FailureHandler = std::function<void(const std::string& why)>;
  using Write = std::function<void(store::MatchStore&)>;

  DurabilityGate(boost::asio::any_io_executor executor, std::shared_ptr<store::MatchStore> store,
                 Metrics& metrics, FailureHandler on_failure);
  ~DurabilityGate();  // stop()
  DurabilityGate(const DurabilityGate&) = delete;
  DurabilityGate& operator=(const DurabilityGate&) = delete;

  // Queues `write` for the store thread (`what` names it in the log; taken only when
  // queued). Throws StoreError when the store has failed or the gate has stopped: the
  // caller must not go on.
  void submit(std::string&& what, Write write);
  // The stamp for a message queued now, and whether what it may tell of is stored.
  std::uint64_t stamp() const { return submitted_.load(); }
  bool passed(std::uint64_t stamp) const { return stamp <= durable_.load(); }
  // True once a write or a commit failed: stamps not passed by then never will.
  bool failed() const { return failed_.load(); }
  // Runs `resume` on the executor once `stamp` is durable (the resumes of one commit run
  // together in one handler: each should only post to its own strand). Returns false, and
  // never runs it, when `stamp` already is durable.
  bool wait_for(std::uint64_t stamp, std::function<void()> resume);
  // Stores and commits what is queued, then stops the store thread (server shutdown).
  void stop();

 private:
  struct Pending {
    std::string what;
    Write write;
    std::uint64_t epoch;  // its stamp: the submitted count including it
  };
  void flush();
  void run();
  void store_batch(std::vector<Pending>& batch);
  // Hands the released messages and the stored batch to the network threads in one post.
  void release_waiters(std::vector<Pending> stored);
  void fail(const std::string& why);

  boost::asio::any_io_executor executor_;
  std::shared_ptr<store::MatchStore> store_;
  Metrics& metrics_;
  FailureHandler on_failure_;

  std::mutex queue_mutex_;
  std::condition_variable wake_;
  std::vector<Pending> queue_;
  bool flush_posted_ = false;  // a flush is on its way to the io_context
  bool flushing_ = false;      // the store thread may take the queue
  bool stopping_ = false;
  std::string failure_;  // why submissions are refused (empty while the store works)
  std::atomic<std::uint64_t> submitted_{0};
  std::atomic<std::uint64_t> durable_{0};
  std::atomic<bool> failed_{false};

  std::mutex waiters_mutex_;
  std::vector<std::pair<std::uint64_t, std::function<void()>>> waiters_;
  std::once_flag failure_reported_;
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace skirmish::server
