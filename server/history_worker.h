#pragma once
// The thread that answers the HTTP match history (/api/matches): its SQLite queries take
// up to a few hundred milliseconds on a big store, and on a network thread they would
// stall every game that thread serves (with --threads 1, all of them). One thread: the
// queries run one at a time on the store's read connection, and at most `max_waiting`
// wait behind the running one; more are refused at once (503, retry) rather than queued
// without bound. Boost-free, so it can be tested alone.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace skirmish::server {

class HistoryWorker {
 public:
  // Called exactly once: with true on the worker thread to do its work, or with false
  // (on the thread calling stop()) when the worker stopped before its turn came.
  using Job = std::function<void(bool run)>;
  enum class Submitted { Queued, Busy, Stopped };

  explicit HistoryWorker(std::size_t max_waiting);
  ~HistoryWorker();  // stop()
  HistoryWorker(const HistoryWorker&) = delete;
  HistoryWorker& operator=(const HistoryWorker&) = delete;

  // Queued: `job` will be called. Busy (max_waiting already wait) or Stopped: it never
  // will be; the caller answers by itself. Thread-safe.
  Submitted submit(Job job);
  // Takes no new job, calls each waiting one with false, lets the running one finish and
  // joins the thread. Idempotent (not to be called from two threads at once); to be
  // called before the store the jobs read closes.
  void stop();

  std::size_t max_waiting() const { return max_waiting_; }

 private:
  void run();

  const std::size_t max_waiting_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> waiting_;
  bool stopping_ = false;
  std::thread thread_;  // last: starts once the rest exists
};

}  // namespace skirmish::server
