#pragma once
// Dog-Cat-Mouse-cheeSe (rules.md §2 and §4): the game's registry entry and its public API.
#include "engine/dcms/dcms_state.h"
#include "engine/dcms/map.h"
#include "engine/dcms/move_text.h"
#include "engine/dcms/pieces.h"
#include "engine/dcms/setup.h"
#include "engine/dcms/shipped_maps.h"
#include "engine/dcms/turn_types.h"
#include "engine/registry.h"

namespace skirmish::engine::dcms {

// name "dcms", simultaneous, seats {"blue", "red"}; options map, map_text, pieces, max_turns.
const GameInfo& game_info();

// Builds a game from resolved options. Throws OptionError for a bad map_text (naming its
// line and column) or an unknown map.
std::unique_ptr<DcmsState> create_state(const Options& resolved);

}  // namespace skirmish::engine::dcms
