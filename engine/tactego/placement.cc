#include "engine/tactego/placement.h"

#include <span>

#include "engine/common/cpython_random.h"

namespace skirmish::engine::tactego {

std::optional<std::string> board_too_small(int pieces_per_side, int length, int width) {
  const long long n = pieces_per_side;
  const long long rows_per_side = (n + width - 1) / width;  // the last row may be partial
  if (n <= static_cast<long long>(length) * width && 2 * rows_per_side <= length)
    return std::nullopt;
  return "the board is too small for the pieces: " + std::to_string(n) +
         " pieces per side fill " + std::to_string(rows_per_side) + " row(s) of width " +
         std::to_string(width) + " each, so red and blue need " +
         std::to_string(2 * rows_per_side) + " rows but the board has " +
         std::to_string(length) + " (red's and blue's cells would overlap)";
}

std::vector<PlacedPiece> place_pieces(const std::vector<Piece>& pieces, int length, int width,
                                      std::string_view seed) {
  std::vector<Piece> red = pieces;
  std::vector<Piece> blue = pieces;
  CPythonRandom rng(seed);
  rng.shuffle(std::span<Piece>(red));  // red first, then blue, as the seed requires
  rng.shuffle(std::span<Piece>(blue));

  std::vector<PlacedPiece> placed;
  placed.reserve(red.size() + blue.size());
  for (std::size_t i = 0; i < red.size(); ++i) {
    const int k = static_cast<int>(i);
    placed.push_back({{k / width, k % width}, 0, red[i]});
  }
  for (std::size_t i = 0; i < blue.size(); ++i) {
    const int k = static_cast<int>(i);
    placed.push_back({{length - 1 - k / width, k % width}, 1, blue[i]});
  }
  return placed;
}

}  // namespace skirmish::engine::tactego
