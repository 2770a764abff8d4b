#include "server/http_api.h"

#include <charconv>
#include <map>

#include <boost/beast/core/string.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "server/match_history.h"
#include "server/random_ids.h"
#include "server/server_context.h"
#include "server/store/match_store.h"

namespace skirmish::server {

namespace {

using nlohmann::json;

constexpr std::string_view kMatches = "/api/matches";

// Replies quote what the request said (a path, a query value), which may be any bytes: what
// is not UTF-8 is replaced (U+FFFD), never thrown on. A throw here (outside any handler's
// try) once took the whole server down on one `GET /\xff`.
HttpReply json_reply(unsigned status, const json& body) {
  return {status, "application/json", body.dump(-1, ' ', false, json::error_handler_t::replace) + "\n"};
}

HttpReply error_reply(unsigned status, const std::string& message) {
  return json_reply(status, {{"error", message}});
}

// "%41" -> "A" (RFC 3986: a client may escape any character); a '%' not followed by two
// hex digits stays as it is, and so is quoted back in an error.
std::string percent_decode(std::string_view text) {
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int high = text[i] == '%' && i + 2 < text.size() ? hex(text[i + 1]) : -1;
    const int low = high >= 0 ? hex(text[i + 2]) : -1;
    if (low < 0) {
      out += text[i];
      continue;
    }
    out += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return out;
}

// "http://host:8080/healthz?x" -> "/healthz?x": a request may name the whole URL (RFC 9112
// 3.2.2, the absolute form proxies send), and a server must take it as the path it holds.
std::string origin_form(std::string_view target) {
  const auto scheme_end = target.find("://");
  if (scheme_end == std::string_view::npos || target.starts_with("/")) return std::string(target);
  const std::string_view scheme = target.substr(0, scheme_end);
  if (!boost::beast::iequals(scheme, "http") && !boost::beast::iequals(scheme, "https")) return std::string(target);
  const std::string_view rest = target.substr(scheme_end + 3);
  const auto path = rest.find_first_of("/?");
  if (path == std::string_view::npos) return "/";
  return (rest[path] == '/' ? "" : "/") + std::string(rest.substr(path));  // "host?x" -> "/?x"
}

// "a=1&b=2" -> {a: 1, b: 2}, names and values percent-decoded.
std::map<std::string, std::string> parse_query(std::string_view query) {
  std::map<std::string, std::string> out;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    const auto eq = pair.find('=');
    out[percent_decode(pair.substr(0, eq))] =
        eq == std::string_view::npos ? "" : percent_decode(pair.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return out;
}

HttpReply health(ServerContext& context) {
  // Read each flag once: the status and its code must agree while a stop begins.
  const bool stopping = context.stopping.load();
  const bool ready = context.ready.load();
  json body = {{"status", stopping ? "stopping" : ready ? "ok" : "starting"},
               {"connections", context.websockets.load()}};
  if (ready) {  // the lobby and the store exist only once the server is ready
    body["matches"] = context.lobby->size();
    body["store"] = context.store ? "sqlite" : "off";
  }
  return json_reply(ready && !stopping ? 200 : 503, std::move(body));
}

HttpReply list_matches(ServerContext& context, const std::map<std::string, std::string>& query) {
  // A misspelt name would otherwise list every match as if it had filtered them.
  for (const auto& [name, value] : query)
    if (name != "state" && name != "limit")
      return error_reply(400, "unknown query parameter '" + name + "' (known: state, limit)");
  std::optional<store::MatchState> state;
  if (auto it = query.find("state"); it != query.end() && !it->second.empty()) {
    state = store::match_state_from_string(it->second);
    if (!state)
      return error_reply(400, "query 'state': '" + it->second +
                                  "' is not one of open, running, finished, cancelled");
  }
  std::size_t limit = 100;
  if (auto it = query.find("limit"); it != query.end()) {
    const auto& text = it->second;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), limit);
    if (ec != std::errc() || end != text.data() + text.size() || limit < 1 || limit > kMaxListLimit)
      return error_reply(400, "query 'limit': '" + text + "' is not a number from 1 to " +
                                  std::to_string(kMaxListLimit) +
                                  " (the most matches one request lists)");
  }
  json matches = json::array();
  for (const auto& record : context.store->list(state, limit))
    matches.push_back(match_summary_json(record));
  return json_reply(200, {{"matches", std::move(matches)}});
}

// `path` percent-decoded.
bool is_history_path(std::string_view path) {
  return path == kMatches || (path.starts_with(kMatches) && path[kMatches.size()] == '/');
}

}  // namespace

