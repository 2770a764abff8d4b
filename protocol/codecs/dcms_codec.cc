// DCMS on the wire: setup {"placement": [[r, c], ...]}, play {"move": "M 4"}. The view is
// the bot's inputs of the seed (colour, size, walls, every piece's square). Sealed moves
// never reach the codec: the engine holds only resolved turns.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "engine/dcms/dcms.h"
#include "protocol/client_message.h"
#include "protocol/codecs/codecs.h"
#include "protocol/error_code.h"

namespace skirmish::protocol {
namespace {

namespace dc = engine::dcms;

const dc::DcmsState& typed(const engine::GameState& state) {
  return dynamic_cast<const dc::DcmsState&>(state);
}

std::string_view phase_name(dc::Phase phase) {
  switch (phase) {
    case dc::Phase::Setup: return "setup";
    case dc::Phase::Play: return "play";
    case dc::Phase::Over: return "over";
  }
  return "over";
}

// An entry that is not [int, int] becomes one token the engine cannot read as a number, so
// the placement is illegal and loses (rules §4). The token carries the entry's JSON when it
// is short, so the turn report can quote it (malformed_entry_problem); "malformed" alone
// (what older records hold) leaves the quote out.
constexpr std::string_view kMalformed = "malformed";
constexpr std::size_t kMaxQuotedEntry = 32;

bool is_row_col(const nlohmann::json& entry) {
  return entry.is_array() && entry.size() == 2 && entry[0].is_number_integer() &&
         entry[1].is_number_integer();
}

// The entry as one token: ASCII JSON (nothing a terminal would act on) with each blank
// written \u0020, since a blank would split it; empty when too long to be worth quoting.
std::string entry_quote(const nlohmann::json& entry) {
  const std::string json =
      entry.dump(-1, ' ', /*ensure_ascii=*/true, nlohmann::json::error_handler_t::replace);
  std::string quote;
  for (char ch : json) quote += ch == ' ' ? std::string("\\u0020") : std::string(1, ch);
  return quote.size() <= kMaxQuotedEntry ? quote : std::string();
}

std::string malformed_token(const nlohmann::json& entry) {
  const std::string quote = entry_quote(entry);
  return quote.empty() ? std::string(kMalformed) : std::string(kMalformed) + ":" + quote;
}

// A placement of any shape becomes setup text, two numbers per well-formed entry. dump()
// writes a number's exact digits (get<long long>() would wrap 2^63..2^64-1 to negatives,
// which the engine would then quote); the engine refuses any number off the board.
std::string placement_text(const nlohmann::json& placement) {
  std::string text;
  for (const auto& entry : placement) {
    if (!text.empty()) text += ' ';
    text += is_row_col(entry) ? entry[0].dump() + " " + entry[1].dump() : malformed_token(entry);
  }
  return text;
}

// What was wrong with the first malformed entry of setup text made by placement_text, e.g.
// "placement entry 2 is [\"1\",1], not [row, col] of two whole numbers" (entries from 1);
// empty when it has none. The engine could only quote the token.
std::string malformed_entry_problem(std::string_view text) {
  std::size_t numbers = 0;  // before the first malformed token: two per entry
  while (!text.empty()) {
    const std::size_t blank = text.find(' ');
    const std::string_view token = text.substr(0, blank);
    text.remove_prefix(blank == std::string_view::npos ? text.size() : blank + 1);
    if (token.substr(0, kMalformed.size()) != kMalformed) {
      ++numbers;
      continue;
    }
    const std::string_view quote = token.substr(std::min(token.size(), kMalformed.size() + 1));
    return "placement entry " + std::to_string(numbers / 2 + 1) + " is " +
           (quote.empty() ? "" : std::string(quote) + ", ") +
           "not [row, col] of two whole numbers";
  }
  return {};
}

// Why a seat's setup was illegal, or null. A malformed entry is named in the codec's words
// (it is the clearest thing to fix, even when the engine stopped at an earlier number).
void write_setup_problem(JsonWriter& out, const std::string& engine_problem,
                         const std::optional<std::string>& placement) {
  if (engine_problem.empty()) {
    out.null();
    return;
  }
  const std::string malformed = placement ? malformed_entry_problem(*placement) : std::string();
  out.string(malformed.empty() ? engine_problem : malformed);
}

void write_seat_map(JsonWriter& out, const std::array<bool, 2>& values) {
  out.begin_object().key("blue").boolean(values[0]).key("red").boolean(values[1]).end_object();
}

class DcmsCodec final : public GameCodec {
 public:
  std::string_view game() const override { return "dcms"; }

