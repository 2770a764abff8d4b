// Tactego on the wire: {"from": [r, c], "to": [r, c]}; the view is the board as the viewer
// may see it, each cell "R5"/"BF", "B?" for a kind hidden by fog, null when empty.
#include <algorithm>
#include <charconv>
#include <climits>

#include "engine/tactego/tactego.h"
#include "protocol/client_message.h"
#include "protocol/codecs/codecs.h"
#include "protocol/error_code.h"

namespace skirmish::protocol {
namespace {

namespace tg = engine::tactego;

const tg::TactegoState& typed(const engine::GameState& state) {
  return dynamic_cast<const tg::TactegoState&>(state);
}

char owner_letter(int seat) { return seat == 0 ? 'R' : 'B'; }

// "R5", "BF", or "R?" when the kind is hidden, quoted, written at `at`; returns the end.
// At most 7 characters ("R999" and its quotes, one more spare).
char* put_piece(char* at, int owner, const std::optional<tg::Piece>& piece) {
  *at++ = '"';
  *at++ = owner_letter(owner);
  if (!piece)
    *at++ = '?';
  else if (piece->kind == tg::Kind::Number)
    at = std::to_chars(at, at + 4, piece->strength).ptr;  // 1..999
  else
    *at++ = tg::kind_letter(piece->kind);
  *at++ = '"';
  return at;
}

void write_piece(JsonWriter& out, int owner, const std::optional<tg::Piece>& piece) {
  char text[8];
  out.raw(std::string_view(text, static_cast<std::size_t>(put_piece(text, owner, piece) - text)));
}

// One board row as JSON, built in a flat buffer and appended at once: a 10 x 10 board is a
// hundred cells, and appending each cell's few characters one by one was most of the cost
// of a view, which the server writes twice per move.
void write_row(JsonWriter& out, const tg::BoardView& board, int r) {
  thread_local std::string row;
  row.resize(static_cast<std::size_t>(board.cols) * 8 + 2);
  char* at = row.data();
  *at++ = '[';
  for (int c = 0; c < board.cols; ++c) {
    if (c > 0) *at++ = ',';
    const tg::CellView& cell = board.at(r, c);
    if (cell.owner < 0)
      at = std::copy_n("null", 4, at);
    else
      at = put_piece(at, cell.owner, cell.piece);
  }
  *at++ = ']';
  out.raw(std::string_view(row.data(), static_cast<std::size_t>(at - row.data())));
}

int checked_int(long long value, std::string_view field) {
  if (value < INT_MIN || value > INT_MAX)
    throw ProtocolError(ErrorCode::BadMessage, "field '" + std::string(field) + "' is out of range");
  return static_cast<int>(value);
}

// With fog the seed gives the whole placement away: hidden until the match is over, by the
// rules or otherwise; then everyone may replay and check the game. (Not the engine's own
// outcome: a position lost before the first move has one while the match still waits.)
bool seed_visible(const tg::TactegoState& state, const engine::Viewer& viewer, bool match_over) {
  return !state.fog() || viewer.kind == engine::Viewer::Kind::Full || match_over;
}

class TactegoCodec final : public GameCodec {
 public:
  std::string_view game() const override { return "tactego"; }

  std::string move_text(const nlohmann::json& message, const engine::GameState&,
                        engine::Seat) const override {
    require_move_fields(message, {"from", "to"}, "a Tactego move is {\"from\": [row, col], \"to\": [row, col]}");
    const auto [r1, c1] = require_position(message, "from");
    const auto [r2, c2] = require_position(message, "to");
    return tg::format_move({{checked_int(r1, "from"), checked_int(c1, "from")},
                            {checked_int(r2, "to"), checked_int(c2, "to")}});
  }

  void choose_options(engine::Options& given, std::string_view random_text) const override {
    // Only a missing seed is chosen: "" is a seed string like any other (CPython's too).
    if (!given.has("seed")) given.set("seed", std::string(random_text));
  }

  bool hides_option(std::string_view name, const engine::Options& resolved) const override {
    return name == "seed" && resolved.has("fog") && resolved.text("fog") == "true";
  }

  // `pieces` is replaced by a pieces file, and an empty `pieces_text` is no file at all.
  bool option_applies(std::string_view name, const engine::Options& resolved) const override {
    const bool inline_file = resolved.has("pieces_text") && !resolved.text("pieces_text").empty();
    if (name == "pieces_text") return inline_file;
    return name != "pieces" || !inline_file;
  }

  void write_view(JsonWriter& out, const engine::GameState& state, const engine::Viewer& viewer,
                  bool match_over) const override {
    const tg::TactegoState& game = typed(state);
    // Reused: a 10 x 10 board's cells are 2 KB, allocated and freed twice per move otherwise.
    thread_local tg::BoardView board;
    game.view_into(viewer, board);
    out.begin_object();
    out.key("rows").number(board.rows);
    out.key("cols").number(board.cols);
    out.key("fog").boolean(game.fog());
    out.key("seed");
    if (seed_visible(game, viewer, match_over))
      out.string(game.seed());
    else
      out.null();
    out.key("board").begin_array();
    for (int r = 0; r < board.rows; ++r) write_row(out, board, r);
    out.end_array();
    out.key("revealed").begin_array();
    for (int r = 0; r < board.rows; ++r)
      for (int c = 0; c < board.cols; ++c)
        if (board.at(r, c).owner >= 0 && board.at(r, c).revealed) out.pair(r, c);
    out.end_array();
    out.end_object();
  }

  void write_last(JsonWriter& out, const engine::GameState& state,
                  const engine::Viewer&) const override {
    const auto& last = typed(state).last_move();
    if (!last) {
      out.null();
      return;
    }
    out.begin_object();
    out.key("seat").string(last->seat == 0 ? "red" : "blue");
    out.key("from").pair(last->move.from.row, last->move.from.col);
    out.key("to").pair(last->move.to.row, last->move.to.col);
    out.key("combat");
    if (!last->combat) {
      out.null();
    } else {
      // Both pieces of a combat are revealed to everyone (rules §4), so their kinds are public.
      const tg::Combat& combat = *last->combat;
      out.begin_object();
      out.key("at").pair(combat.at.row, combat.at.col);
      out.key("attacker");
      write_piece(out, last->seat, combat.attacker);
      out.key("defender");
      write_piece(out, 1 - last->seat, combat.defender);
      out.key("result").string(combat.result == tg::CombatResult::AttackerWon
                                   ? "attacker_won"
                                   : "attacker_destroyed");
      out.end_object();
    }
    out.end_object();
  }
};

}  // namespace

const GameCodec& tactego_codec() {
  static const TactegoCodec codec;
  return codec;
}

}  // namespace skirmish::protocol
