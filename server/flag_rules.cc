#include "server/flag_rules.h"

#include <arpa/inet.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <system_error>

#include "protocol/command_line_errors.h"

namespace skirmish::server {

// printf's %f would add six zeros, %g an exponent.
std::string plain_number(double value) {
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, value, std::chars_format::fixed);
  return ec == std::errc() ? std::string(text, end) : std::to_string(value);
}

// CLI11 also names only the type when a number does not fit it; this says the range.
Rule whole_number(long long min, long long max) {
  const std::string range = std::to_string(min) + " to " + std::to_string(max);
  return {"INT in [" + std::to_string(min) + " - " + std::to_string(max) + "]",
          "must be a whole number from " + range, [min, max](std::string& value) {
            long long number = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
            if (ec != std::errc() || end != value.data() + value.size() || number < min || number > max)
              return false;
            value = std::to_string(number);
            return true;
          }};
}

Rule number(double min, double max) {
  const std::string range = plain_number(min) + " to " + plain_number(max);
  return {"NUMBER in [" + plain_number(min) + " - " + plain_number(max) + "]",
          "must be a number from " + range, [min, max](std::string& value) {
            double number = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
            // The comparison is false for NaN, so it is refused too.
            if (ec != std::errc() || end != value.data() + value.size() || !(number >= min && number <= max))
              return false;
            value = plain_number(number);
            return true;
          }};
}

Rule one_of(const std::vector<std::string>& choices) {
  std::string listed, braced;
  for (const auto& choice : choices) {
    listed += (listed.empty() ? "" : ", ") + choice;
    braced += (braced.empty() ? "" : ",") + choice;
  }
  return {"{" + braced + "}", "must be one of " + listed, [choices](std::string& value) {
            return std::find(choices.begin(), choices.end(), value) != choices.end();
          }};
}

namespace {

bool given_on_command_line(const CLI::App& app, const CLI::Option& option) {
  const auto& given = app.parse_order();
  return std::find(given.begin(), given.end(), &option) != given.end();
}

}  // namespace

Rule ip_address() {
  return {"IP address", "must be an IPv4 or IPv6 address (127.0.0.1, 0.0.0.0, ::1, ::)",
          [](std::string& value) {
            unsigned char parsed[sizeof(in6_addr)];
            return inet_pton(AF_INET, value.c_str(), parsed) == 1 ||
                   inet_pton(AF_INET6, value.c_str(), parsed) == 1;
          }};
}

std::optional<std::string> empty_environment_variable(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    const std::string& name = option->get_envname();
    if (name.empty()) continue;
    const char* value = std::getenv(name.c_str());
    if (value != nullptr && *value == '\0')
      return name + " is set but empty: give it a value or unset it (" + option->get_name() + ")";
  }
  return std::nullopt;
}

std::optional<std::string> empty_path_flag(const CLI::App& app, const std::vector<std::string>& flags) {
  for (const auto& flag : flags) {
    const CLI::Option* option = app.get_option(flag);
    if (option->count() > 0 && option->as<std::string>().empty())
      return flag + " is empty: give it a path (or leave the flag out for its default)";
  }
  return std::nullopt;
}

bool from_environment(const CLI::App& app, const CLI::Option& option) {
  return !given_on_command_line(app, option) && !option.get_envname().empty();
}

void FlagRules::apply(CLI::Option* option, Rule rule) {
  const std::string flag = option->get_name();
  requirements_[flag] = rule.requirement;
  // transform, not check: a check's changes to the value are thrown away.
  option->transform(CLI::Validator(
      [this, flag, rule](std::string& value) -> std::string {
        const std::string given = value;
        if (rule.accepts(value)) return {};
        if (!refused_) refused_ = Refused{flag, given, rule.requirement};
        return rule.requirement;
      },
      rule.help));
}

std::optional<std::string> FlagRules::message(const CLI::App& app) const {
  if (!refused_) return std::nullopt;
  const CLI::Option& option = *app.get_option(refused_->flag);
  if (from_environment(app, option))
    return option.get_envname() + "=" + refused_->value + ": " + refused_->flag + " " + refused_->requirement;
  return refused_->flag + " " + refused_->value + ": " + refused_->requirement;
}

std::string FlagRules::reworded(const CLI::ParseError& error) const {
  return protocol::reword_command_line_error(error.what(), [this](const std::string& flag) -> std::optional<std::string> {
    const auto requirement = requirements_.find(flag);
    // "must be a whole number ..." -> "a whole number ..."
    if (requirement == requirements_.end() || !requirement->second.starts_with("must be ")) return std::nullopt;
    return requirement->second.substr(8);
  });
}

std::optional<std::string> data_dir_problem(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  for (fs::path path = dir; !path.empty(); path = path.parent_path()) {
    std::error_code ec;
    const fs::file_type type = fs::status(path, ec).type();
    if (type == fs::file_type::directory) return std::nullopt;
    if (type != fs::file_type::not_found) {
      if (ec) return std::nullopt;  // cannot tell (no permission): the store will say why
      const std::string what = type == fs::file_type::regular ? "is a file, not a directory"
                                                              : "is not a directory";
      if (path == dir) return "the path exists and " + what;
      return path.string() + " exists and " + what;
    }
    if (path == path.parent_path()) break;  // the root
  }
  return std::nullopt;
}

}  // namespace skirmish::server
