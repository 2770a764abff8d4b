#pragma once
// What one viewer may see of the board, and the seeds' text rendering of it.
#include <optional>
#include <string>
#include <vector>

#include "engine/tactego/pieces.h"

namespace skirmish::engine::tactego {

struct CellView {
  int owner = -1;              // -1 empty, else the seat
  std::optional<Piece> piece;  // nullopt = hidden from this viewer (or empty cell)
  bool revealed = false;       // shown in combat: public for good
};

struct BoardView {
  int rows = 0;
  int cols = 0;
  std::vector<CellView> cells;  // row-major
  const CellView& at(int r, int c) const {
    return cells[static_cast<std::size_t>(r * cols + c)];
  }
};

// The seeds' board: a header of column numbers, then per row its number and each cell
// ("R5", "B10", "RF", "B?" when hidden, blank when empty). Every cell is `cell_width`
// characters wide (left-aligned, one blank before it), so two-digit strengths line up.
std::string render_board(const BoardView& view, int cell_width);

}  // namespace skirmish::engine::tactego
