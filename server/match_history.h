#pragma once
// Stored matches as the JSON of GET /api/matches and /api/matches/{id}, which is also the
// record format of `skirmish export` and `skirmish verify` (docs/operations.md).
// Never shows hidden information of a match still being played: while a match is open or
// running, options its codec hides (a fogged Tactego's seed, which gives away the whole
// placement) are left out, and so are its moves.
#include <nlohmann/json.hpp>

#include "server/store/match_record.h"

namespace skirmish::server {

// Summary: id, game, state, times, visible options, seats, turn count, result.
nlohmann::json match_summary_json(const store::MatchRecord& record);
// The summary plus the seed and every turn's moves with the time each seat took
// (both withheld while the match runs if it has hidden information).
nlohmann::json match_detail_json(const store::MatchRecord& record);

}  // namespace skirmish::server
