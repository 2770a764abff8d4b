#include "bench/loadgen/move_picker.h"

#include "bench/loadgen/json_scan.h"
#include "protocol/json_writer.h"

namespace skirmish::loadgen {
namespace {

// Far above any real map; keeps the DCMS column arithmetic within int.
constexpr long long kMaxSide = 10000;

template <typename T>
const T& choose(const std::vector<T>& items, std::mt19937_64& rng) {
  return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(rng)];
}

}  // namespace

std::optional<Game> game_named(std::string_view name) {
  if (name == "onedchess") return Game::onedchess;
  if (name == "tactego") return Game::tactego;
  if (name == "dcms") return Game::dcms;
  return std::nullopt;
}

bool MovePicker::pick(Game game, std::string_view view, int seat, long long id, std::mt19937_64& rng,
                      std::string& out) {
  out.clear();
  protocol::JsonWriter request(out);
  request.begin_object().key("type").plain_string("move");
  bool found = false;
  switch (game) {
    case Game::onedchess: found = onedchess(view, seat, rng, request); break;
    case Game::tactego: found = tactego(view, seat, rng, request); break;
    case Game::dcms: found = dcms(view, seat, rng, request); break;
  }
  if (!found) return false;
  request.key("id").number(id).end_object();
  return true;
}

// Any own piece, either direction: always legal in 1D Chess.
bool MovePicker::onedchess(std::string_view view, int seat, std::mt19937_64& rng, protocol::JsonWriter& out) {
  const char mine = seat == 0 ? 'W' : 'B';
  positions_.clear();
  json::Reader in(view);
  std::string_view key;
  if (!in.enter_object()) return false;
  while (in.next_member(key)) {
    if (key != "board") {
      in.skip();
      continue;
    }
    positions_.clear();
    int index = 0;
    in.enter_array();
    while (in.next_item()) {
      decoded_.clear();
      const auto cell = in.string(decoded_);  // every cell is a string ("EMPTY" when empty)
      if (cell && !cell->empty() && cell->front() == mine) positions_.push_back(index);
      ++index;
    }
  }
  if (!in.finish() || positions_.empty()) return false;
  out.key("position").number(choose(positions_, rng));
  out.key("direction").plain_string(std::uniform_int_distribution<int>(0, 1)(rng) ? "LEFT" : "RIGHT");
  return true;
}

// A movable own piece (not a flag or mine) one step, diagonals included, onto a square it
// does not own.
bool MovePicker::tactego(std::string_view view, int seat, std::mt19937_64& rng, protocol::JsonWriter& out) {
  const char mine = seat == 0 ? 'R' : 'B';
  std::optional<long long> rows_read, cols_read;
  // The board row by row, each cell null or "<owner><kind>" ("R10", "B?"): its first two
  // characters, or nothing.
  cells_.clear();
  int rows = 0, cols = -1;
  bool ragged = false;
  json::Reader in(view);
  std::string_view key;
  if (!in.enter_object()) return false;
  while (in.next_member(key)) {
    if (key == "rows") {
      rows_read = json::int_value(in.skip());
    } else if (key == "cols") {
      cols_read = json::int_value(in.skip());
    } else if (key == "board") {
      cells_.clear();
      rows = 0;
      cols = -1;
      in.enter_array();
      while (in.next_item()) {
        int width = 0;
        in.enter_array();
        while (in.next_item()) {
          ++width;
          std::array<char, 2> square{};  // null (or anything but a string): nobody's
          if (in.at_string()) {
            decoded_.clear();
            if (const auto text = in.string(decoded_)) {
              if (text->size() > 0) square[0] = (*text)[0];
              if (text->size() > 1) square[1] = (*text)[1];
            }
          } else {
            in.skip();
          }
          cells_.push_back(square);
        }
        if (cols >= 0 && width != cols) ragged = true;
        cols = width;
        ++rows;
      }
    } else {
      in.skip();
    }
  }
  if (!in.finish() || ragged || rows == 0 || rows_read != rows || cols_read != cols) return false;

  auto at = [&](int r, int c) { return cells_[static_cast<std::size_t>(r * cols + c)]; };
  moves_.clear();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const auto cell = at(r, c);
      if (cell[0] != mine || cell[1] == 'F' || cell[1] == 'M') continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int tr = r + dr, tc = c + dc;
          if ((dr == 0 && dc == 0) || tr < 0 || tc < 0 || tr >= rows || tc >= cols) continue;
          if (at(tr, tc)[0] == mine) continue;
          moves_.push_back({r, c, tr, tc});
        }
    }
  if (moves_.empty()) return false;
  const auto& m = choose(moves_, rng);
  out.key("from").pair(m[0], m[1]);
  out.key("to").pair(m[2], m[3]);
  return true;
}

