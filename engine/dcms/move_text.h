#pragma once
// Play-phase move text ("M 4 C 6") to typed Orders and back.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "engine/dcms/turn_types.h"

namespace skirmish::engine::dcms {

// Parses pairs "<letter> <digit>" separated by runs of blanks (blanks.h; leading and
// trailing blanks ignored). On a bad move returns nullopt and, if `reason` is set, says what was wrong.
std::optional<Orders> parse_orders_text(Seat seat, std::string_view pieces, std::string_view text,
                                        std::string* reason);

// Canonical text of `orders`: every movable piece still on the board, in set order
// ("M 4 C 6"); "S 5" when only the cheeSe is left. Reuses `out`'s storage (no allocation
// for short moves).
void format_orders(Seat seat, std::string_view pieces, const Orders& orders,
                   const std::array<bool, kMaxPieces>& on_board, std::string& out);

}  // namespace skirmish::engine::dcms
