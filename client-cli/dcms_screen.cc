// DCMS: the map with its walls and every piece on it, four characters per square (like
// the seed's "WWWW" board), plus the score.
#include "client-cli/game_ui_parts.h"
#include "client-cli/screens.h"

#include "client-cli/json_field.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>

namespace skirmish::client {

std::string render_dcms(const nlohmann::json& view, const Style& style) {
  return render_dcms_within(view, style, terminal_columns());
}

std::string render_dcms_within(const nlohmann::json& view, const Style& style, int columns) {
  const auto& walls = view.at("walls");
  const int rows = int_of(field(view, "rows"), "a DCMS map's rows");
  const int cols = int_of(field(view, "cols"), "a DCMS map's columns");
  // A view from the server is checked like any input: it indexes the walls below.
  if (rows < 1 || cols < 1 || 1LL * rows * cols > kMaxDcmsSquares || walls.size() != static_cast<std::size_t>(rows))
    throw std::runtime_error("a DCMS map of " + std::to_string(rows) + " x " + std::to_string(cols) + " squares with " +
                             std::to_string(walls.size()) + " rows of walls");
  std::map<std::pair<int, int>, std::string> pieces;
  const nlohmann::json placement = view.value("placement", nlohmann::json::object());
  std::size_t most_on_a_square = 0;
  for (const auto& [letter, pos] : placement.items()) {
    if (pos.is_null()) continue;  // not on the board
    std::string& here = pieces[{int_of(pos.at(0), "a piece's row"), int_of(pos.at(1), "a piece's column")}];
    here += letter;
    most_on_a_square = std::max(most_on_a_square, here.size());
  }
  // The row numbers take 3 characters, then each square 4 (" ###"), or 3 ("###", after one
  // blank) when 4 would wrap every row (the arena map is 83 wide, a terminal often 80) and
  // no square holds three pieces (they would run into the next square).
  const bool narrow = columns > 0 && 3 + 4 * cols > columns && most_on_a_square <= 2;
  const std::size_t cell = narrow ? 3 : 4;
  // Each square's first character sits under its column's number (the row numbers take
  // 3 characters and a blank).
  std::string out = "    ";
  for (int c = 0; c < cols; ++c) {
    std::string label = std::to_string(c);
    out += label + std::string(label.size() < cell ? cell - label.size() : 0, ' ');
  }
  while (out.back() == ' ') out.pop_back();
  out += "\n";
  for (int r = 0; r < rows; ++r) {
    std::string label = std::to_string(r);
    out += std::string(label.size() < 3 ? 3 - label.size() : 0, ' ') + label;
    const std::string row = walls.at(static_cast<std::size_t>(r)).get<std::string>();
    if (row.size() != static_cast<std::size_t>(cols))
      throw std::runtime_error("a DCMS wall row of " + std::to_string(row.size()) + " squares on a map " +
                               std::to_string(cols) + " wide");
    for (int c = 0; c < cols; ++c) {
      auto it = pieces.find({r, c});
      if (!narrow || c == 0) out += " ";
      if (row[static_cast<std::size_t>(c)] == '#') {
        out += style.dim("###");
      } else if (it == pieces.end()) {
        out += ".  ";  // under the column's number, where a piece's first letter goes
      } else {
        std::string letters;
        for (char letter : it->second) {
          const std::string one(1, letter);
          letters += std::isupper(static_cast<unsigned char>(letter)) ? style.blue(one) : style.red(one);
        }
        out += letters + std::string(it->second.size() < 3 ? 3 - it->second.size() : 0, ' ');
      }
    }
    out += "\n";
  }
  const auto& score = view.value("score", nlohmann::json::array());
  if (score.size() == 2) {
    out += "Pieces on the board: blue " + score[0].dump() + ", red " + score[1].dump() + "\n";
  }
  return out;
}

std::string describe_dcms_last(const nlohmann::json& last) {
  std::string text;
  const nlohmann::json moves = last.value("moves", nlohmann::json::object());
  // After the setup the report's "moves" are the placements ("1 1 3 1"): move strings
  // always start with a piece letter.
  // Only a setup can be illegal, and a seat with none at its deadline made an illegal one.
  const nlohmann::json illegal_setups = last.value("illegal_setup", nlohmann::json::object());
  const auto missed_setup = [&](const std::string& seat) { return illegal_setups.value(seat, false); };
  bool setup = false;
  for (const auto& [seat, move] : moves.items())
    if ((move.is_string() && !move.get<std::string>().empty() &&
         std::isdigit(static_cast<unsigned char>(move.get<std::string>()[0]))) ||
        (move.is_null() && missed_setup(seat)))
      setup = true;
  if (!moves.empty()) {
    text += setup ? "Setup:" : "Moves:";
    for (const auto& [seat, move] : moves.items())
      text += " " + seat + " " +
              (move.is_string() ? "'" + move.get<std::string>() + "'"
                                : setup ? "(none placed in time)" : "(null move)");
    text += "\n";
  }
  for (const auto& capture : last.value("captures", nlohmann::json::array())) {
    text += "Captured: " + capture.value("piece", "?") + " at " + format_pos(field(capture, "at")) +
            " (" + capture.value("why", "?") + ")\n";
  }
  const nlohmann::json illegal_setup = last.value("illegal_setup", nlohmann::json::object());
  for (const auto& [seat, illegal] : illegal_setup.items()) {
    if (!illegal.is_boolean() || !illegal.get<bool>()) continue;
    text += capitalized(seat) + " made an illegal setup";
    const nlohmann::json problems = last.value("setup_problem", nlohmann::json::object());
    if (problems.is_object() && problems.value(seat, nlohmann::json()).is_string())
      text += ": " + problems[seat].get<std::string>();
    text += "\n";
  }
  return text;
}

}  // namespace skirmish::client
