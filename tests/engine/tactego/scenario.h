#pragma once
// Builds hand-made Tactego positions for scenario tests from a small diagram:
// one string per row, cells separated by blanks: "." empty, "R5", "B10", "RF", "BM", "RS", "BA".
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/tactego/tactego.h"

namespace skirmish::test::tactego {

using namespace skirmish::engine::tactego;

inline Piece piece_from_symbol(const std::string& s) {
  if (s == "F") return {Kind::Flag, 0};
  if (s == "M") return {Kind::Mine, 0};
  if (s == "S") return {Kind::Sapper, 0};
  if (s == "A") return {Kind::Assassin, 0};
  return {Kind::Number, std::stoi(s)};
}

inline std::vector<PlacedPiece> layout_from_diagram(const std::vector<std::string>& rows,
                                                    int& cols) {
  std::vector<PlacedPiece> layout;
  cols = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::istringstream cells(rows[r]);
    std::string token;
    int c = 0;
    for (; cells >> token; ++c) {
      if (token == ".") continue;
      if (token.size() < 2 || (token[0] != 'R' && token[0] != 'B'))
        throw std::invalid_argument("bad diagram cell '" + token + "'");
      layout.push_back({{static_cast<int>(r), c}, token[0] == 'R' ? 0 : 1,
                        piece_from_symbol(token.substr(1))});
    }
    if (cols != 0 && c != cols) throw std::invalid_argument("ragged diagram row " + rows[r]);
    cols = c;
  }
  return layout;
}

inline TactegoState scenario(const std::vector<std::string>& rows, engine::Seat to_move = 0,
                             bool fog = false, int max_turns = 0) {
  int cols = 0;
  auto layout = layout_from_diagram(rows, cols);
  TactegoSetup setup;
  setup.rows = static_cast<int>(rows.size());
  setup.cols = cols;
  setup.fog = fog;
  setup.max_turns = max_turns;
  return TactegoState(setup, layout, to_move);
}

inline Move mv(int r1, int c1, int r2, int c2) { return {{r1, c1}, {r2, c2}}; }

// The board as diagram text again (full view), for whole-position comparisons.
inline std::vector<std::string> diagram_of(const TactegoState& state) {
  const BoardView board = state.view(engine::Viewer::full());
  std::vector<std::string> rows;
  for (int r = 0; r < board.rows; ++r) {
    std::string row;
    for (int c = 0; c < board.cols; ++c) {
      const CellView& cell = board.at(r, c);
      if (c > 0) row += ' ';
      row += cell.owner < 0 ? "." : std::string(cell.owner == 0 ? "R" : "B") + symbol(*cell.piece);
    }
    rows.push_back(row);
  }
  return rows;
}

}  // namespace skirmish::test::tactego
