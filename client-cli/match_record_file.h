#pragma once
// A match record as JSON — what GET /api/matches/{id} returns and `skirmish export` writes —
// turned back into the engine's terms, checked move by move by the rules engine.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/common/game.h"
#include "engine/record.h"
#include "engine/registry.h"

namespace skirmish::client {

// The record's game, options and turns. Throws std::invalid_argument naming the field that
// is missing or malformed ("moves[3]: unknown seat 'green'").
engine::GameRecord game_record_from_json(const nlohmann::json& record);

// The record's stored "result" in the engine's terms; nullopt when it has none (the game is
// not over). Throws std::invalid_argument naming what is wrong ("result: unknown reason 'x'").
std::optional<engine::Outcome> stored_outcome(const nlohmann::json& record, const engine::GameInfo& info);

// "white wins (resignation)", "a draw (score)": how verify and replay name a result.
std::string outcome_text(const engine::GameInfo& info, const engine::Outcome& outcome);

// "1 turn", "12 turns".
std::string turns_text(std::size_t turns);

// Turns are numbered as `skirmish watch` and `skirmish replay` number them (and as a
// tournament's results.json counts them; turn_name in game_facts.h): a DCMS record's first
// turn is the setup, so the turns after it are 1, 2, ...; in the other games every recorded
// turn is a turn, from 1.
// A record's `recorded` turns by that numbering: "4 turns"; DCMS "the setup and 3 turns".
std::string recorded_turns_text(const std::string& game, std::size_t recorded);

struct VerifyReport {
  bool ok = false;
  std::vector<std::string> lines;  // what was checked, and the first problem if any
};

// Re-runs every turn through the rules: each move must be legal when it was played, and
// the stored result must be the one the rules give (or, for a game the server ended —
// resignation, timeout, forfeit, crash — one the rules leave open).
VerifyReport verify_record(const nlohmann::json& record);

// The states of a finished game, one per turn boundary (states[0] the start).
std::vector<std::unique_ptr<engine::GameState>> replay_states(const engine::GameRecord& record);

}  // namespace skirmish::client
