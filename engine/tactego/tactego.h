#pragma once
// Tactego (simplified Stratego), rules.md §1 and §4: the public API of the rule engine.
#include "engine/registry.h"
#include "engine/tactego/board_view.h"
#include "engine/tactego/combat.h"
#include "engine/tactego/move.h"
#include "engine/tactego/pieces.h"
#include "engine/tactego/placement.h"
#include "engine/tactego/presets.h"
#include "engine/tactego/state.h"

namespace skirmish::engine::tactego {

// name "tactego", seats {"red", "blue"} (red moves first), options pieces, pieces_text,
// length, width, seed, fog, max_turns.
const GameInfo& game_info();

// Builds a game from options already resolved against game_info().options.
// Throws OptionError for a bad pieces text, a set with no flag, or a board too small.
std::unique_ptr<TactegoState> create_state(const Options& resolved);

}  // namespace skirmish::engine::tactego
