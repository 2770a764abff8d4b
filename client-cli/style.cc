#include "client-cli/style.h"

#include <cstdlib>

#include <sys/ioctl.h>
#include <unistd.h>

#include "client-cli/untrusted_json.h"

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

int terminal_columns() {
  winsize size{};
  if (isatty(STDOUT_FILENO) != 1 || ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

std::string printable(std::string_view text) { return displayable(text, /*keep_line_breaks=*/false); }

}  // namespace skirmish::client
