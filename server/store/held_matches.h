#pragma once
// The matches the store thread holds back between batches (batch_plan.h, HoldBack): each
// one's writes, in order, followed by MatchStore's rules as they come. A held match is
// written whole in the batch in which it ends; it is written as it goes once it breaks a
// rule (so the error names the write), outlives HoldBack::max_age_ms, makes more than
// HoldBack::max_match_writes, no longer fits in HoldBack::max_writes (the newest go
// first), or when nothing may be held (a history read waits, the server stops). Only the
// matches that get a write are looked at again: a batch costs what its own writes cost,
// however many matches are held.
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/store/batch_plan.h"
#include "server/store/followed_match.h"
#include "server/store/store_write.h"

namespace skirmish::store {

class MatchStore;

// The limits the server holds back with (DurabilityGate; store_bench's BM_StoreThinking
// measures with them): for up to this long after a match's creation, this many writes each
// and this many in all (about 30 MB). A 1D Chess game makes about 12 writes, and 9,900
// thinking games keep about 90,000 held: at 65,536 the newest were let go in every batch,
// written as they went.
inline constexpr std::int64_t kHoldAgeMs = 30'000;
inline constexpr std::size_t kMaxHeldWritesPerMatch = 32;
inline constexpr std::size_t kMaxHeldWrites = 131'072;

class HeldMatches {
 public:
  // Applies `batch`, new writes numbered from `first_seq` on, to `store` in its open
  // transaction, together with the held matches, as above; then holds the new matches
  // that `hold` allows. The writes it holds are moved out of `batch`; what is left there
  // is the caller's to free. Throws StoreError as apply_steps does (the store thread then
  // stops: what is held is in the journal).
  void apply(std::vector<std::vector<StoreWrite>>& batch, std::uint64_t first_seq, MatchStore& store,
             const HoldBack& hold);

  bool empty() const { return by_id_.empty(); }
  std::size_t writes() const { return writes_; }
  // The number of the oldest held write (the creation of the oldest held match).
  std::optional<std::uint64_t> first_seq() const;
  // When the oldest held match was created (Unix ms).
  std::optional<std::int64_t> oldest_created_ms() const;

 private:
  struct Held {
    explicit Held(StoreWrite&& created, std::uint64_t seq);
    // A list: `followed` points into it as it grows, and a deque of 176-byte writes would
    // keep two in each 512-byte block (256 bytes a write against 192).
    std::list<StoreWrite> writes;
    FollowedMatch followed;
    std::uint64_t first_seq;
    bool touched = false;  // got a write in this batch
    bool written = false;  // written in this batch: let go once applied
  };
  std::unordered_map<std::string, Held> by_id_;
  std::map<std::uint64_t, std::string> by_first_seq_;  // oldest first
  std::size_t writes_ = 0;
};

}  // namespace skirmish::store
