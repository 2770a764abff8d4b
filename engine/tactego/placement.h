#pragma once
// The seeds' reproducible placement (rules.md §1 "Placement"): shuffle red then blue with
// CPython's random seeded by the seed string; red fills from the top-left row by row, blue
// from the bottom-left, row by row upwards.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/common/game.h"
#include "engine/tactego/move.h"
#include "engine/tactego/pieces.h"

namespace skirmish::engine::tactego {

struct PlacedPiece {
  Pos pos;
  Seat owner = 0;
  Piece piece;
};

// nullopt when `pieces_per_side` pieces per side fit on a length x width board without red
// and blue overlapping; otherwise why not (rules.md §4: 2*ceil(N/width) > length, or
// N > length*width).
std::optional<std::string> board_too_small(int pieces_per_side, int length, int width);

// Red's pieces, then blue's. Precondition: board_too_small(...) is nullopt.
std::vector<PlacedPiece> place_pieces(const std::vector<Piece>& pieces, int length, int width,
                                      std::string_view seed);

}  // namespace skirmish::engine::tactego
