#pragma once
// The client's part of each game: how its board and last move are drawn, how a person types
// a move, and what a bot's answer must hold. One entry per game, in game_ui.cc's table.
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "client-cli/move_dialogs.h"
#include "client-cli/style.h"

namespace skirmish::client {

struct GameUi {
  std::string_view name;  // the engine's id (GameInfo::name)
  // The board of a `state` message's view, ending with one newline.
  std::string (*render_board)(const nlohmann::json& view, const Style& style);
  // One or more lines saying what a `last` report (not null) did.
  std::string (*describe_last)(const nlohmann::json& last);
  // The prompts for the `state` in which seat `you` must act.
  std::unique_ptr<MoveDialog> (*make_dialog)(const nlohmann::json& state);
  // What the board's symbols mean (lines ending in '\n').
  std::string (*legend)();
  // "" when a bot's answer (a JSON object, not a resignation) has the fields of a move in
  // `phase`, else what it lacks, in words for the bot's author.
  std::string (*check_answer)(const nlohmann::json& answer, const std::string& phase);
};

// nullptr for a game this client does not know (a newer server's): callers fall back to
// showing the raw JSON.
const GameUi* find_ui(std::string_view game);

}  // namespace skirmish::client
