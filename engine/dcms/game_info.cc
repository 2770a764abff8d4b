#include <memory>

#include "engine/dcms/dcms.h"

namespace skirmish::engine::dcms {
namespace {

std::vector<OptionSpec> option_specs() {
  std::vector<OptionSpec> specs;
  OptionSpec map{"map", OptionSpec::Type::Choice, std::string(kDefaultMap), map_names(), 0, 0,
                 "the board (a shipped map)"};
  OptionSpec map_text{"map_text", OptionSpec::Type::Text, "", {}, 0, 0,
                      "an inline map replacing 'map': '#' wall, '.' free, one row per line, "
                      "border all walls"};
  std::vector<std::string> sets(kPieceSets.begin(), kPieceSets.end());
  OptionSpec pieces{"pieces", OptionSpec::Type::Choice, "SM", sets, 0, 0,
                    "the pieces each player gets: SM (round 1), SMC or SMCD"};
  OptionSpec max_turns{"max_turns", OptionSpec::Type::Int, "60", {}, 1, 10000,
                       "turns before the game is decided by score"};
  specs.push_back(std::move(map));
  specs.push_back(std::move(map_text));
  specs.push_back(std::move(pieces));
  specs.push_back(std::move(max_turns));
  return specs;
}

std::unique_ptr<GameState> create_game_state(const Options& resolved) {
  return create_state(resolved);
}

}  // namespace

std::unique_ptr<DcmsState> create_state(const Options& resolved) {
  std::shared_ptr<const Map> map;
  if (const std::string& text = resolved.text("map_text"); !text.empty()) {
    try {
      map = std::make_shared<const Map>(parse_map(text, "map_text"));
    } catch (const MapError& error) {
      throw OptionError("option 'map_text': " + std::string(error.what()));
    }
  } else {
    const std::string& name = resolved.text("map");
    const Map* shipped = shipped_map(name);
    if (!shipped) throw OptionError("option 'map': no shipped map is called '" + name + "'");
    // Shipped maps live for the whole program: share them without copying or owning.
    map = std::shared_ptr<const Map>(std::shared_ptr<const Map>{}, shipped);
  }
  const std::string& pieces = resolved.text("pieces");
  if (!is_piece_set(pieces))
    throw OptionError("option 'pieces': '" + pieces + "' is not one of SM, SMC, SMCD");
  const long long max_turns = resolved.integer("max_turns");
  if (max_turns < 1 || max_turns > 10000)
    throw OptionError("option 'max_turns': " + std::to_string(max_turns) +
                      " is out of range 1..10000");
  return std::make_unique<DcmsState>(std::move(map), pieces, static_cast<int>(max_turns));
}

const GameInfo& game_info() {
  static const GameInfo info{
      .name = "dcms",
      .title = "Dog-Cat-Mouse-cheeSe",
      .simultaneous = true,
      .setup_turn = true,
      .default_move_time_ms = 5000,  // the seed's 5 seconds per move
      .seat_names = {"blue", "red"},
      .options = option_specs(),
      .create = &create_game_state,
  };
  return info;
}

}  // namespace skirmish::engine::dcms
