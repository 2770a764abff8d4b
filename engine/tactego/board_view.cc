#include "engine/tactego/board_view.h"

#include <algorithm>

namespace skirmish::engine::tactego {
namespace {

constexpr int kLabelWidth = 2;  // row numbers up to 99 (boards have at most 100 rows)
constexpr const char* kSeatLetters = "RB";

void append_padded_left(std::string& out, const std::string& text, int width) {
  out += text;
  if (static_cast<int>(text.size()) < width)
    out.append(static_cast<std::size_t>(width) - text.size(), ' ');
}

std::string cell_text(const CellView& cell) {
  if (cell.owner < 0) return "";
  std::string text(1, kSeatLetters[cell.owner]);
  text += cell.piece ? symbol(*cell.piece) : "?";
  return text;
}

}  // namespace

std::string render_board(const BoardView& view, int cell_width) {
  std::string out(static_cast<std::size_t>(kLabelWidth), ' ');
  for (int c = 0; c < view.cols; ++c) {
    out += ' ';
    append_padded_left(out, std::to_string(c), cell_width);
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();  // the header has no trailing blanks
  out += '\n';
  for (int r = 0; r < view.rows; ++r) {
    const std::string label = std::to_string(r);
    out.append(static_cast<std::size_t>(kLabelWidth) - std::min<std::size_t>(label.size(), kLabelWidth), ' ');
    out += label;
    for (int c = 0; c < view.cols; ++c) {
      out += ' ';
      append_padded_left(out, cell_text(view.at(r, c)), cell_width);
    }
    out += '\n';
  }
  return out;
}

}  // namespace skirmish::engine::tactego
