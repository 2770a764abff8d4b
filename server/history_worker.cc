#include "server/history_worker.h"

#include <utility>

#include "server/store/thread_name.h"

namespace skirmish::server {

HistoryWorker::HistoryWorker(std::size_t max_waiting)
    : max_waiting_(max_waiting), thread_([this] { run(); }) {}

HistoryWorker::~HistoryWorker() { stop(); }

HistoryWorker::Submitted HistoryWorker::submit(Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return Submitted::Stopped;
    if (waiting_.size() >= max_waiting_) return Submitted::Busy;
    waiting_.push_back(std::move(job));
  }
  wake_.notify_one();
  return Submitted::Queued;
}

void HistoryWorker::stop() {
  std::deque<Job> cancelled;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    cancelled.swap(waiting_);
  }
  wake_.notify_one();
  for (Job& job : cancelled) job(false);  // each request still gets its answer
  if (thread_.joinable()) thread_.join();
}

void HistoryWorker::run() {
  name_this_thread("history");
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
    if (stopping_) return;  // stop() answers whatever still waits
    Job job = std::move(waiting_.front());
    waiting_.pop_front();
    lock.unlock();
    try {
      job(true);
    } catch (...) {  // a job answers its own errors; this thread must outlive any one job
    }
    lock.lock();
  }
}

}  // namespace skirmish::server
