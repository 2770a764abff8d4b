#include "client-cli/move_dialogs.h"

#include <sstream>

#include "client-cli/game_ui.h"
#include "client-cli/style.h"

namespace skirmish::client {

std::unique_ptr<MoveDialog> make_move_dialog(const nlohmann::json& state) {
  const std::string game = state.value("game", "");
  if (const GameUi* ui = find_ui(game)) return ui->make_dialog(state);
  throw std::runtime_error("this client cannot play '" + game + "'");
}

std::string board_legend(const std::string& game) {
  if (const GameUi* ui = find_ui(game)) return ui->legend();
  return "";
}

std::string position_numbers(const std::string& line) {
  std::string numbers = line;
  for (char& ch : numbers)
    if (ch == '(' || ch == ')' || ch == ',') ch = ' ';
  return numbers;
}

std::pair<int, int> parse_position(const std::string& line) {
  std::istringstream in(position_numbers(line));
  int row = 0;
  int col = 0;
  std::string extra;
  if (!(in >> row >> col) || (in >> extra)) {
    throw InputError("'" + printable(line) + "' is not a position: type the row and the column, e.g. '2 0'");
  }
  return {row, col};
}

}  // namespace skirmish::client
