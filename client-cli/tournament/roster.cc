#include "client-cli/tournament/roster.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <cctype>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

#include "client-cli/bot_command.h"
#include "client-cli/usage_error.h"
#include "server/store/token_hash.h"

namespace skirmish::tournament {

namespace fs = std::filesystem;

namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

// Any case: a submission saved as TEAM.PY on another system is still one.
bool is_python_file(const fs::path& path) {
  std::string extension = path.extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".py";
}

// Where a bot came from, for messages: its file, or its bots-file command.
std::string origin_of(const BotEntry& bot) {
  return bot.kind == BotEntry::Kind::PythonDcms ? bot.source : "'" + bot.source + "'";
}

BotEntry python_bot(const fs::path& path) {
  const std::string source = fs::absolute(path).string();
  return BotEntry{path.stem().string(), BotEntry::Kind::PythonDcms, source, file_fingerprint(source)};
}

// Names go into file names (logs) and tables: keep them plain.
void check_name(const std::string& name, const std::string& where) {
  if (name.empty()) throw std::invalid_argument(where + ": a bot needs a name");
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok)
      throw std::invalid_argument(where + ": bot name '" + name +
                                  "' may use only letters, digits, '_', '-' and '.'");
  }
}

// A file or folder given twice in --bots (the same path, or two spellings of it) would
// read as two bots of one name: say what happened instead. A wrong command line (exit 2).
void check_listed_once(const std::vector<std::string>& paths) {
  for (std::size_t i = 0; i < paths.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      std::error_code error;
      if (!fs::equivalent(paths[j], paths[i], error)) continue;
      const std::string what = fs::is_directory(paths[i], error) ? "folder" : "file";
      throw client::UsageError(paths[i] == paths[j]
                                      ? "--bots lists " + paths[i] + " twice: give each " + what + " once"
                                      : "--bots lists the same " + what + " twice, as " + paths[j] + " and " +
                                            paths[i] + ": give it once");
    }
}

bool same_file(const BotEntry& a, const BotEntry& b) {
  std::error_code error;
  return a.kind == BotEntry::Kind::PythonDcms && b.kind == BotEntry::Kind::PythonDcms &&
         fs::equivalent(a.source, b.source, error);
}

}  // namespace

std::vector<BotEntry> parse_bots_file(const std::string& text, const std::string& where) {
  std::vector<BotEntry> bots;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const std::string content = trim(line);
    if (content.empty() || content[0] == '#') continue;
    const std::string at = where + " line " + std::to_string(number);
    const auto equals = content.find('=');
    if (equals == std::string::npos)
      throw std::invalid_argument(at + ": expected NAME = COMMAND, got '" + content + "'");
    BotEntry bot{trim(content.substr(0, equals)), BotEntry::Kind::Command, trim(content.substr(equals + 1)), {}};
    check_name(bot.name, at);
    if (bot.source.empty()) throw std::invalid_argument(at + ": bot '" + bot.name + "' has no command");
    bots.push_back(std::move(bot));
  }
  return bots;
}

bool program_exists(const std::string& program) {
  if (program.find('/') != std::string::npos) return ::access(program.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (::access(((dir.empty() ? "." : dir) + "/" + program).c_str(), X_OK) == 0) return true;
  return false;
}

std::string file_fingerprint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::stringstream content;
  content << in.rdbuf();
  return store::hash_token(content.str());
}

std::vector<std::string> changed_submissions(const std::vector<BotEntry>& bots) {
  std::vector<std::string> warnings;
  for (const auto& bot : bots) {
    if (bot.kind != BotEntry::Kind::PythonDcms || bot.fingerprint.empty()) continue;
    const std::string now = file_fingerprint(bot.source);
    if (now == bot.fingerprint) continue;
    warnings.push_back("bot '" + bot.name + "': " + bot.source +
                       (now.empty() ? " is gone since the tournament started: its games still to play will crash"
                                    : " changed since the tournament started: its games still to play use the "
                                      "new file, the games played used the old one"));
  }
  return warnings;
}

