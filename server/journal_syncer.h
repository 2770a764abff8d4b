#pragma once
// With --store-sync full, every journal append ends in an fdatasync that may take
// milliseconds. This thread runs those appends, so that a slow disk holds back only the
// messages waiting for them, never the other games of a network thread. Appends queued
// while one runs are joined into the next: one append and one fdatasync for all of them.
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/store/store_write.h"

namespace skirmish::server {

class JournalSyncer {
 public:
  // Runs on the syncer's thread with the lines and writes numbered first..last, in order.
  using Append = std::function<void(std::string& lines, std::vector<store::StoreWrite>& writes,
                                    std::uint64_t first, std::uint64_t last)>;

  explicit JournalSyncer(Append append);
  ~JournalSyncer();  // stop()
  JournalSyncer(const JournalSyncer&) = delete;
  JournalSyncer& operator=(const JournalSyncer&) = delete;

  // Queues the next writes (callers keep the numbers in order).
  void enqueue(std::string&& lines, std::vector<store::StoreWrite>&& writes, std::uint64_t first,
               std::uint64_t last);
  // Appends what is queued, then ends the thread.
  void stop();

 private:
  void run();

  Append append_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::string lines_;
  std::vector<store::StoreWrite> writes_;
  std::uint64_t first_ = 0;  // of what is queued (valid while writes_ is not empty)
  std::uint64_t last_ = 0;
  bool stopping_ = false;
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace skirmish::server
