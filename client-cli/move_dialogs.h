#pragma once
// The questions a person answers to make one move, following the seeds (Tactego asks for
// the piece and then the destination in separate prompts). Each game's dialog is in its
// *_dialog.cc (game_ui.h).
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace skirmish::client {

// A line the dialog cannot use; what() says why. The same prompt is asked again.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class MoveDialog {
 public:
  virtual ~MoveDialog() = default;
  virtual std::string prompt() const = 0;
  // For `help` or `?`: the game's board symbols and what this prompt takes (lines ending in
  // '\n'). Each game keeps its legend next to its dialog.
  virtual std::string help() const = 0;
  // One answer. Returns the move's fields once complete, nullopt when another prompt
  // follows; throws InputError to ask the same prompt again.
  virtual std::optional<nlohmann::json> feed(const std::string& line) = 0;
};

// For the `state` in which seat `you` must act.
std::unique_ptr<MoveDialog> make_move_dialog(const nlohmann::json& state);

// What the board's symbols mean in `game` ("" for a game this client does not know): the
// start of each dialog's help, and all a spectator or a waiting player gets.
std::string board_legend(const std::string& game);

// The numbers of a line of positions, as the board prints them or bare: "(2, 0) (3, 1)" and
// "2 0 3 1" both give "2 0 3 1" (brackets and commas become spaces).
std::string position_numbers(const std::string& line);

// "2 0" or "(2, 0)" -> {2, 0}; throws InputError naming the expected form.
std::pair<int, int> parse_position(const std::string& line);

}  // namespace skirmish::client
