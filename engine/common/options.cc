#include "engine/common/options.h"

#include <charconv>
#include <optional>

namespace skirmish::engine {
namespace {

std::optional<long long> parse_integer(std::string_view text) {
  long long value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end) return std::nullopt;
  return value;
}

// All digits (a minus first at most, as parse_integer takes), yet past what it holds.
bool is_huge_integer(std::string_view text) {
  if (!text.empty() && text.front() == '-') text.remove_prefix(1);
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

void check_value(const OptionSpec& spec, const std::string& value) {
  const std::string where = "option '" + spec.name + "': ";
  switch (spec.type) {
    case OptionSpec::Type::Int: {
      // The range in every error: 1e+20 (how JSON writes a huge number) is no integer here,
      // and the reader needs to know what is.
      const std::string range = std::to_string(spec.min) + ".." + std::to_string(spec.max);
      auto n = parse_integer(value);
      if (!n && is_huge_integer(value)) throw OptionError(where + value + " is out of range " + range);
      if (!n) throw OptionError(where + "'" + value + "' is not an integer in the range " + range);
      if (*n < spec.min || *n > spec.max) throw OptionError(where + std::to_string(*n) + " is out of range " + range);
      break;
    }
    case OptionSpec::Type::Bool:
      if (!parse_bool(value))
        throw OptionError(where + "'" + value +
                          "' is not a boolean (use true/false, yes/no, on/off or 1/0, in any case)");
      break;
    case OptionSpec::Type::Choice: {
      for (const auto& c : spec.choices)
        if (c == value) return;
      std::string allowed;
      for (const auto& c : spec.choices) allowed += (allowed.empty() ? "" : ", ") + c;
      throw OptionError(where + "'" + value + "' is not one of: " + allowed);
    }
    case OptionSpec::Type::String:
      if (value.size() > kMaxStringOptionBytes)
        throw OptionError(where + "is " + std::to_string(value.size()) + " bytes long; at most " +
                          std::to_string(kMaxStringOptionBytes));
      break;
    case OptionSpec::Type::Text:
      break;
  }
}

}  // namespace

std::optional<bool> parse_bool(std::string_view text) {
  std::string lower(text);
  for (char& ch : lower)
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  if (lower == "true" || lower == "1" || lower == "yes" || lower == "on") return true;
  if (lower == "false" || lower == "0" || lower == "no" || lower == "off") return false;
  return std::nullopt;
}

std::string_view to_string(OptionSpec::Type type) {
  switch (type) {
    case OptionSpec::Type::Int: return "int";
    case OptionSpec::Type::Bool: return "bool";
    case OptionSpec::Type::String: return "string";
    case OptionSpec::Type::Choice: return "choice";
    case OptionSpec::Type::Text: return "text";
  }
  return "string";
}

const std::string& Options::text(std::string_view name) const {
  auto it = values_.find(std::string(name));
  if (it == values_.end()) throw OptionError("option '" + std::string(name) + "' is missing");
  return it->second;
}

long long Options::integer(std::string_view name) const {
  auto n = parse_integer(text(name));
  if (!n) throw OptionError("option '" + std::string(name) + "' is not an integer");
  return *n;
}

bool Options::boolean(std::string_view name) const {
  auto b = parse_bool(text(name));
  if (!b) throw OptionError("option '" + std::string(name) + "' is not true or false");
  return *b;
}

Options resolve_options(const std::vector<OptionSpec>& specs, const Options& given) {
  for (const auto& [name, value] : given.values()) {
    bool known = false;
    for (const auto& spec : specs) known = known || spec.name == name;
    if (!known) {
      std::string names;
      for (const auto& spec : specs) names += (names.empty() ? "" : ", ") + spec.name;
      throw OptionError("unknown option '" + name + "' (this game takes: " + names + ")");
    }
  }
  Options resolved;
  for (const auto& spec : specs) {
    std::string value = given.has(spec.name) ? given.text(spec.name) : spec.default_value;
    check_value(spec, value);
    if (spec.type == OptionSpec::Type::Bool) value = *parse_bool(value) ? "true" : "false";
    if (spec.type == OptionSpec::Type::Int) value = std::to_string(*parse_integer(value));
    resolved.set(spec.name, std::move(value));
  }
  return resolved;
}

}  // namespace skirmish::engine
