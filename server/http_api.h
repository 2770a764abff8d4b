#pragma once
// The plain-HTTP side of the server's port (WebSocket upgrades go to the game protocol):
//   GET /healthz                 200 {"status":"ok",...}; 503 while starting or stopping
//   GET /metrics                 Prometheus text format
//   GET /api/matches?state=S&limit=N
//                                stored matches, newest first (S: open, running, finished,
//                                cancelled; all if absent). N: 1 to kMaxListLimit (1000),
//                                default 100; a larger N is refused with 400 naming the
//                                maximum (not clamped: a client must not take a cut list
//                                for the whole history).
//   GET /api/matches/{id}        one match with its moves (hidden information withheld)
// The two /api/matches requests read the store: the session runs them on the server's
// HistoryWorker thread, never on a network thread (is_history_request). At most
// kMaxHistoryWaiting wait there; beyond that they get 503 "busy, retry" with Retry-After
// (history_busy_reply), and once the server stops, 503 "stopping" (history_stopped_reply).
// /healthz and /metrics are cheap and answered inline, also while the history is busy.
// Transport-free, so tests can call it directly.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace skirmish::server {

struct ServerContext;

inline constexpr std::size_t kMaxListLimit = 1000;
inline constexpr std::size_t kMaxHistoryWaiting = 16;

struct HttpReply {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  unsigned retry_after_seconds = 0;  // 0: no Retry-After header
};

// Any request: thread-safe; the history ones may take a while (they read the store).
HttpReply handle_http_request(std::string_view method, std::string_view target,
                              ServerContext& context);

// A WebSocket upgrade request whose handshake fields are missing or wrong: the JSON reply
// that says which (426 for a version other than 13, with Sec-WebSocket-Version: 13 added
// by the session), else nothing and the upgrade goes ahead. Empty views: header absent.
std::optional<HttpReply> refuse_bad_upgrade(std::string_view host, std::string_view key,
                                            std::string_view version);

// /api/matches and /api/matches/{id} (whatever the method): for the HistoryWorker.
bool is_history_request(std::string_view target);
HttpReply history_busy_reply();
HttpReply history_stopped_reply();

}  // namespace skirmish::server
