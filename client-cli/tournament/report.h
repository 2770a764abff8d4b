#pragma once
// The standings as people read them: a fixed-width table for the terminal and a Markdown
// table for the results folder, each with the cross-table of every pairing.
#include <string>

#include "client-cli/tournament/standings.h"

namespace skirmish::tournament {

// "+123 ± 45", "+inf", "-inf", or "0 ± 0"; "—" when the bot has played nothing.
std::string format_elo(const Standing& row);

std::string standings_text(const Standings& standings);
std::string standings_markdown(const Standings& standings, const std::string& title);

}  // namespace skirmish::tournament