// Setup: every piece on a random free square of the seat's half. Play: each own piece on
// the board steps in a random direction (the cheeSe stays).
bool MovePicker::dcms(std::string_view view, int seat, std::mt19937_64& rng, protocol::JsonWriter& out) {
  std::optional<std::string_view> pieces;
  std::string_view walls, placement;
  std::optional<long long> cols_read;
  bool setup = false;
  pieces_.clear();
  json::Reader in(view);
  std::string_view key;
  if (!in.enter_object()) return false;
  while (in.next_member(key)) {
    if (key == "pieces") {
      pieces = in.string(pieces_);
    } else if (key == "phase") {
      if (in.at_string()) {
        decoded_.clear();
        setup = in.string(decoded_) == std::string_view("setup");
      } else {
        in.skip();
      }
    } else if (key == "cols") {
      cols_read = json::int_value(in.skip());
    } else if (key == "walls") {
      walls = in.skip();  // read below, once `cols` is known
    } else if (key == "placement") {
      placement = in.skip();
    } else {
      in.skip();
    }
  }
  if (!in.finish() || !pieces) return false;

  if (setup) {
    if (!cols_read || *cols_read < 0 || *cols_read > kMaxSide) return false;
    const int cols = static_cast<int>(*cols_read);
    const int half = cols / 2;
    squares_.clear();
    json::Reader rows(walls);
    rows.enter_array();
    for (int r = 0; rows.next_item(); ++r) {
      decoded_.clear();
      const auto row = rows.string(decoded_);
      if (!row) return false;
      for (int c = 0; c < cols && static_cast<std::size_t>(c) < row->size(); ++c) {
        const bool in_half = seat == 0 ? c < half : c >= cols - half;
        if (in_half && (*row)[static_cast<std::size_t>(c)] == '.') squares_.push_back({r, c});
      }
    }
    if (!rows.finish() || squares_.empty()) return false;
    out.key("placement").begin_array();
    for (std::size_t i = 0; i < pieces->size(); ++i) {
      const auto& square = choose(squares_, rng);
      out.pair(square[0], square[1]);
    }
    out.end_array();
    return true;
  }

  // Which pieces are on the board: placement maps each letter to [row, col] or null.
  std::array<bool, 256> on_board{};
  json::Reader places(placement);
  places.enter_object();
  while (places.next_member(key)) {
    const bool off = places.null();
    if (!off) places.skip();
    if (key.size() == 1) on_board[static_cast<unsigned char>(key[0])] = !off;
  }
  if (!places.finish()) return false;
  move_.clear();
  for (const char letter : *pieces) {
    if (letter == 'S') continue;
    const char own = seat == 0 ? letter : static_cast<char>(letter - 'A' + 'a');
    if (!on_board[static_cast<unsigned char>(own)]) continue;
    if (!move_.empty()) move_ += ' ';
    move_ += own;
    move_ += ' ';
    move_ += static_cast<char>('0' + std::uniform_int_distribution<int>(1, 9)(rng));
  }
  if (move_.empty()) move_ = seat == 0 ? "S 5" : "s 5";  // nothing left to move: stand still
  out.key("move").string(move_);
  return true;
}

}  // namespace skirmish::loadgen
