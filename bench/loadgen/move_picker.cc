#include "bench/loadgen/move_picker.h"

#include <array>
#include <vector>

namespace skirmish::loadgen {
namespace {

using Json = nlohmann::json;

template <typename T>
const T& choose(const std::vector<T>& items, std::mt19937_64& rng) {
  return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(rng)];
}

std::string with_id(Json move, long long id) {
  move["type"] = "move";
  move["id"] = id;
  return move.dump();
}

// Any own piece, either direction: always legal in 1D Chess.
std::string onedchess(const Json& view, int seat, long long id, std::mt19937_64& rng) {
  const char mine = seat == 0 ? 'W' : 'B';
  std::vector<int> pieces;
  const Json& board = view.at("board");
  for (std::size_t i = 0; i < board.size(); ++i)
    if (board[i].get_ref<const std::string&>()[0] == mine) pieces.push_back(static_cast<int>(i));
  if (pieces.empty()) return {};
  return with_id({{"position", choose(pieces, rng)},
                  {"direction", std::uniform_int_distribution<int>(0, 1)(rng) ? "LEFT" : "RIGHT"}},
                 id);
}

bool owned(const Json& cell, char owner) {
  return cell.is_string() && cell.get_ref<const std::string&>()[0] == owner;
}

// A movable own piece (not a flag or mine) one step onto a square it does not own.
std::string tactego(const Json& view, int seat, long long id, std::mt19937_64& rng) {
  const char mine = seat == 0 ? 'R' : 'B';
  const Json& board = view.at("board");
  const int rows = view.at("rows").get<int>();
  const int cols = view.at("cols").get<int>();
  std::vector<std::array<int, 4>> moves;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const Json& cell = board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (!owned(cell, mine)) continue;
      const char kind = cell.get_ref<const std::string&>()[1];
      if (kind == 'F' || kind == 'M') continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int tr = r + dr, tc = c + dc;
          if ((dr == 0 && dc == 0) || tr < 0 || tc < 0 || tr >= rows || tc >= cols) continue;
          if (owned(board[static_cast<std::size_t>(tr)][static_cast<std::size_t>(tc)], mine)) continue;
          moves.push_back({r, c, tr, tc});
        }
    }
  if (moves.empty()) return {};
  const auto& m = choose(moves, rng);
  return with_id({{"from", {m[0], m[1]}}, {"to", {m[2], m[3]}}}, id);
}

// Setup: every piece on a random free square of the seat's half. Play: each own piece on
// the board steps in a random direction (the cheeSe stays).
std::string dcms(const Json& view, int seat, long long id, std::mt19937_64& rng) {
  const std::string pieces = view.at("pieces").get<std::string>();
  if (view.at("phase") == "setup") {
    const Json& walls = view.at("walls");
    const int cols = view.at("cols").get<int>();
    const int half = cols / 2;
    std::vector<std::array<int, 2>> free;
    for (std::size_t r = 0; r < walls.size(); ++r) {
      const std::string& row = walls[r].get_ref<const std::string&>();
      for (int c = 0; c < cols; ++c) {
        const bool in_half = seat == 0 ? c < half : c >= cols - half;
        if (in_half && row[static_cast<std::size_t>(c)] == '.')
          free.push_back({static_cast<int>(r), c});
      }
    }
    if (free.empty()) return {};
    Json placement = Json::array();
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      const auto& at = choose(free, rng);
      placement.push_back({at[0], at[1]});
    }
    return with_id({{"placement", placement}}, id);
  }
  std::string move;
  const Json& placement = view.at("placement");
  for (char letter : pieces) {
    if (letter == 'S') continue;
    const char own = seat == 0 ? letter : static_cast<char>(letter - 'A' + 'a');
    const auto it = placement.find(std::string(1, own));
    if (it == placement.end() || it->is_null()) continue;
    if (!move.empty()) move += ' ';
    move += own;
    move += ' ';
    move += static_cast<char>('0' + std::uniform_int_distribution<int>(1, 9)(rng));
  }
  if (move.empty()) move = seat == 0 ? "S 5" : "s 5";  // nothing left to move: stand still
  return with_id({{"move", move}}, id);
}

}  // namespace

std::string pick_move(const Json& state, int seat, long long id, std::mt19937_64& rng) {
  const std::string& game = state.at("game").get_ref<const std::string&>();
  const Json& view = state.at("view");
  if (game == "onedchess") return onedchess(view, seat, id, rng);
  if (game == "tactego") return tactego(view, seat, id, rng);
  if (game == "dcms") return dcms(view, seat, id, rng);
  return {};
}

}  // namespace skirmish::loadgen
