#include "server/used_match_ids.h"

#include <algorithm>

#include "server/random_ids.h"

namespace skirmish::server {

void UsedMatchIds::add_stored(std::string_view id) {
  if (const auto number = match_id_number(id)) settled_.push_back(*number);
}

bool UsedMatchIds::contains_number(std::uint64_t number) const {
  const auto sorted_end = settled_.begin() + static_cast<std::ptrdiff_t>(sorted_);
  return std::binary_search(settled_.begin(), sorted_end, number) ||
         std::find(sorted_end, settled_.end(), number) != settled_.end() ||  // added, not yet sorted
         std::binary_search(tail_.begin(), tail_.end(), number);
}

bool UsedMatchIds::contains(std::string_view id) const {
  const auto number = match_id_number(id);
  return number && contains_number(*number);
}

bool UsedMatchIds::claim(std::string_view id) {
  const auto number = match_id_number(id);
  if (!number) return true;  // not a match id: nothing stored can have it
  if (sorted_ != settled_.size() || tail_.size() >= kTailMax) settle();
  if (contains_number(*number)) return false;
  tail_.insert(std::upper_bound(tail_.begin(), tail_.end(), *number), *number);
  return true;
}

void UsedMatchIds::settle() {
  const auto merge_from = [this](std::size_t sorted_before) {
    std::inplace_merge(settled_.begin(), settled_.begin() + static_cast<std::ptrdiff_t>(sorted_before),
                       settled_.end());
  };
  std::sort(settled_.begin() + static_cast<std::ptrdiff_t>(sorted_), settled_.end());
  merge_from(sorted_);
  const std::size_t before_tail = settled_.size();
  settled_.insert(settled_.end(), tail_.begin(), tail_.end());
  merge_from(before_tail);
  tail_.clear();
  sorted_ = settled_.size();
}

}  // namespace skirmish::server
