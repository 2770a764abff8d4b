#pragma once
// One GET from the server's HTTP side (the same host and port as its WebSocket): https://
// with the certificate checked as for wss:// when the server URL is wss://.
#include <chrono>
#include <string>

#include "client-cli/server_url.h"

namespace skirmish::client {

struct HttpReply {
  unsigned status = 0;
  std::string body;
};

// The whole GET, from the connect to the reply's last byte: a host that drops packets or a
// server that accepts and never answers must not hang export, replay or a tournament. (The
// name look-up runs on Asio's resolver thread, bounded by the system's resolver only.)
inline constexpr std::chrono::milliseconds kHttpTimeout{10'000};

// `path` is the request target, e.g. "/api/matches/7QK2MZ4A". Throws std::runtime_error
// "cannot fetch URL: why" when there is no answer within `timeout` (unreachable, TLS
// refused, silent, ...).
HttpReply http_get(const ServerUrl& server, const std::string& path,
                   std::chrono::milliseconds timeout = kHttpTimeout);

}  // namespace skirmish::client
