#pragma once
// How a bot's command (`skirmish bot --cmd`, a tournament bots file's COMMAND) is run: by
// /bin/sh, so that any shell command works ("cd bots && python3 mine.py" too). A plain
// command (one program and its arguments) gets `exec` in front: the program then replaces
// the shell, so its own end (a signal) is what is reported, and in a tournament it keeps
// skirmish-bot-limits' "die with the runner" (a parent-death signal is not inherited by
// the children of a shell that stays).
#include <optional>
#include <string>
#include <vector>

namespace skirmish::client {

// {"/bin/sh", "-c", COMMAND}, with "exec " before a plain command.
std::vector<std::string> bot_command_argv(const std::string& command);

// Whether `command` is one program and its arguments that `exec` can take as it is: no
// `;`, `&`, `|`, parentheses or newline, and a first word that is neither a `NAME=value`
// assignment nor a shell word `exec` cannot run (cd, export, if, ...). Unsure is "no":
// the shell then stays in between, which works too.
bool is_plain_command(const std::string& command);

// Whether `argv` ends with a shell that stays between us and the bot (a command that was
// not plain): such a shell tells a command killed by signal N as exit status 128+N.
bool shell_stays_between(const std::vector<std::string>& argv);

// For an exit status from such a shell: "killed by signal N (NAME)" when it is 128+N for a
// real signal, else nullopt.
std::optional<std::string> shell_reported_signal(int status);

}  // namespace skirmish::client
