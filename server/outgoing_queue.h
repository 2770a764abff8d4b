#pragma once
// A connection's messages waiting to be written, counted in messages and in bytes: a client
// that stops reading is closed once either passes its bound (server/session.cc), so one
// reader cannot grow the server's memory without bound however large the replies it asks
// for.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <utility>

#include "server/participant.h"

namespace skirmish::server {

class OutgoingQueue {
 public:
  struct Outgoing {
    Message text;
    std::uint64_t stamp;  // the store's written epoch when queued (DurabilityGate)
  };

  bool empty() const { return items_.empty(); }
  std::size_t size() const { return items_.size(); }
  std::size_t bytes() const { return bytes_; }
  const Outgoing& front() const { return items_.front(); }

  void push_back(Outgoing item) {
    bytes_ += item.text->size();
    items_.push_back(std::move(item));
  }
  void pop_front() {
    bytes_ -= items_.front().text->size();
    items_.pop_front();
  }
  void clear() {
    items_.clear();
    bytes_ = 0;
  }
  // Drops the items after the first `keep` for which `drop` is true.
  template <class Predicate>
  void drop_after(std::size_t keep, Predicate drop) {
    const auto first = items_.begin() + static_cast<std::ptrdiff_t>(std::min(keep, items_.size()));
    const auto end = std::remove_if(first, items_.end(), drop);
    for (auto it = end; it != items_.end(); ++it) bytes_ -= it->text->size();
    items_.erase(end, items_.end());
  }

 private:
  std::deque<Outgoing> items_;
  std::size_t bytes_ = 0;
};

}  // namespace skirmish::server