  // `map` is replaced by a map file, and an empty `map_text` is no file at all.
  bool option_applies(std::string_view name, const engine::Options& resolved) const override {
    const bool inline_file = resolved.has("map_text") && !resolved.text("map_text").empty();
    if (name == "map_text") return inline_file;
    return name != "map" || !inline_file;
  }

  std::string move_text(const nlohmann::json& message, const engine::GameState& state,
                        engine::Seat) const override {
    if (typed(state).phase() == dc::Phase::Setup) {
      if (message.find("placement") == message.end())
        throw ProtocolError(ErrorCode::BadMessage,
                            "field 'placement' is missing (setup phase: place your pieces first, "
                            "e.g. {\"placement\": [[1, 1], [4, 1]]})");
      const nlohmann::json& placement = message.at("placement");
      if (!placement.is_array())
        throw ProtocolError(ErrorCode::BadMessage,
                            "field 'placement' must be a list of [row, col] (setup phase)");
      return placement_text(placement);
    }
    if (message.find("move") == message.end())
      throw ProtocolError(ErrorCode::BadMessage,
                          "field 'move' is missing (play phase: e.g. {\"move\": \"M 4\"})");
    return require_string(message, "move");
  }

  void write_view(JsonWriter& out, const engine::GameState& state, const engine::Viewer& viewer,
                  bool match_over) const override {
    const dc::DcmsState& game = typed(state);
    const dc::Map& map = game.map();
    out.begin_object();
    out.key("color");
    if (viewer.kind == engine::Viewer::Kind::Player)
      out.number(viewer.seat);
    else
      out.null();
    out.key("rows").number(map.rows);
    out.key("cols").number(map.cols);
    out.key("pieces").string(game.pieces());
    out.key("max_turns").number(game.max_turns());
    // "over" however the match ended: a resignation, time-out or forfeit leaves the
    // engine's own phase where the game stopped.
    out.key("phase").string(match_over ? "over" : phase_name(game.phase()));
    out.key("walls").begin_array();
    std::string row(static_cast<std::size_t>(map.cols), '.');
    for (int r = 0; r < map.rows; ++r) {
      for (int c = 0; c < map.cols; ++c) row[static_cast<std::size_t>(c)] = map.wall(r, c) ? '#' : '.';
      out.plain_string(row);
    }
    out.end_array();
    out.key("placement").begin_object();
    for (engine::Seat seat = 0; seat < engine::kSeatCount; ++seat)
      for (int i = 0; i < game.piece_count(); ++i) {
        const char letter[2] = {dc::piece_letter(seat, i), '\0'};
        out.key(letter);
        if (auto at = game.position(seat, i))
          out.pair(at->row, at->col);
        else
          out.null();
      }
    out.end_object();
    const auto score = game.score();
    out.key("score").pair(score[0], score[1]);
    out.end_object();
  }

  void write_last(JsonWriter& out, const engine::GameState& state,
                  const engine::Viewer&) const override {
    const auto& last = typed(state).last_turn();
    if (!last) {
      out.null();
      return;
    }
    out.begin_object();
    out.key("moves").begin_object();
    for (engine::Seat seat = 0; seat < engine::kSeatCount; ++seat) {
      out.key(dc::seat_name(seat));
      const auto& move = last->moves[static_cast<std::size_t>(seat)];
      if (move)
        out.string(*move);
      else
        out.null();
    }
    out.end_object();
    out.key("captures").begin_array();
    for (const dc::Capture& capture : last->captures) {
      const char letter[2] = {capture.letter, '\0'};
      out.begin_object();
      out.key("piece").string(letter);
      out.key("at").pair(capture.at.row, capture.at.col);
      out.key("why").string(capture.why == dc::Capture::Why::Eaten ? "eaten" : "fight");
      out.end_object();
    }
    out.end_array();
    out.key("illegal_setup");
    write_seat_map(out, last->illegal_setup);
    out.key("setup_problem").begin_object();
    for (engine::Seat seat = 0; seat < engine::kSeatCount; ++seat) {
      out.key(dc::seat_name(seat));
      const auto s = static_cast<std::size_t>(seat);
      write_setup_problem(out, last->setup_problem[s], last->moves[s]);
    }
    out.end_object();
    out.end_object();
  }
};

}  // namespace

const GameCodec& dcms_codec() {
  static const DcmsCodec codec;
  return codec;
}

}  // namespace skirmish::protocol