std::vector<std::string> missing_programs(const std::vector<BotEntry>& bots) {
  std::vector<std::string> warnings;
  for (const auto& bot : bots) {
    if (bot.kind != BotEntry::Kind::Command) continue;
    std::istringstream words(bot.source);
    std::string program;
    words >> program;
    if (program.empty() || program.find_first_of("$\"'`=(){}<>|&;*?~") != std::string::npos) continue;
    // /bin/sh's own words are no program to look for ("cd bots && ./mine", "exec ./mine").
    static const std::set<std::string> kShellWords{".", "cd", "command", "eval", "exec", "export", "source", "ulimit", "umask"};
    if (kShellWords.count(program) != 0) continue;
    if (!program_exists(program))
      warnings.push_back("bot '" + bot.name + "': its program '" + program + "' was not found" +
                         (program.find('/') != std::string::npos ? " (or is not executable)" : " on $PATH") +
                         ": it will lose every game; fix its line in the bots file and start again, or let it play");
  }
  return warnings;
}

std::vector<BotEntry> load_roster(const std::vector<std::string>& paths) {
  check_listed_once(paths);
  std::vector<BotEntry> bots;
  for (const auto& text : paths) {
    const fs::path path(text);
    if (fs::is_directory(path)) {
      std::vector<fs::path> files;
      std::vector<std::string> skipped;
      for (const auto& entry : fs::directory_iterator(path)) {
        if (entry.is_regular_file() && is_python_file(entry.path()))
          files.push_back(entry.path());
        else
          skipped.push_back(entry.path().filename().string() + (entry.is_directory() ? "/" : ""));
      }
      std::sort(files.begin(), files.end());
      std::sort(skipped.begin(), skipped.end());
      // Said, not silent: a submission in a sub-folder or with another ending plays no game.
      if (!skipped.empty()) {
        std::string list;
        for (const auto& name : skipped) list += (list.empty() ? "" : ", ") + name;
        std::cerr << "--bots " << text << ": not bots, skipped (only .py files in the folder itself are): "
                  << list << "\n";
      }
      if (files.empty()) throw std::invalid_argument("--bots " + text + ": the folder has no .py files");
      for (const auto& file : files) bots.push_back(python_bot(file));
    } else if (!fs::is_regular_file(path)) {
      throw std::invalid_argument("--bots " + text + ": no such file or folder");
    } else if (is_python_file(path)) {
      bots.push_back(python_bot(path));
    } else {
      std::ifstream in(path);
      std::stringstream content;
      content << in.rdbuf();
      for (auto& bot : parse_bots_file(content.str(), text)) bots.push_back(std::move(bot));
    }
  }
  std::map<std::string, const BotEntry*> seen;
  for (const auto& bot : bots) {
    check_name(bot.name, "bot '" + bot.source + "'");
    const auto [earlier, added] = seen.emplace(bot.name, &bot);
    if (!added && same_file(*earlier->second, bot))  // a folder and a file in it
      throw client::UsageError("the same file is listed twice: " + bot.source + " (bot '" + bot.name +
                                  "'), through a folder and again: give it once");
    if (!added)
      throw std::invalid_argument("two bots are called '" + bot.name + "': " + origin_of(*earlier->second) +
                                  " and " + origin_of(bot) + "; rename one");
  }
  if (bots.size() < 2)
    throw client::UsageError("a tournament needs at least two bots, got " + std::to_string(bots.size()));
  return bots;
}

std::vector<std::string> bot_argv(const BotEntry& bot, const std::string& python,
                                  const std::string& bots_dir) {
  if (bot.kind == BotEntry::Kind::PythonDcms) return {python, bots_dir + "/seed_submission.py", bot.source};
  return client::bot_command_argv(bot.source);
}

}  // namespace skirmish::tournament
