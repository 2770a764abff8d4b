#pragma once
// Where the server is: a ws:// URL split into host, port and request target.
#include <string>
#include <string_view>

namespace skirmish::client {

inline constexpr std::string_view kDefaultServer = "ws://127.0.0.1:8080";

struct ServerUrl {
  std::string host;
  std::string port;
  std::string target = "/";
  std::string text() const { return "ws://" + host + ":" + port + target; }
};

// Parses "ws://HOST[:PORT][/PATH]" (port 80 when absent). Throws std::invalid_argument
// saying what is wrong (wss:// is not supported: the server speaks plain WebSocket).
ServerUrl parse_server_url(std::string_view text);

// --server if given, else $SKIRMISH_SERVER, else `fallback` (when not empty), else
// kDefaultServer.
std::string choose_server(const std::string& flag_value, const std::string& fallback = {});

}  // namespace skirmish::client
