// Plays the input on a fresh game: its first bytes choose the game and its options, the rest
// is a sequence of turns, each a legal move chosen by a byte (so deep positions are reached)
// or a raw move text. Checks that a refused move leaves the state as it was and says why,
// that a listed move is accepted and survives its trip through the game's wire form, and
// that every state copies, draws and encodes (the spectators' view without hidden pieces).
#include <optional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/dcms/dcms.h"
#include "engine/onedchess/onedchess.h"
#include "engine/registry.h"
#include "engine/tactego/tactego.h"
#include "protocol/game_codec.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace skirmish::fuzz {
namespace {

using nlohmann::json;

// The input read a byte at a time; zeros once it runs out.
class Bytes {
 public:
  explicit Bytes(std::string_view input) : input_(input) {}
  bool empty() const { return at_ >= input_.size(); }
  unsigned next() { return empty() ? 0u : static_cast<unsigned char>(input_[at_++]); }
  // ASCII only: a move text reaches the engine from a JSON string or a codec, so it is
  // always UTF-8, which the state's JSON passes through as it is.
  std::string text(std::size_t length) {
    std::string taken(input_.substr(std::min(at_, input_.size()), length));
    at_ += taken.size();
    for (char& ch : taken) ch = static_cast<char>(ch & 0x7f);
    return taken;
  }

