#include "client-cli/server_url.h"

#include <cstdlib>
#include <stdexcept>

#include "client-cli/style.h"
#include "client-cli/tls_context.h"
#include "client-cli/usage_error.h"

namespace skirmish::client {

namespace {

struct Scheme {
  std::string_view prefix;
  bool tls;
  const char* default_port;
};
constexpr Scheme kSchemes[] = {{"ws://", false, "80"}, {"wss://", true, "443"}};

std::string from_env(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

}  // namespace

bool same_server(const ServerUrl& url, const std::string& text) {
  try {
    return parse_server_url(text).text() == url.text();
  } catch (const std::invalid_argument&) {
    return false;
  }
}

bool same_server(const std::string& a, const std::string& b) {
  try {
    return same_server(parse_server_url(a), b);
  } catch (const std::invalid_argument&) {
    return false;
  }
}

std::string trim_blanks(std::string_view text) {
  constexpr std::string_view kBlanks = " \t\r\n\v\f";
  const auto first = text.find_first_not_of(kBlanks);
  if (first == std::string_view::npos) return "";
  return std::string(text.substr(first, text.find_last_not_of(kBlanks) - first + 1));
}

ServerUrl parse_server_url(std::string_view given) {
  // As pasted, a URL may bring blanks (a space, a newline) around it: not part of it.
  const std::string trimmed = trim_blanks(given);
  const std::string_view text = trimmed;
  for (const char c : text)
    if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f)
      throw UsageError("server URL '" + printable(text) +
                       "' has a blank or a control character in it: give only ws://HOST:PORT");
  const Scheme* scheme = nullptr;
  for (const auto& s : kSchemes)
    if (text.substr(0, s.prefix.size()) == s.prefix) scheme = &s;
  if (scheme == nullptr) {
    throw UsageError("server URL '" + std::string(text) +
                                "' must start with ws:// or wss:// (e.g. ws://127.0.0.1:8080, "
                                "or wss://HOST for a server with TLS)");
  }
  std::string_view rest = text.substr(scheme->prefix.size());
  ServerUrl url;
  url.tls = scheme->tls;
  const auto slash = rest.find('/');
  if (slash != std::string_view::npos) {
    url.target = std::string(rest.substr(slash));
    rest = rest.substr(0, slash);
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string_view::npos) {
    url.host = std::string(rest);
    url.port = scheme->default_port;
  } else {
    url.host = std::string(rest.substr(0, colon));
    url.port = std::string(rest.substr(colon + 1));
  }
  if (url.host.empty()) throw UsageError("server URL '" + std::string(text) + "' has no host");
  if (url.port.empty() || url.port.find_first_not_of("0123456789") != std::string::npos ||
      url.port.size() > 5 || std::stoi(url.port) > 65535) {
    throw UsageError("server URL '" + std::string(text) + "': port '" + url.port +
                                "' is not a number from 0 to 65535");
  }
  return url;
}

std::string choose_server(const std::string& flag_value, const std::string& fallback) {
  if (!flag_value.empty()) return flag_value;
  if (auto env = from_env("SKIRMISH_SERVER"); !env.empty()) return env;
  if (!fallback.empty()) return fallback;
  return std::string(kDefaultServer);
}

std::string choose_ca_file(const std::string& flag_value) {
  return trim_blanks(!flag_value.empty() ? flag_value : from_env("SKIRMISH_CA_FILE"));
}

bool is_loopback_host(const std::string& host) {
  return host == "localhost" || host.starts_with("127.") || host == "::1" || host == "[::1]";
}

std::string clear_text_warning(const ServerUrl& url) {
  if (url.tls || is_loopback_host(url.host)) return "";
  std::string text = "Warning: " + url.text() +
                     " is not encrypted: your seat token crosses the network in clear, and anyone on the "
                     "way could take your seat. Ask the host for wss:// (docs/operations.md, \"TLS\")";
  if (!url.ca_file.empty()) text += "; --ca-file only counts for wss://";
  return text + ".";
}

ServerUrl choose_server_url(const std::string& server_flag, const std::string& ca_file_flag,
                            const std::string& fallback, const std::string& fallback_ca_file) {
  ServerUrl url = parse_server_url(choose_server(server_flag, fallback));
  url.ca_file = choose_ca_file(ca_file_flag);
  // Another server than the saved one may need another certificate: the saved one is not its.
  if (url.ca_file.empty() && !fallback_ca_file.empty() && same_server(url, fallback))
    url.ca_file = fallback_ca_file;
  if (url.tls) make_client_tls_context(url.ca_file);  // only to check the file
  return url;
}

}  // namespace skirmish::client
