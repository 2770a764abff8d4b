#pragma once
// Whether each seed-style .py submission looks like one: a program bot of the line protocol
// (bots/random_dcms.py, with setup(view) and move(view)) given to --bots as a .py file would
// be run by the seed driver and crash in every game. Read, never run: Python's own parser
// (ast) lists the top-level setup() and move() and what they take.
#include <string>
#include <vector>

#include "client-cli/tournament/roster.h"

namespace skirmish::tournament {

// What is wrong with `path` as a seed-style submission, one entry per problem ("it defines
// no move() function", "its setup(view) cannot take the seed's 4 arguments ..."); none when
// it fits or cannot be judged (a name bound by import or assignment, a decorated function,
// a file Python cannot parse: that one crashes as a syntax error, said in its games).
// `python` runs the parser; one that cannot run judges nothing.
std::vector<std::vector<std::string>> seed_style_problems(const std::vector<std::string>& paths,
                                                           const std::string& python);

// A warning for each seed-style bot with problems, saying what is wrong and what to do.
// Such a bot still plays, and loses every game, as a missing program's bot does.
std::vector<std::string> misfit_submissions(const std::vector<BotEntry>& bots, const std::string& python);

}  // namespace skirmish::tournament
