#pragma once
// What create_match does with its options before a match exists, in one place for the
// server's lobby and for tools that check options ahead of time (skirmish tournament -o):
// check the names, take the match settings out, let the game's codec choose what the creator
// left to chance (a seed), resolve the rest and build the game.
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/registry.h"
#include "protocol/game_codec.h"
#include "protocol/match_options.h"
#include "protocol/server_messages.h"

namespace skirmish::protocol {

struct PreparedMatch {
  MatchSettings settings;
  engine::Options resolved;  // the game's own options, every default filled in
  std::unique_ptr<engine::GameState> state;
  std::vector<std::string> set_by_creator;  // the option names given, sorted
};

// `random_text`: what the codec may use for a seed the creator did not give. Throws
// std::invalid_argument (engine::OptionError, or a game's own check) naming the option.
PreparedMatch prepare_match(const engine::GameInfo& game, const GameCodec& codec,
                            engine::Options given, std::chrono::milliseconds default_grace,
                            std::string_view random_text);

// The resolved options a match's creator is told of (match_created): all but those that
// would give away hidden information (a fogged Tactego's seed) and those another replaces
// (`pieces` beside `pieces_text`).
engine::Options shown_options(const GameCodec& codec, const engine::Options& resolved);

// Whether a match with these resolved options has information some seat may not see
// (Tactego with fog): one of them would give it away.
bool has_hidden_information(const GameCodec& codec, const engine::Options& resolved);

// Whether `option` of `game` is an inline file (pieces_text, map_text: up to 64 KiB), which
// list_matches leaves out of a match's terms (naming it in set_by_creator only).
bool is_inline_file(const engine::GameInfo& game, std::string_view option);

// What list_matches shows of a match before anyone joins it (see MatchTerms).
MatchTerms match_terms(const engine::GameInfo& game, const GameCodec& codec,
                       const engine::Options& resolved, const MatchSettings& settings,
                       std::vector<std::string> set_by_creator);

}  // namespace skirmish::protocol
