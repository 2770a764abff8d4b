#include "server/journal_syncer.h"

#include <iterator>
#include <utility>

#include "server/store/thread_name.h"

namespace skirmish::server {

JournalSyncer::JournalSyncer(Append append) : append_(std::move(append)) {
  thread_ = std::thread([this] { run(); });
}

JournalSyncer::~JournalSyncer() { stop(); }

void JournalSyncer::enqueue(std::string&& lines, std::vector<store::StoreWrite>&& writes,
                            std::uint64_t first, std::uint64_t last) {
  {
    std::lock_guard lock(mutex_);
    if (writes_.empty()) first_ = first;
    lines_ += lines;
    std::move(writes.begin(), writes.end(), std::back_inserter(writes_));
    last_ = last;
  }
  wake_.notify_one();
}

void JournalSyncer::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void JournalSyncer::run() {
  name_this_thread("journal-sync");
  for (;;) {
    std::string lines;
    std::vector<store::StoreWrite> writes;
    std::uint64_t first = 0, last = 0;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !writes_.empty(); });
      if (writes_.empty()) return;  // stopping, and everything is appended
      lines.swap(lines_);
      writes.swap(writes_);
      first = first_;
      last = last_;
    }
    append_(lines, writes, first, last);
  }
}

}  // namespace skirmish::server
