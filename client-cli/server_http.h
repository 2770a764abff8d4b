#pragma once
// One GET from the server's HTTP side (the same host and port as its WebSocket): https://
// with the certificate checked as for wss:// when the server URL is wss://.
#include <string>

#include "client-cli/server_url.h"

namespace skirmish::client {

struct HttpReply {
  unsigned status = 0;
  std::string body;
};

// `path` is the request target, e.g. "/api/matches/7QK2MZ4A". Throws std::runtime_error
// "cannot fetch URL: why" when there is no answer (unreachable, TLS refused, ...).
HttpReply http_get(const ServerUrl& server, const std::string& path);

}  // namespace skirmish::client
