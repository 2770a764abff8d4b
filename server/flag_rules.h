#pragma once
// skirmish-server's command line: what each flag accepts, and errors that name where a bad
// value came from (the flag, or its SKIRMISH_* environment twin).
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace skirmish::server {

// 1e9 -> "1000000000", 0.5 -> "0.5": the shortest text that reads back as the same number.
std::string plain_number(double value);

// What a flag accepts: for --help, for the error message, and the check itself, which may
// rewrite the value into the form CLI11 then converts.
struct Rule {
  std::string help;         // "INT in [0 - 65535]"
  std::string requirement;  // "must be a whole number from 0 to 65535"
  std::function<bool(std::string& value)> accepts;
};

// A whole number in plain decimal (CLI11 alone would read "010" as octal and "0x10" as hex).
Rule whole_number(long long min, long long max);
Rule number(double min, double max);
Rule one_of(const std::vector<std::string>& choices);
// An IPv4 or IPv6 address in numeric form (a host name would need a lookup).
Rule ip_address();

// Whether an option's value came from its environment variable (the command line left it).
bool from_environment(const CLI::App& app, const CLI::Option& option);

// Applies Rules to options and remembers the first value one refuses, so the error can
// name the environment variable it came from: CLI11 names the flag even then (reading
// "--port" when no --port was given).
class FlagRules {
 public:
  void apply(CLI::Option* option, Rule rule);
  // After a CLI::ParseError: "SKIRMISH_PORT=abc: --port must be a whole number from 0 to
  // 65535" or "--port 99999: must be ...". nullopt when no Rule refused anything (an
  // unknown flag and the like: CLI11's own message says it well).
  std::optional<std::string> message(const CLI::App& app) const;
  // CLI11's own error, reworded where it reads badly (protocol/command_line_errors.h), with
  // what a flag without its value takes: "--port needs a value: a whole number from 0 to 65535".
  std::string reworded(const CLI::ParseError& error) const;

 private:
  std::map<std::string, std::string> requirements_;  // flag -> Rule::requirement
  struct Refused {
    std::string flag, value, requirement;
  };
  std::optional<Refused> refused_;
};

// CLI11 treats an environment variable set to "" as unset, so SKIRMISH_PORT= would
// silently mean the default. Names the first such variable of `app`'s options.
std::optional<std::string> empty_environment_variable(const CLI::App& app);

// CLI11 takes `--data-dir ""` as a value like any other; for a path it means nothing (an
// empty data directory would even turn the store off). Names the first of `flags` given
// on the command line with an empty value.
std::optional<std::string> empty_path_flag(const CLI::App& app, const std::vector<std::string>& flags);

// The store creates the data directory; with a file in the way it would only say "Not a
// directory". Names the path that is a file: the directory itself or one above it.
std::optional<std::string> data_dir_problem(const std::filesystem::path& dir);

}  // namespace skirmish::server
