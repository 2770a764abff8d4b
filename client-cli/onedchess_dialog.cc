// 1D Chess: the position of the piece to move, then LEFT or RIGHT; or both at once
// ("2 RIGHT"). "back" at the direction chooses another piece. A move that would take the
// mover's own king (it loses at once, rules.md §3) is played only once confirmed.
// The bridge's check of a bot's answer is here too: it wants the fields this dialog writes.
#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>
#include <utility>

#include "client-cli/game_ui_parts.h"
#include "client-cli/move_dialogs.h"
#include "client-cli/style.h"
#include "client-cli/words.h"
#include "engine/onedchess/rules.h"

namespace skirmish::client {
namespace {

// What onedchess_screen.cc draws (rules.md, 1D Chess), for `help`.
constexpr const char* kLegend =
    "Board: positions 0 to 8, numbered under the board; W.. is white's piece, B.. black's.\n"
    "  Ki king: slides until it meets a piece and takes it (your own too), or stops at the end.\n"
    "  Kn knight: jumps exactly 2 cells and takes whatever it lands on.\n"
    "  Take the other king to win; lose your own and you lose.\n";

// "UP" from "2 UP": what follows the position, as typed.
std::string after_position(const std::string& line) {
  const auto start = line.find_first_not_of(" \t0123456789");
  if (start == std::string::npos) return "";
  const auto end = line.find_last_not_of(" \t");
  return line.substr(start, end - start + 1);
}

// The view's board, checked: the dialog reads its cells by position (a server's shorter
// board was read past its end).
const nlohmann::json& checked_board(const nlohmann::json& state) {
  const nlohmann::json& board = state.at("view").at("board");
  const bool nine_names = board.is_array() && board.size() == static_cast<std::size_t>(engine::onedchess::kBoardSize) &&
                          std::all_of(board.begin(), board.end(), [](const nlohmann::json& cell) { return cell.is_string(); });
  if (!nine_names)
    throw std::runtime_error("a 1D Chess board that is not " + std::to_string(engine::onedchess::kBoardSize) +
                             " cell names");
  return board;
}

class OnedchessDialog : public MoveDialog {
 public:
  explicit OnedchessDialog(const nlohmann::json& state)
      : board_(checked_board(state)), own_(state.value("you", "") == "white" ? 'W' : 'B') {}

  std::string prompt() const override {
    if (!confirming_.empty())
      return std::to_string(*position_) + " " + confirming_ +
             " takes your own king: you lose at once. Play it? (yes/no) >> ";
    return position_ ? "Select Direction (LEFT or RIGHT) >> " : "Select Position of Piece to Move >> ";
  }

  std::string help() const override {
    if (!confirming_.empty())
      return std::string(kLegend) + "Type: yes to play " + std::to_string(*position_) + " " + confirming_ +
             " and lose the game, no to choose another move.\n";
    if (!position_)
      return std::string(kLegend) +
             "Type: the position of one of your pieces, e.g. '2', or a whole move, e.g. '2 RIGHT'.\n";
    return std::string(kLegend) + "Type: LEFT or RIGHT (or L or R) to move your piece at " +
           std::to_string(*position_) + "; 'back' for another piece.\n";
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
        throw InputError("'" + printable(line) +
                         "' is not a position: type a number from 0 to 8 (or a whole move, e.g. '2 RIGHT')");
      }
      const int position = std::stoi(word);
      check_own_piece(position);
      if (direction.empty()) {
        position_ = position;
        return std::nullopt;
      }
      // A whole move is taken whole or not at all: a bad direction leaves no piece chosen.
      const auto whole = direction_of(direction);
      if (!whole)
        throw InputError("'" + printable(line) + "' is not a move: '" + printable(after_position(line)) +
                         "' is not a direction, so no piece is selected; type a position and LEFT or RIGHT, "
                         "e.g. '2 RIGHT'");
      return unless_own_king_falls(position, *whole);
    }
    if (!confirming_.empty()) {
      const bool play = is_word(line, "yes") || is_word(line, "y");
      if (!play && !is_word(line, "no") && !is_word(line, "n"))
        throw InputError("'" + printable(line) + "' is neither yes nor no");
      const std::string direction = std::exchange(confirming_, "");
      if (play) return nlohmann::json{{"position", *position_}, {"direction", direction}};
      position_.reset();
      return std::nullopt;  // another move
    }
    if (is_word(line, "back")) {
      position_.reset();  // choose another piece
      return std::nullopt;
    }
    const auto direction = direction_of(word);
    if (!direction) {
      throw InputError("Piece " + std::to_string(*position_) + " (" +
                       board_[static_cast<std::size_t>(*position_)].get<std::string>() + ") is selected; '" +
                       printable(line) + "' is not a direction: type LEFT or RIGHT (or back, for another piece)");
    }
    return unless_own_king_falls(*position_, *direction);
  }

