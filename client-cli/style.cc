#include "client-cli/style.h"

#include <cstdlib>

#include <sys/ioctl.h>
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

int terminal_columns() {
  winsize size{};
  if (isatty(STDOUT_FILENO) != 1 || ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    // C1 controls are U+0080..U+009F: in UTF-8, 0xC2 followed by 0x80..0x9F.
    const bool c1 = byte == 0xC2 && i + 1 < text.size() &&
                    static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if (byte < 0x20 || byte == 0x7F || c1) {
      out += '?';
      if (c1) ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace skirmish::client
