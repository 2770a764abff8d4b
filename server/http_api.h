#pragma once
// The plain-HTTP side of the server's port (WebSocket upgrades go to the game protocol):
//   GET /healthz                 200 {"status":"ok",...}; 503 while starting or stopping
//   GET /metrics                 Prometheus text format
//   GET /api/matches?state=S     stored matches (S: open, running, finished; all if absent)
//   GET /api/matches/{id}        one match with its moves (hidden information withheld)
// Transport-free, so tests can call it directly.
#include <string>
#include <string_view>

namespace skirmish::server {

struct ServerContext;

struct HttpReply {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
};

HttpReply handle_http_request(std::string_view method, std::string_view target,
                              ServerContext& context);

}  // namespace skirmish::server
