#pragma once
// The bots of a tournament: who they are and how each one is started. A bot is a seed-style
// Python DCMS submission (a .py file, run by the bridge's seed-submission driver) or a
// program with the bridge's line protocol (a command, named in a bots file).
#include <string>
#include <vector>

namespace skirmish::tournament {

struct BotEntry {
  enum class Kind { PythonDcms, Command };
  std::string name;    // unique; shown in the standings
  Kind kind = Kind::Command;
  std::string source;  // the .py file (PythonDcms) or the shell command (Command)
  // A .py file's SHA-256 when the tournament started ("" for a command, or unreadable):
  // --resume says when a submission changed in between.
  std::string fingerprint;
};

// The SHA-256 (hex) of the file at `path`, or "" when it cannot be read.
std::string file_fingerprint(const std::string& path);

// A warning for each .py submission whose file is not what it was when the tournament
// started (changed, or gone): the games still to play would use the new one.
std::vector<std::string> changed_submissions(const std::vector<BotEntry>& bots);

// Expands the --bots arguments in order: a .py file is one seed-style submission (named by
// its file name without .py); a directory stands for every .py file in it (sorted); any
// other file is a bots file of lines `NAME = COMMAND` (blank lines and # comments skipped).
// Throws std::invalid_argument naming the path (and line) that is wrong or a duplicate
// name; client::UsageError (a wrong command line) for a file or folder listed twice, or
// fewer than two bots.
std::vector<BotEntry> load_roster(const std::vector<std::string>& paths);

// Parses a bots file's text; `where` names it in errors.
std::vector<BotEntry> parse_bots_file(const std::string& text, const std::string& where);

// A warning for each command bot whose program cannot be found: the first word of its
// command, as a path (relative to the folder the tournament runs in) or on $PATH. Such a
// bot still plays (and loses every game, as the docs say), but a typo is better seen now.
// Commands that start with shell syntax (a variable, quotes, `VAR=value`) are not checked.
std::vector<std::string> missing_programs(const std::vector<BotEntry>& bots);
// Whether `program` (a command's first word) names an executable file, as /bin/sh and
// execvp find it: a path itself, a bare name on $PATH.
bool program_exists(const std::string& program);

// The process to start for `bot`: the seed-submission driver for a .py file, else
// the command run by /bin/sh as the bridge runs it (client::bot_command_argv).
std::vector<std::string> bot_argv(const BotEntry& bot, const std::string& python,
                                  const std::string& bots_dir);

}  // namespace skirmish::tournament
