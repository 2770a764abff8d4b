// How a DCMS state looks from outside: the bots' observation, the text board, the state key.
#include <algorithm>

#include "engine/dcms/dcms_state.h"

namespace skirmish::engine::dcms {
namespace {

constexpr std::size_t idx(int i) { return static_cast<std::size_t>(i); }

std::string_view phase_name(Phase phase) {
  switch (phase) {
    case Phase::Setup: return "setup";
    case Phase::Play: return "play";
    case Phase::Over: return "over";
  }
  return "?";
}

}  // namespace

Observation DcmsState::observation(Seat seat) const {
  Observation obs;
  obs.color = seat;
  obs.rows = map_->rows;
  obs.cols = map_->cols;
  obs.board.assign(idx(map_->rows), {});
  for (int r = 0; r < map_->rows; ++r)
    for (int c = 0; c < map_->cols; ++c)
      obs.board[idx(r)].push_back(map_->wall(r, c) ? "WWWW" : "    ");
  for (Seat s = 0; s < 2; ++s)
    for (int i = 0; i < piece_count_; ++i)
      obs.placement.emplace_back(std::string(1, piece_letter(s, i)), position(s, i));
  obs.turn = turn_;
  return obs;
}

// Walls are "#", free squares ".", pieces their letters (blue upper case, red lower case;
// several on one square shown together). Cells are as wide as the fullest square needs.
std::string DcmsState::render(const Viewer& /*viewer: DCMS has no hidden information*/) const {
  std::vector<std::string> cells(idx(map_->rows * map_->cols));
  for (int r = 0; r < map_->rows; ++r)
    for (int c = 0; c < map_->cols; ++c)
      cells[idx(r * map_->cols + c)] = map_->wall(r, c) ? "#" : ".";
  for (Seat s = 0; s < 2; ++s)
    for (int i = 0; i < piece_count_; ++i) {
      if (!on_board_[idx(s)][idx(i)]) continue;
      std::string& cell = cells[idx(pos_[idx(s)][idx(i)].row * map_->cols + pos_[idx(s)][idx(i)].col)];
      if (cell == ".") cell.clear();
      cell += piece_letter(s, i);
    }
  std::size_t width = 2;
  for (const auto& cell : cells) width = std::max(width, cell.size());
  const auto pad = [&](std::string text, std::size_t w) {
    text.resize(std::max(w, text.size()), ' ');
    return text;
  };
  const std::size_t label = std::to_string(map_->rows - 1).size();

  std::string out = pad("", label);
  for (int c = 0; c < map_->cols; ++c) out += " " + pad(std::to_string(c), width);
  while (out.back() == ' ') out.pop_back();
  out += "\n";
  for (int r = 0; r < map_->rows; ++r) {
    std::string row_label = std::to_string(r);
    out += std::string(label - row_label.size(), ' ') + row_label;
    for (int c = 0; c < map_->cols; ++c) out += " " + pad(cells[idx(r * map_->cols + c)], width);
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
  }
  const auto s = score();
  const int play_turn = std::max(0, turn_ - 1);
  out += "map " + map_->name + ", pieces " + std::string(pieces()) + ", " +
         std::string(phase_name(phase_)) + ", turn " + std::to_string(play_turn) + " of " +
         std::to_string(max_turns_) + ", score blue (upper case) " + std::to_string(s[0]) +
         " red (lower case) " + std::to_string(s[1]) + "\n";
  return out;
}

std::string DcmsState::state_key() const {
  std::string key = "dcms map=" + map_->name + " " + std::to_string(map_->rows) + "x" +
                    std::to_string(map_->cols) + " ";
  for (auto wall : map_->walls) key += wall ? '#' : '.';
  key += " pieces=" + std::string(pieces()) + " max_turns=" + std::to_string(max_turns_) +
         " turn=" + std::to_string(turn_) + " phase=" + std::string(phase_name(phase_));
  for (Seat s = 0; s < 2; ++s)
    for (int i = 0; i < piece_count_; ++i) {
      key += ' ';
      key += piece_letter(s, i);
      if (!on_board_[idx(s)][idx(i)]) {
        key += "=off";
        continue;
      }
      key += "=" + std::to_string(pos_[idx(s)][idx(i)].row) + "," +
             std::to_string(pos_[idx(s)][idx(i)].col);
    }
  if (!outcome_.over) return key + " outcome=ongoing";
  key += " outcome=" + std::to_string(outcome_.winner) + "," + std::string(to_string(outcome_.reason));
  return key;
}

}  // namespace skirmish::engine::dcms
