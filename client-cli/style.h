#pragma once
// Terminal colours: on only when stdout is a terminal and NO_COLOR is not set.
#include <string>
#include <string_view>

namespace skirmish::client {

class Style {
 public:
  static Style detect();  // isatty(stdout) && !$NO_COLOR
  static Style plain() { return Style(false); }
  static Style coloured() { return Style(true); }  // whatever stdout is (tests)
  bool enabled() const { return enabled_; }

  std::string red(std::string_view text) const { return wrap("31;1", text); }
  std::string blue(std::string_view text) const { return wrap("34;1", text); }
  std::string bold(std::string_view text) const { return wrap("1", text); }
  std::string dim(std::string_view text) const { return wrap("2", text); }
  std::string yellow(std::string_view text) const { return wrap("33", text); }

 private:
  explicit Style(bool enabled) : enabled_(enabled) {}
  std::string wrap(std::string_view code, std::string_view text) const;
  bool enabled_;
};

// How many columns the terminal on stdout has; 0 when stdout is no terminal.
int terminal_columns();

// Text from the server that a person's terminal will show on one line (player names):
// control characters, line breaks and bidirectional overrides become '?'
// (untrusted_json.h), so no other player can clear the screen or forge lines.
std::string printable(std::string_view text);

}  // namespace skirmish::client