bool is_history_request(std::string_view whole_target) {
  const std::string target = origin_form(whole_target);
  return is_history_path(percent_decode(target.substr(0, target.find('?'))));
}

std::optional<HttpReply> refuse_bad_upgrade(std::string_view host, std::string_view key,
                                            std::string_view version) {
  if (host.empty()) return error_reply(400, "WebSocket upgrade without a Host header");
  // A key is 16 random bytes in base64: 24 characters.
  if (key.empty()) return error_reply(400, "WebSocket upgrade without a Sec-WebSocket-Key header");
  if (key.size() > 24)
    return error_reply(400, "WebSocket upgrade with a Sec-WebSocket-Key longer than 24 characters");
  if (version != "13")
    return error_reply(426, version.empty() ? "WebSocket upgrade without a Sec-WebSocket-Version header (13)"
                                            : "WebSocket version '" + std::string(version) +
                                                  "' is not served here: only 13 (RFC 6455)");
  return std::nullopt;
}

HttpReply history_busy_reply() {
  HttpReply reply = error_reply(503, "the match history is busy (" +
                                         std::to_string(kMaxHistoryWaiting) +
                                         " requests waiting); retry in a moment");
  reply.retry_after_seconds = 1;
  return reply;
}

HttpReply history_stopped_reply() {
  return error_reply(503, "the server is stopping; try again shortly");
}

HttpReply handle_http_request(std::string_view method, std::string_view whole_target,
                              ServerContext& context) {
  context.metrics.http_requests_total.fetch_add(1, std::memory_order_relaxed);
  const std::string origin = origin_form(whole_target);
  const std::string_view target = origin;
  const auto question = target.find('?');
  const std::string decoded_path = percent_decode(target.substr(0, question));
  const std::string_view path = decoded_path;
  const auto query = parse_query(question == std::string_view::npos ? std::string_view{}
                                                                    : target.substr(question + 1));
  if (method != "GET" && method != "HEAD")
    return error_reply(405, "only GET and HEAD are served here (" + std::string(method) + " " + std::string(path) + ")");
  try {
    if (path == "/healthz") return health(context);
    if (!context.ready.load())
      return error_reply(503, "the server is starting (reloading its stored matches); try again shortly");
    if (path == "/metrics") {
      HttpReply reply{200, "text/plain; version=0.0.4; charset=utf-8", {}};
      reply.body = context.metrics.render(context.websockets.load(), context.store != nullptr,
                                          context.lobby->count_by_game_and_state());  // ready: it exists
      return reply;
    }
    if (is_history_path(path)) {
      if (!context.store)
        return error_reply(503, "match history is off: this server runs without a store (--store off)");
      if (path == kMatches || path.size() == kMatches.size() + 1) return list_matches(context, query);
      // As the game protocol reads ids: any case, 0/1/8 as O/I/B; a trailing slash is no part.
      std::string typed(path.substr(kMatches.size() + 1));
      while (!typed.empty() && typed.back() == '/') typed.pop_back();
      const auto record = context.store->get(canonical_match_id(typed));
      if (!record) return error_reply(404, "no match '" + typed + "'");
      return json_reply(200, match_detail_json(*record));
    }
  } catch (const store::ReadsCancelled&) {  // a stop cut the query short: no fault
    return history_stopped_reply();
  } catch (const std::exception& error) {
    spdlog::error("HTTP {} {}: {}", method, target, error.what());
    return error_reply(500, error.what());
  }
  return error_reply(404, "nothing at " + std::string(path) +
                              " (try /healthz, /metrics, /api/matches, or a WebSocket upgrade)");
}

}  // namespace skirmish::server
