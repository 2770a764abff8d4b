// Tactego: the seeds' grid (column header, row number, "R5"/"B10"/"B?" cells), drawn by the
// rule engine's own renderer from the JSON view.
#include <algorithm>
#include <stdexcept>

#include "client-cli/game_ui_parts.h"
#include "client-cli/screens.h"

#include "client-cli/json_field.h"
#include "engine/tactego/board_view.h"

namespace skirmish::client {
namespace {

namespace tactego = engine::tactego;

std::optional<tactego::Piece> piece_of(const std::string& symbol) {
  if (symbol == "F") return tactego::Piece{tactego::Kind::Flag, 0};
  if (symbol == "M") return tactego::Piece{tactego::Kind::Mine, 0};
  if (symbol == "S") return tactego::Piece{tactego::Kind::Sapper, 0};
  if (symbol == "A") return tactego::Piece{tactego::Kind::Assassin, 0};
  const auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };  // any byte, unlike ::isdigit
  if (!symbol.empty() && std::all_of(symbol.begin(), symbol.end(), digit) && symbol.size() < 5)
    return tactego::Piece{tactego::Kind::Number, std::stoi(symbol)};
  return std::nullopt;  // "?": hidden
}

// Colours every "R..." / "B..." cell token below the header line.
std::string colourise(const std::string& text, const Style& style) {
  if (!style.enabled()) return text;
  std::string out;
  const auto header_end = text.find('\n');
  out = text.substr(0, header_end);
  std::size_t i = header_end;
  while (i < text.size()) {
    const char ch = text[i];
    const bool token_start = (ch == 'R' || ch == 'B') && i > 0 && text[i - 1] == ' ';
    if (!token_start) {
      out += ch;
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != '\n') ++end;
    const std::string token = text.substr(i, end - i);
    out += ch == 'R' ? style.red(token) : style.blue(token);
    i = end;
  }
  return out;
}

}  // namespace

std::string render_tactego(const nlohmann::json& view, const Style& style) {
  tactego::BoardView board;
  board.rows = int_of(field(view, "rows"), "a Tactego board's rows");
  board.cols = int_of(field(view, "cols"), "a Tactego board's columns");
  // A view from the server is checked like any input: it indexes the board below.
  if (board.rows < 1 || board.cols < 1 || board.rows > kMaxTactegoSide || board.cols > kMaxTactegoSide)
    throw std::runtime_error("a Tactego board of " + std::to_string(board.rows) + " x " + std::to_string(board.cols) +
                             " squares (at most " + std::to_string(kMaxTactegoSide) + " a side)");
  board.cells.resize(static_cast<std::size_t>(board.rows * board.cols));
  // The engine's minimum, so the grid is the seed's (and the engine's) for every preset.
  int cell_width = 3;
  const auto& rows = view.at("board");
  for (int r = 0; r < board.rows; ++r) {
    for (int c = 0; c < board.cols; ++c) {
      const auto& cell = rows.at(static_cast<std::size_t>(r)).at(static_cast<std::size_t>(c));
      if (cell.is_null()) continue;
      const std::string text = cell.get<std::string>();
      if (text.empty()) throw std::runtime_error("an empty Tactego square name");
      auto& out = board.cells[static_cast<std::size_t>(r * board.cols + c)];
      out.owner = text.rfind('R', 0) == 0 ? 0 : 1;
      out.piece = piece_of(text.substr(1));
      cell_width = std::max(cell_width, static_cast<int>(text.size()));
    }
  }
  for (const auto& pos : view.value("revealed", nlohmann::json::array())) {
    const int r = pos.size() == 2 ? int_of(pos.at(0), "a revealed square's row") : -1;
    const int c = pos.size() == 2 ? int_of(pos.at(1), "a revealed square's column") : -1;
    if (r < 0 || c < 0 || r >= board.rows || c >= board.cols)
      throw std::runtime_error("a revealed square " + pos.dump() + " off the board");
    board.cells[static_cast<std::size_t>(r * board.cols + c)].revealed = true;
  }
  return colourise(tactego::render_board(board, cell_width), style);
}

std::string describe_tactego_last(const nlohmann::json& last) {
  std::string text = capitalized(last.value("seat", "?")) + " moved " + format_pos(field(last, "from")) +
                     " -> " + format_pos(field(last, "to")) + "\n";
  const auto& combat = field(last, "combat");
  if (combat.is_object()) {
    const std::string result = combat.value("result", "");
    text += "Combat at " + format_pos(field(combat, "at")) + ": " + combat.value("attacker", "?") +
            " attacked " + combat.value("defender", "?") + " and " +
            (result == "attacker_won" ? "won" : "was destroyed") + "\n";
  }
  return text;
}

}  // namespace skirmish::client
