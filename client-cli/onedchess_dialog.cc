// 1D Chess: the position of the piece to move, then LEFT or RIGHT; or both at once
// ("2 RIGHT"). "back" at the direction chooses another piece.
#include <algorithm>
#include <cctype>

#include "client-cli/move_dialogs.h"
#include "client-cli/words.h"

namespace skirmish::client {
namespace {

class OnedchessDialog : public MoveDialog {
 public:
  explicit OnedchessDialog(const nlohmann::json& state)
      : board_(state.at("view").at("board")), own_(state.value("you", "") == "white" ? 'W' : 'B') {}

  std::string prompt() const override {
    return position_ ? "Select Direction (LEFT or RIGHT) >> " : "Select Position of Piece to Move >> ";
  }

  std::optional<nlohmann::json> feed(const std::string& line) override {
    std::string word;
    for (char ch : line)
      if (!std::isspace(static_cast<unsigned char>(ch)))
        word += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (!position_) {
      // "2 RIGHT", the rules' own notation, is the whole move at once.
      const auto digits = static_cast<std::size_t>(
          std::find_if(word.begin(), word.end(), [](char ch) { return !std::isdigit(static_cast<unsigned char>(ch)); }) -
          word.begin());
      const std::string direction = word.substr(digits);
      word.resize(digits);
      if (word.empty() || word.size() > 2) {
        throw InputError("'" + line + "' is not a position: type a number from 0 to 8 (or a whole move, e.g. '2 RIGHT')");
      }
      const int position = std::stoi(word);
      if (position < 0 || static_cast<std::size_t>(position) >= board_.size()) {
        throw InputError(std::to_string(position) + " is off the board: positions are 0 to 8");
      }
      const std::string cell = board_[static_cast<std::size_t>(position)].get<std::string>();
      if (cell.front() != own_ || cell == "EMPTY") {
        throw InputError("position " + std::to_string(position) + " does not hold one of your pieces");
      }
      position_ = position;
      if (direction.empty()) return std::nullopt;
      word = direction;
    } else if (is_word(line, "back")) {
      position_.reset();  // choose another piece
      return std::nullopt;
    }
    if (word == "L") word = "LEFT";
    if (word == "R") word = "RIGHT";
    if (word != "LEFT" && word != "RIGHT") {
      throw InputError("'" + line + "' is not a direction: type LEFT or RIGHT (or back, for another piece)");
    }
    return nlohmann::json{{"position", *position_}, {"direction", word}};
  }

 private:
  nlohmann::json board_;
  char own_;
  std::optional<int> position_;
};

}  // namespace

std::unique_ptr<MoveDialog> make_onedchess_dialog(const nlohmann::json& state) {
  return std::make_unique<OnedchessDialog>(state);
}

}  // namespace skirmish::client
