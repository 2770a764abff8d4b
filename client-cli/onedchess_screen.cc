// 1D Chess: the seed's box, drawn by the rule engine's printable_board.
#include "client-cli/game_ui_parts.h"
#include "client-cli/screens.h"

#include "client-cli/json_field.h"
#include "engine/onedchess/board.h"

namespace skirmish::client {
namespace {

namespace onedchess = engine::onedchess;

onedchess::Cell cell_of(const std::string& name) {
  if (name == "WKi") return onedchess::Cell::WhiteKing;
  if (name == "WKn") return onedchess::Cell::WhiteKnight;
  if (name == "BKi") return onedchess::Cell::BlackKing;
  if (name == "BKn") return onedchess::Cell::BlackKnight;
  return onedchess::Cell::Empty;
}

std::string colourise(const std::string& text, const Style& style) {
  if (!style.enabled()) return text;
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (i + 3 <= text.size() && (text[i] == 'W' || text[i] == 'B') && text[i + 1] == 'K') {
      const std::string token = text.substr(i, 3);
      out += text[i] == 'W' ? style.blue(token) : style.red(token);
      i += 3;
    } else {
      out += text[i++];
    }
  }
  return out;
}

}  // namespace

std::string render_onedchess(const nlohmann::json& view, const Style& style) {
  onedchess::Board board{};
  const auto& cells = view.at("board");
  for (std::size_t i = 0; i < board.size() && i < cells.size(); ++i)
    board[i] = cell_of(cells[i].get<std::string>());
  // Position numbers under the box help people type moves.
  return colourise(onedchess::printable_board(board), style) + "\n" + style.dim(onedchess_position_row()) + "\n";
}

std::string onedchess_position_row() {
  std::string numbers = " ";
  for (int i = 0; i < onedchess::kBoardSize; ++i) numbers += "  " + std::to_string(i) + "   ";
  while (!numbers.empty() && numbers.back() == ' ') numbers.pop_back();
  return numbers;
}

std::string describe_onedchess_last(const nlohmann::json& last) {
  std::string text = capitalized(last.value("seat", "?")) + " moved " +
                     field(last, "position").dump() + " " + last.value("direction", "?") + " (" +
                     field(last, "from").dump() + " -> " + field(last, "to").dump() + ")";
  if (field(last, "killed").is_string()) text += ", killed " + field(last, "killed").get<std::string>();
  return text + "\n";
}

}  // namespace skirmish::client
