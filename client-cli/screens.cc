#include "client-cli/screens.h"

#include <cctype>

#include "client-cli/game_ui.h"
#include "client-cli/json_field.h"
#include "engine/registry.h"

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

namespace {

bool is_draw(const nlohmann::json& outcome) {
  return outcome.value("draw", false) || field(outcome, "winner").is_null();
}

}  // namespace

std::string describe_outcome(const nlohmann::json& outcome, const std::string& you) {
  const std::string reason = outcome.value("reason", "");
  std::string text;
  if (is_draw(outcome)) {
    text = "Draw! (" + reason + ")";
  } else {
    const std::string winner = field(outcome, "winner").get<std::string>();
    text = capitalized(winner) + " wins! (" + reason + ")";
    if (you == winner) text += " You win.";
    else if (you != "spectator" && !you.empty()) text += " You lose.";
  }
  return text + "\n";
}

std::string explain_outcome(const std::string& game, const nlohmann::json& outcome) {
  const std::string reason = outcome.value("reason", "");
  if (is_draw(outcome)) {
    if (reason == "forfeit") return "both players were away past the reconnect grace";
    if (reason == "illegal_setup") return "both setups broke the rules";
    if (reason == "max_turns") return "the turn limit was reached";
    if (reason == "score") return "the turn limit was reached with as many pieces left on each side";
    if (reason == "cheese_eaten") return "both cheeSes were eaten in the same turn";
    return "";
  }
  const engine::GameInfo* info = engine::find_game(game);
  if (info == nullptr) return "";
  const std::string winner = field(outcome, "winner").get<std::string>();
  const std::string loser = info->seat_names[0] == winner ? info->seat_names[1] : info->seat_names[0];
  if (reason == "timeout") return loser + " ran out of time";
  if (reason == "forfeit") return loser + " lost the connection and was not back within the reconnect grace";
  if (reason == "resignation") return loser + " resigned";
  if (reason == "crash") return loser + "'s program broke the protocol or stopped";
  if (reason == "no_legal_move") return loser + " had no legal move";
  if (reason == "illegal_setup") return loser + "'s setup broke the rules";
  if (reason == "score") return "the turn limit was reached; " + winner + " has more pieces left";
  return "";
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
