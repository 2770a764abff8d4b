#pragma once
// CLI11's parse errors, reworded where they read badly, for both programs' command lines
// (skirmish-server and skirmish): "--port: 1 required UINT:INT in [0 - 65535] missing"
// becomes "--port needs a value: a whole number from 0 to 65535".
#include <functional>
#include <optional>
#include <string>

namespace skirmish::protocol {

// What a flag takes, as the end of "--port needs a value: ..." (nullopt: not known).
using FlagDescriber = std::function<std::optional<std::string>(const std::string& flag)>;

// `text` is CLI11's message (ParseError::what()). Reworded: a flag given without its value,
// and a flag given more than once. Anything else is returned as it is.
std::string reword_command_line_error(const std::string& text, const FlagDescriber& describe = {});

}  // namespace skirmish::protocol
