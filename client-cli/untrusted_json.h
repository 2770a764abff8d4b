#pragma once
// What a server (or a record file) sends is read as untrusted: a stranger may run the server.
// Nesting is bounded before parsing (nlohmann's values are destroyed and printed
// recursively: a few hundred thousand '[' overflowed the client's stack), and every string
// is made safe to print before anything reads it (an escape sequence in a name, an error or a
// move would otherwise reach the player's terminal: clear the screen, set its title, or
// forge lines with bidirectional overrides).
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace skirmish::client {

// Deeper than any message of the protocol or any match record (a DCMS placement is 3).
inline constexpr int kMaxJsonDepth = 64;

// `text` parsed; a discarded value when it is not JSON or nested deeper than kMaxJsonDepth,
// with `why` saying which ("not JSON", "nested deeper than 64 levels").
nlohmann::json parse_untrusted(std::string_view text, std::string& why);

// Replaces, in every string and object key of `value`, what a terminal would act on rather
// than show: C0 controls but tab, line feed and CR LF, DEL, C1 controls, and the bidirectional
// overrides and isolates (U+202A..U+202E, U+2066..U+2069). Each becomes '?'.
void make_displayable(nlohmann::json& value);
// The same for one text; with `keep_line_breaks` false, tab and line feed too (one line).
std::string displayable(std::string_view text, bool keep_line_breaks = true);

}  // namespace skirmish::client
