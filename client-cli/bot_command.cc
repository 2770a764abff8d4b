#include "client-cli/bot_command.h"

#include <algorithm>
#include <cctype>
#include <csignal>
#include <cstring>
#include <set>

namespace skirmish::client {

namespace {

constexpr const char* kShell = "/bin/sh";

// The first shell word of `command`, as typed (quotes kept): enough to tell a builtin, a
// reserved word or an assignment from a program.
std::string first_word(const std::string& command) {
  const auto start = command.find_first_not_of(" \t");
  if (start == std::string::npos) return "";
  const auto end = command.find_first_of(" \t", start);
  return command.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

bool is_assignment(const std::string& word) {
  const auto equals = word.find('=');
  if (equals == std::string::npos || equals == 0) return false;
  if (std::isdigit(static_cast<unsigned char>(word[0])) != 0) return false;
  return std::all_of(word.begin(), word.begin() + static_cast<std::ptrdiff_t>(equals),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; });
}

}  // namespace

bool is_plain_command(const std::string& command) {
  if (command.find_first_of(";&|()\n") != std::string::npos) return false;
  const std::string word = first_word(command);
  if (word.empty() || is_assignment(word)) return false;
  // Reserved words and builtins that are no program `exec` could find (exec itself too:
  // a command that already says exec needs no second one).
  static const std::set<std::string> kShellWords{
      "!",     "{",     "}",        "case",    "do",     "done",  "elif",   "else",  "esac",  "fi",
      "for",   "if",    "in",       "then",    "until",  "while", ".",      ":",     "alias", "bg",
      "break", "cd",    "command",  "continue", "eval",  "exec",  "exit",   "export", "fg",   "getopts",
      "hash",  "jobs",  "local",    "read",    "readonly", "return", "set", "shift", "source", "times",
      "trap",  "type",  "ulimit",   "umask",   "unalias", "unset", "wait"};
  return kShellWords.count(word) == 0;
}

std::vector<std::string> bot_command_argv(const std::string& command) {
  return {kShell, "-c", is_plain_command(command) ? "exec " + command : command};
}

bool shell_stays_between(const std::vector<std::string>& argv) {
  // The shell form is the last three words, after a wrapper (skirmish-bot-limits ... --).
  if (argv.size() < 3) return false;
  const auto shell = argv.end() - 3;
  return shell[0] == kShell && shell[1] == "-c" && !shell[2].starts_with("exec ");
}

std::optional<std::string> shell_reported_signal(int status) {
  const int signal = status - 128;
  if (signal < 1 || signal >= NSIG) return std::nullopt;
  const char* name = strsignal(signal);
  return "killed by signal " + std::to_string(signal) + (name != nullptr ? std::string(" (") + name + ")" : "");
}

}  // namespace skirmish::client
