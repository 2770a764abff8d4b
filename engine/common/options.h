#pragma once
// Match options: each game declares its options (name, type, default, allowed values) once;
// the same declaration validates what a client asks for and describes the game in the lobby.
#include <cstddef>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace skirmish::engine {

struct OptionSpec {
  enum class Type { Int, Bool, String, Choice, Text };  // Text: multi-line (inline files)
  std::string name;
  Type type = Type::String;
  std::string default_value;         // as text; empty string with `required == false`
  std::vector<std::string> choices;  // Choice only
  long long min = 0, max = 0;        // Int only (inclusive)
  std::string help;
};

std::string_view to_string(OptionSpec::Type type);

// The longest value of a String option (a one-line value such as a seed): the lobby repeats
// it in every listing of the match, so an unbounded one would make each listing as large.
constexpr std::size_t kMaxStringOptionBytes = 256;

// A boolean option's value: true/false, yes/no, on/off or 1/0, in any case.
std::optional<bool> parse_bool(std::string_view text);

// Thrown for a bad option value; the message names the option and what was wrong.
class OptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Option values as text, keyed by name ("length" -> "10", "fog" -> "true").
class Options {
 public:
  Options() = default;
  Options(std::initializer_list<std::pair<const std::string, std::string>> values)
      : values_(values) {}

  void set(std::string name, std::string value) { values_[std::move(name)] = std::move(value); }
  bool has(std::string_view name) const { return values_.find(std::string(name)) != values_.end(); }
  const std::map<std::string, std::string>& values() const { return values_; }

  // Typed reads of a resolved option (present after resolve()); throw OptionError.
  const std::string& text(std::string_view name) const;
  long long integer(std::string_view name) const;
  bool boolean(std::string_view name) const;

  bool operator==(const Options&) const = default;

 private:
  std::map<std::string, std::string> values_;
};

// Checks `given` against `specs`: unknown names, bad integers, out-of-range values, choices
// not allowed. Returns every spec's value, defaults filled in. Throws OptionError.
Options resolve_options(const std::vector<OptionSpec>& specs, const Options& given);

}  // namespace skirmish::engine
