#pragma once
// What the client prints for a game: the board in the seeds' text formats, what happened
// in the last move, and the result. Each game draws itself in its *_screen.cc (game_ui.h).
#include <string>

#include <nlohmann/json.hpp>

#include "client-cli/style.h"

namespace skirmish::client {

// The largest boards a view may describe (the engines' limits: a Tactego side is 1..100, a
// DCMS map at most 64 KiB of text); a larger one is refused, not allocated.
inline constexpr int kMaxTactegoSide = 100;
inline constexpr long long kMaxDcmsSquares = 1 << 16;

// The board of `view` (the `state` message's view), ending with a newline. Throws
// std::exception for a view of the wrong shape (a server's fault, said as such by the caller).
std::string render_board(const std::string& game, const nlohmann::json& view, const Style& style);
// "   0     1  ...     8": the 1D Chess positions, each under its cell of the seed's box
// (the game screen and replay print it under the board; no newline).
std::string onedchess_position_row();
// One or more lines saying what the last move or turn did ("" when `last` is null).
std::string describe_last(const std::string& game, const nlohmann::json& last);
// "Red wins! (flag_captured)" / "Draw (max_turns)", plus how it went for `you`.
std::string describe_outcome(const nlohmann::json& outcome, const std::string& you);
// What the reason means for this game's seats, where the code alone leaves it open ("white
// ran out of time", "the turn limit was reached"); "" for a plain one (king_taken).
std::string explain_outcome(const std::string& game, const nlohmann::json& outcome);

// "(2, 0)" from [2, 0].
std::string format_pos(const nlohmann::json& pos);
// "Red" from "red".
std::string capitalized(std::string text);

}  // namespace skirmish::client
