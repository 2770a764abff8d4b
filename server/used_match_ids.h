#pragma once
// Every match id in use on a server with a store: those of its stored matches and those it
// has handed out since it started, so that a new match never takes an old one's id.
//
// Match ids are random (40 bits, random_ids.h). Among a million stored matches a new one
// takes a stored id about once in a million creations; the store then refuses the match
// (its ids are unique), which stops the server, and the journal refuses the same write at
// every start after. The lobby draws again instead.
//
// Kept as 40-bit numbers, 8 bytes an id: a sorted array, and the newest ids in a short
// sorted tail merged into it when full (a pass over the array: about 1.3 ms at a million
// ids, once every kTailMax new matches). Not thread-safe: the lobby's lock guards it.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace skirmish::server {

class UsedMatchIds {
 public:
  // Records a stored match's id. Text that is not a match id (none of the server's) is
  // ignored: no new id can equal it.
  void add_stored(std::string_view id);
  // Takes `id` for a new match: false when it is in use already.
  bool claim(std::string_view id);
  bool contains(std::string_view id) const;
  // Sorts what add_stored appended and merges the newest ids in. claim does it when needed;
  // the server does it at start, so that its first new match does not wait for it.
  void settle();
  std::size_t size() const { return settled_.size() + tail_.size(); }

  static constexpr std::size_t kTailMax = 4096;

 private:
  bool contains_number(std::uint64_t number) const;

  std::vector<std::uint64_t> settled_;  // sorted up to sorted_; add_stored appends after it
  std::size_t sorted_ = 0;              // how much of settled_ is sorted
  std::vector<std::uint64_t> tail_;     // sorted
};

}  // namespace skirmish::server
