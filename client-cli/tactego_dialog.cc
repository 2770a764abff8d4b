// Tactego: "Select Piece to Move by Position >> " then "Select Position to move Piece >> ".
// The bridge's check of a bot's answer is here too: it wants the fields this dialog writes.
#include "client-cli/move_dialogs.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "client-cli/game_ui_parts.h"
#include "client-cli/json_field.h"
#include "client-cli/words.h"

namespace skirmish::client {
namespace {

// What tactego_screen.cc draws (rules.md, Tactego), for `help`.
constexpr const char* kLegend =
    "Board: rows down the side, columns across the top; R.. is red's piece, B.. blue's.\n"
    "  A number is its strength: in an attack the higher wins, a tie goes to the attacker.\n"
    "  F flag (never moves; take the enemy's last flag to win), M mine (never moves; destroys\n"
    "  any attacker but a sapper), S sapper (strength 0, defuses mines), A assassin (wins every\n"
    "  attack it makes, loses every attack on it), ? an enemy piece not yet revealed (fog).\n";

bool is_position(const nlohmann::json& value) {
  return value.is_array() && value.size() == 2 && value[0].is_number_integer() && value[1].is_number_integer();
}

class TactegoDialog : public MoveDialog {
 public:
  explicit TactegoDialog(const nlohmann::json& state)
      : view_(state.at("view")), own_(state.value("you", "") == "red" ? 'R' : 'B') {}

  std::string prompt() const override {
    return from_ ? "Select Position to move Piece >> " : "Select Piece to Move by Position >> ";
  }

  std::string help() const override {
    if (!from_)
      return std::string(kLegend) +
             "Type: the row and column of one of your pieces, e.g. '2 0', or a whole move, e.g. '2 0 3 0'.\n";
    return std::string(kLegend) + "Type: the row and column where the piece at (" + std::to_string(from_->first) +
           ", " + std::to_string(from_->second) +
           ") goes, one step in any direction (diagonals too); 'back' for another piece.\n";
  }

  // The seed's flow: a bad start asks for the start again, a bad end asks for the end again.
  // "1 0 2 0" at either prompt is the whole move; "back" at the second chooses again.
  std::optional<nlohmann::json> feed(const std::string& line) override {
    if (from_ && is_word(line, "back")) {
      from_.reset();
      return std::nullopt;
    }
    {
      std::istringstream words(position_numbers(line));
      int numbers[4];
      std::string extra;
      if (words >> numbers[0] >> numbers[1] >> numbers[2] >> numbers[3] && !(words >> extra)) {
        from_.reset();  // a whole move chooses its piece itself
        feed(std::to_string(numbers[0]) + " " + std::to_string(numbers[1]));
        try {
          return feed(std::to_string(numbers[2]) + " " + std::to_string(numbers[3]));
        } catch (const InputError&) {
          from_.reset();  // the whole move is typed again
          throw;
        }
      }
    }
    const auto [row, col] = parse_position(line);
    const std::string where = "(" + std::to_string(row) + ", " + std::to_string(col) + ")";
    if (!on_board(row, col)) {
      throw InputError(where + " is off the board (rows 0-" + std::to_string(rows() - 1) +
                       ", columns 0-" + std::to_string(cols() - 1) + ")");
    }
    if (!from_) {
      if (!is_own(row, col)) throw InputError(where + " does not hold one of your pieces");
      const std::string piece = cell(row, col);
      if (piece == std::string{own_, 'F'} || piece == std::string{own_, 'M'})
        throw InputError(where + " holds your " + (piece[1] == 'F' ? "flag" : "mine") +
                         ", which cannot move");
      if (!has_destination(row, col))
        throw InputError(where + " is surrounded by your own pieces and the board's edge");
      from_ = {row, col};
      return std::nullopt;
    }
    if (std::max(std::abs(row - from_->first), std::abs(col - from_->second)) != 1)
      throw InputError(where + " is not one step from (" + std::to_string(from_->first) + ", " +
                       std::to_string(from_->second) + ")");
    if (is_own(row, col)) throw InputError(where + " holds one of your own pieces");
    return nlohmann::json{{"from", {from_->first, from_->second}}, {"to", {row, col}}};
  }

 private:
  int rows() const { return int_of(field(view_, "rows"), "a Tactego board's rows"); }
  int cols() const { return int_of(field(view_, "cols"), "a Tactego board's columns"); }
  bool on_board(int row, int col) const { return row >= 0 && col >= 0 && row < rows() && col < cols(); }
  // "R5", "B?", or "" for an empty cell.
  std::string cell(int row, int col) const {
    const auto& value = view_.at("board").at(static_cast<std::size_t>(row)).at(static_cast<std::size_t>(col));
    return value.is_string() ? value.get<std::string>() : std::string();
  }
  bool is_own(int row, int col) const {
    const std::string piece = cell(row, col);
    return !piece.empty() && piece.front() == own_;
  }
  bool has_destination(int row, int col) const {
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        if ((dr != 0 || dc != 0) && on_board(row + dr, col + dc) && !is_own(row + dr, col + dc))
          return true;
    return false;
  }

  nlohmann::json view_;
  char own_;
  std::optional<std::pair<int, int>> from_;
};

}  // namespace

std::unique_ptr<MoveDialog> make_tactego_dialog(const nlohmann::json& state) {
  return std::make_unique<TactegoDialog>(state);
}

std::string tactego_legend() { return kLegend; }

std::string check_tactego_answer(const nlohmann::json& answer, const std::string& /*phase*/) {
  if (!is_position(answer.value("from", nlohmann::json())) || !is_position(answer.value("to", nlohmann::json())))
    return "a Tactego move needs \"from\" and \"to\", each [row, col]";
  return "";
}

}  // namespace skirmish::client
