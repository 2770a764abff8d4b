#include "client-cli/screens.h"

#include <cctype>

#include "client-cli/game_ui.h"
#include "client-cli/json_field.h"

namespace skirmish::client {

std::string render_board(const std::string& game, const nlohmann::json& view, const Style& style) {
  if (const GameUi* ui = find_ui(game)) return ui->render_board(view, style);
  return view.dump(2) + "\n";  // a game this client does not know: show the raw view
}

std::string describe_last(const std::string& game, const nlohmann::json& last) {
  if (last.is_null()) return "";
  if (const GameUi* ui = find_ui(game)) return ui->describe_last(last);
  return "Last: " + last.dump() + "\n";
}

std::string describe_outcome(const nlohmann::json& outcome, const std::string& you) {
  const std::string reason = outcome.value("reason", "");
  std::string text;
  const bool draw = outcome.value("draw", false) || field(outcome, "winner").is_null();
  if (draw) {
    text = "Draw! (" + reason + ")";
  } else {
    const std::string winner = field(outcome, "winner").get<std::string>();
    text = capitalized(winner) + " wins! (" + reason + ")";
    if (you == winner) text += " You win.";
    else if (you != "spectator" && !you.empty()) text += " You lose.";
  }
  return text + "\n";
}

std::string format_pos(const nlohmann::json& pos) {
  if (!pos.is_array() || pos.size() != 2) return pos.dump();
  return "(" + pos[0].dump() + ", " + pos[1].dump() + ")";
}

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace skirmish::client
