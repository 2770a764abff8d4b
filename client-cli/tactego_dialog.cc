// Tactego: "Select Piece to Move by Position >> " then "Select Position to move Piece >> ".
#include "client-cli/move_dialogs.h"

namespace skirmish::client {
namespace {

class TactegoDialog : public MoveDialog {
 public:
  explicit TactegoDialog(const nlohmann::json& state)
      : view_(state.at("view")), own_(state.value("you", "") == "red" ? 'R' : 'B') {}

  std::string prompt() const override {
    return from_ ? "Select Position to move Piece >> " : "Select Piece to Move by Position >> ";
  }

  std::optional<nlohmann::json> feed(const std::string& line) override {
    const auto [row, col] = parse_position(line);
    const int rows = view_.at("rows").get<int>();
    const int cols = view_.at("cols").get<int>();
    if (row < 0 || col < 0 || row >= rows || col >= cols) {
      throw InputError("(" + std::to_string(row) + ", " + std::to_string(col) +
                       ") is off the board (rows 0-" + std::to_string(rows - 1) + ", columns 0-" +
                       std::to_string(cols - 1) + ")");
    }
    if (!from_) {
      const auto& cell = view_["board"][static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
      if (!cell.is_string() || cell.get<std::string>().front() != own_) {
        throw InputError("(" + std::to_string(row) + ", " + std::to_string(col) +
                         ") does not hold one of your pieces");
      }
      from_ = {row, col};
      return std::nullopt;
    }
    return nlohmann::json{{"from", {from_->first, from_->second}}, {"to", {row, col}}};
  }

 private:
  nlohmann::json view_;
  char own_;
  std::optional<std::pair<int, int>> from_;
};

}  // namespace

std::unique_ptr<MoveDialog> make_tactego_dialog(const nlohmann::json& state) {
  return std::make_unique<TactegoDialog>(state);
}

}  // namespace skirmish::client