 private:
  // The move, or nullopt and the question whether to play it when it would take the
  // mover's own king: a slip of one cell that loses the game is asked about first.
  std::optional<nlohmann::json> unless_own_king_falls(int position, const std::string& direction) {
    namespace chess = engine::onedchess;
    chess::Board board{};
    for (int i = 0; i < chess::kBoardSize; ++i) board[static_cast<std::size_t>(i)] = cell_at(i);
    const int landing =
        chess::landing_cell(board, position, direction == "LEFT" ? chess::Direction::Left : chess::Direction::Right);
    const chess::Cell taken = board[static_cast<std::size_t>(landing)];
    if (landing == position || !chess::is_king(taken) || chess::cell_name(taken).front() != own_)
      return nlohmann::json{{"position", position}, {"direction", direction}};
    position_ = position;
    confirming_ = direction;
    return std::nullopt;
  }

  engine::onedchess::Cell cell_at(int position) const {
    namespace chess = engine::onedchess;
    const std::string name = board_[static_cast<std::size_t>(position)].get<std::string>();
    for (const chess::Cell cell : {chess::Cell::WhiteKing, chess::Cell::WhiteKnight, chess::Cell::BlackKing,
                                   chess::Cell::BlackKnight})
      if (chess::cell_name(cell) == name) return cell;
    return chess::Cell::Empty;
  }

  static std::optional<std::string> direction_of(const std::string& word) {
    if (word == "L" || word == "LEFT") return "LEFT";
    if (word == "R" || word == "RIGHT") return "RIGHT";
    return std::nullopt;
  }

  // The reason says which it is, as the rules do: off the board, empty, or the opponent's.
  void check_own_piece(int position) const {
    if (position < 0 || static_cast<std::size_t>(position) >= board_.size())
      throw InputError(std::to_string(position) + " is off the board: positions are 0 to 8");
    const std::string cell = board_[static_cast<std::size_t>(position)].get<std::string>();
    if (cell == "EMPTY") throw InputError("position " + std::to_string(position) + " is empty: choose one of your pieces");
    if (cell.front() != own_)
      throw InputError("position " + std::to_string(position) + " holds your opponent's " + cell +
                       ": choose one of your pieces");
  }

  nlohmann::json board_;
  char own_;
  std::optional<int> position_;
  // Not empty while asking whether to play position_ this way: it takes the mover's own king.
  std::string confirming_;
};

}  // namespace

std::unique_ptr<MoveDialog> make_onedchess_dialog(const nlohmann::json& state) {
  return std::make_unique<OnedchessDialog>(state);
}

std::string onedchess_legend() { return kLegend; }

std::string check_onedchess_answer(const nlohmann::json& answer, const std::string& /*phase*/) {
  if (!answer.value("position", nlohmann::json()).is_number_integer() ||
      !answer.value("direction", nlohmann::json()).is_string())
    return "a 1D Chess move needs \"position\" (integer) and \"direction\" (\"LEFT\"/\"RIGHT\")";
  return "";
}

}  // namespace skirmish::client
