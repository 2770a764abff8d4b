#include "engine/tactego/tactego.h"

namespace skirmish::engine::tactego {
namespace {

std::vector<OptionSpec> option_specs() {
  using T = OptionSpec::Type;
  return {
      {"pieces", T::Choice, "basic", preset_names(), 0, 0,
       "pieces set for each side: one of the seeds' files"},
      {"pieces_text", T::Text, "", {}, 0, 0,
       "an inline pieces file ('STRENGTH COUNT' or 'F|M|S|A COUNT' per line); replaces "
       "'pieces' when not empty"},
      {"length", T::Int, "10", {}, 1, 100, "rows of the board"},
      {"width", T::Int, "10", {}, 1, 100, "columns of the board"},
      {"seed", T::String, "", {}, 0, 0, "seed string of the placement (CPython random.seed)"},
      {"fog", T::Bool, "false", {}, 0, 0,
       "hide enemy kinds until they take part in a combat"},
      {"max_turns", T::Int, "0", {}, 0, 1000000,
       "draw after this many moves of both players (0 = no limit)"},
  };
}

std::unique_ptr<GameState> create_game_state(const Options& resolved) {
  return create_state(resolved);
}

}  // namespace

std::unique_ptr<TactegoState> create_state(const Options& resolved) {
  const std::string& inline_text = resolved.text("pieces_text");
  const std::string& preset = resolved.text("pieces");
  std::vector<Piece> pieces;
  try {
    if (!inline_text.empty()) {
      pieces = parse_pieces(inline_text);
    } else {
      const auto text = preset_pieces(preset);
      if (!text) throw OptionError("option 'pieces': unknown preset '" + preset + "'");
      pieces = parse_pieces(*text);
    }
  } catch (const PiecesError& error) {
    throw OptionError(std::string(inline_text.empty() ? "option 'pieces' (" + preset + ")"
                                                      : "option 'pieces_text'") +
                      ": " + error.what());
  }
  TactegoSetup setup;
  setup.rows = static_cast<int>(resolved.integer("length"));
  setup.cols = static_cast<int>(resolved.integer("width"));
  setup.fog = resolved.boolean("fog");
  setup.max_turns = static_cast<int>(resolved.integer("max_turns"));
  setup.seed = resolved.text("seed");
  if (auto why = board_too_small(static_cast<int>(pieces.size()), setup.rows, setup.cols))
    throw OptionError("options 'length' x 'width' (" + std::to_string(setup.rows) + " x " +
                      std::to_string(setup.cols) + "): " + *why);
  return std::make_unique<TactegoState>(setup, pieces);
}

const GameInfo& game_info() {
  static const GameInfo info{
      .name = "tactego",
      .title = "Tactego",
      .simultaneous = false,
      .setup_turn = false,
      .default_move_time_ms = 0,  // a game between people: no clock unless asked
      .seat_names = {"red", "blue"},
      .options = option_specs(),
      .create = &create_game_state,
  };
  return info;
}

}  // namespace skirmish::engine::tactego
