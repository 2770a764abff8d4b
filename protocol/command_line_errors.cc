#include "protocol/command_line_errors.h"

namespace skirmish::protocol {

std::string reword_command_line_error(const std::string& text, const FlagDescriber& describe) {
  const std::size_t colon = text.find(": ");
  if (!text.starts_with("-") || colon == std::string::npos) return text;
  const std::string flag = text.substr(0, colon);
  const std::string said = text.substr(colon + 2);
  if (said.ends_with(" missing")) {
    const auto takes = describe ? describe(flag) : std::nullopt;
    return flag + " needs a value" + (takes ? ": " + *takes : "");
  }
  const std::string repeated = "At Most 1 required but received ";
  if (said.starts_with(repeated)) return flag + " is given " + said.substr(repeated.size()) + " times: give it once";
  return text;
}

}  // namespace skirmish::protocol