 private:
  std::string_view input_;
  std::size_t at_ = 0;
};

engine::Options game_options(const std::string& game, Bytes& bytes) {
  const unsigned a = bytes.next(), b = bytes.next();
  if (game == "tactego") {
    const auto& presets = engine::tactego::preset_names();
    const std::string pieces = presets[a % presets.size()];
    const int count = static_cast<int>(engine::tactego::parse_pieces(*engine::tactego::preset_pieces(pieces)).size());
    const int width = 1 + static_cast<int>(b % 10);
    const int length = 2 * ((count + width - 1) / width) + static_cast<int>(b / 10 % 3);
    return {{"pieces", pieces},
            {"length", std::to_string(length)},
            {"width", std::to_string(width)},
            {"fog", (a & 4) != 0 ? "true" : "false"},
            {"max_turns", std::to_string(a >> 3)},
            {"seed", std::to_string(b)}};
  }
  if (game == "dcms") {
    const auto& maps = engine::dcms::map_names();
    return {{"map", maps[a % maps.size()]},
            {"pieces", std::string(engine::dcms::kPieceSets[a / 8 % 3])},
            {"max_turns", std::to_string(1 + b % 60)}};
  }
  return {{"max_turns", std::to_string(a % 20)}};
}

// `move` (the engine's text of a legal move) as a client sends it.
json wire_move(const std::string& game, const engine::GameState& state, const std::string& move) {
  json message = {{"type", "move"}};
  if (game == "tactego") {
    const auto parsed = engine::tactego::parse_move(move);
    expect(parsed.has_value(), "a legal Tactego move parses");
    message["from"] = json::array({parsed->from.row, parsed->from.col});
    message["to"] = json::array({parsed->to.row, parsed->to.col});
  } else if (game == "onedchess") {
    const auto parsed = engine::onedchess::parse_move(move);
    expect(parsed.has_value(), "a legal 1D Chess move parses");
    message["position"] = parsed->position;
    message["direction"] = std::string(engine::onedchess::direction_name(parsed->direction));
  } else if (dynamic_cast<const engine::dcms::DcmsState&>(state).phase() == engine::dcms::Phase::Setup) {
    json placement = json::array();
    std::istringstream numbers(move);
    long long row = 0, col = 0;
    while (numbers >> row >> col) placement.push_back(json::array({row, col}));
    message["placement"] = placement;
  } else {
    message["move"] = move;
  }
  return message;
}

std::string written(const protocol::GameCodec& codec, const engine::GameState& state, const engine::Viewer& viewer,
                    bool view) {
  std::string out;
  protocol::JsonWriter writer(out);
  if (view)
    codec.write_view(writer, state, viewer, state.outcome().over);
  else
    codec.write_last(writer, state, viewer);
  return out;
}

// With fog, a spectator sees the kind of a revealed piece only.
void check_fog(const json& view) {
  if (!view.at("fog").get<bool>()) return;
  const json& revealed = view.at("revealed");
  const json& board = view.at("board");
  for (std::size_t r = 0; r < board.size(); ++r)
    for (std::size_t c = 0; c < board[r].size(); ++c) {
      const json& cell = board[r][c];
      if (cell.is_null() || cell.get<std::string>()[1] == '?') continue;
      bool shown = false;
      for (const json& at : revealed) shown = shown || (at[0] == r && at[1] == c);
      expect(shown, "a fogged spectator's view shows an unrevealed piece");
    }
}

void check_state(const std::string& game, const engine::GameState& state) {
  const std::string key = state.state_key();
  expect(state.clone()->state_key() == key, "a copy of a state has its key");
  const protocol::GameCodec& codec = *protocol::find_codec(game);
  for (const engine::Viewer viewer : {engine::Viewer::full(), engine::Viewer::spectator(),
                                      engine::Viewer::of_seat(0), engine::Viewer::of_seat(1)}) {
    expect(!state.render(viewer).empty(), "every viewer sees a board");
    const json view = json::parse(written(codec, state, viewer, true));
    expect(!json::parse(written(codec, state, viewer, false)).is_discarded(), "the last move is JSON");
    if (game == "tactego" && viewer.kind == engine::Viewer::Kind::Spectator) check_fog(view);
  }
}

// A raw text that check_move refuses changes nothing when applied; one it takes is played.
bool try_raw_text(const std::string& game, engine::GameState& state, engine::Seat seat, const std::string& text,
                  engine::Rng& rng) {
  const std::string before = state.state_key();
  const auto reason = state.check_move(seat, text);
  engine::JointMove turn;
  turn[static_cast<std::size_t>(seat)] = text;
  if (reason) {
    expect(!reason->empty(), "a refused move says why");
    try {
      state.apply(turn);
      broken(game + ": apply took '" + text + "', which check_move refused: " + *reason);
    } catch (const engine::IllegalMove& error) {
      expect_message(error.what(), "apply");
    }
    expect(state.state_key() == before, "a refused move leaves the state unchanged");
    return false;
  }
  expect(state.to_act().contains(seat), "check_move takes a move only from a seat that acts now");
  if (state.simultaneous()) {
    const engine::Seat other = 1 - seat;
    turn[static_cast<std::size_t>(other)] = state.random_move(other, rng);
  }
  state.apply(turn);
  return true;
}

void play(const std::string& game, Bytes& bytes) {
  auto state = engine::create_game(game, game_options(game, bytes));
  const protocol::GameCodec& codec = *protocol::find_codec(game);
  check_state(game, *state);
  while (!state->outcome().over && !bytes.empty()) {
    const unsigned op = bytes.next();
    const int turn = state->turn();
    engine::Rng rng(op);
    if (op % 4 == 0) {
      const auto seat = static_cast<engine::Seat>(op >> 2 & 1);
      const std::string text = bytes.text(bytes.next() % 24);
      if (!try_raw_text(game, *state, seat, text, rng)) continue;
    } else {
      engine::JointMove turn_moves;
      for (engine::Seat seat = 0; seat < engine::kSeatCount; ++seat) {
        if (!state->to_act().contains(seat)) continue;
        const auto legal = state->legal_moves(seat);
        std::string move = legal.empty() ? state->random_move(seat, rng) : legal[bytes.next() % legal.size()];
        if (const auto reason = state->check_move(seat, move))
          broken(game + ": a listed move '" + move + "' is refused: " + *reason);
        const json wire = wire_move(game, *state, move);
        expect(codec.move_text(wire, *state, seat) == move, "a legal move's wire form reads back as the move");
        // A simultaneous play turn may leave a seat out (a null move).
        const bool null_move = state->simultaneous() && (op & 0x80) != 0 && seat == 1 &&
                               dynamic_cast<const engine::dcms::DcmsState&>(*state).phase() == engine::dcms::Phase::Play;
        if (!null_move) turn_moves[static_cast<std::size_t>(seat)] = std::move(move);
      }
      state->apply(turn_moves);
    }
    expect(state->turn() == turn + 1, "a played turn counts one");
    // Drawing and encoding every view is most of the cost: every fourth turn and the last.
    if (state->turn() % 4 == 0 || state->outcome().over || bytes.empty()) check_state(game, *state);
  }
}

}  // namespace

void fuzz_one_game_moves(std::string_view input) {
  Bytes bytes(input);
  const auto& games = engine::all_games();
  play(games[bytes.next() % games.size()]->name, bytes);
}

}  // namespace skirmish::fuzz
