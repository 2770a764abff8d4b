#include "client-cli/style.h"

#include <cstdlib>

#include <unistd.h>

namespace skirmish::client {

Style Style::detect() {
  const char* no_color = std::getenv("NO_COLOR");
  const bool no_color_set = no_color != nullptr && *no_color != '\0';
  return Style(isatty(STDOUT_FILENO) == 1 && !no_color_set);
}

std::string Style::wrap(std::string_view code, std::string_view text) const {
  if (!enabled_) return std::string(text);
  return "\x1b[" + std::string(code) + "m" + std::string(text) + "\x1b[0m";
}

std::string Style::seat(std::string_view seat_name, std::string_view text) const {
  if (seat_name == "red" || seat_name == "black") return red(text);
  if (seat_name == "blue" || seat_name == "white") return blue(text);
  return std::string(text);
}

}  // namespace skirmish::client
