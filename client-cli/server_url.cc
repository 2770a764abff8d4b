#include "client-cli/server_url.h"

#include <cstdlib>
#include <stdexcept>

namespace skirmish::client {

ServerUrl parse_server_url(std::string_view text) {
  constexpr std::string_view scheme = "ws://";
  if (text.substr(0, scheme.size()) != scheme) {
    throw std::invalid_argument("server URL '" + std::string(text) +
                                "' must start with ws:// (e.g. ws://127.0.0.1:8080)");
  }
  std::string_view rest = text.substr(scheme.size());
  ServerUrl url;
  const auto slash = rest.find('/');
  if (slash != std::string_view::npos) {
    url.target = std::string(rest.substr(slash));
    rest = rest.substr(0, slash);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string_view::npos) {
    url.host = std::string(rest);
    url.port = "80";
  } else {
    url.host = std::string(rest.substr(0, colon));
    url.port = std::string(rest.substr(colon + 1));
  }
  if (url.host.empty()) throw std::invalid_argument("server URL '" + std::string(text) + "' has no host");
  if (url.port.empty() || url.port.find_first_not_of("0123456789") != std::string::npos ||
      url.port.size() > 5 || std::stoi(url.port) > 65535) {
    throw std::invalid_argument("server URL '" + std::string(text) + "': port '" + url.port +
                                "' is not a number from 0 to 65535");
  }
  return url;
}

std::string choose_server(const std::string& flag_value, const std::string& fallback) {
  if (!flag_value.empty()) return flag_value;
  if (const char* env = std::getenv("SKIRMISH_SERVER"); env != nullptr && *env != '\0') return env;
  if (!fallback.empty()) return fallback;
  return std::string(kDefaultServer);
}

}  // namespace skirmish::client
