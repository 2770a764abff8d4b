#include "server/metrics.h"

#include <cstdio>

namespace skirmish::server {

namespace {

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

void header(std::string& out, const std::string& name, const char* type, const std::string& help) {
  out += "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

void counter(std::string& out, const std::string& name, const std::string& help,
             const std::atomic<std::uint64_t>& value) {
  header(out, name, "counter", help);
  out += name + " " + std::to_string(value.load(std::memory_order_relaxed)) + "\n";
}

}  // namespace

void LatencyHistogram::observe(std::chrono::nanoseconds elapsed) {
  const double seconds = std::chrono::duration<double>(elapsed).count();
  std::size_t bucket = 0;
  while (bucket < kBounds.size() && seconds > kBounds[bucket]) ++bucket;
  counts_[bucket].fetch_add(1, std::memory_order_relaxed);
  sum_ns_.fetch_add(static_cast<std::uint64_t>(elapsed.count() > 0 ? elapsed.count() : 0),
                    std::memory_order_relaxed);
}

void LatencyHistogram::render(std::string& out, const std::string& name,
                              const std::string& help) const {
  header(out, name, "histogram", help);
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    cumulative += counts_[i].load(std::memory_order_relaxed);
    const std::string le = i < kBounds.size() ? number(kBounds[i]) : "+Inf";
    out += name + "_bucket{le=\"" + le + "\"} " + std::to_string(cumulative) + "\n";
  }
  out += name + "_sum " +
         number(static_cast<double>(sum_ns_.load(std::memory_order_relaxed)) / 1e9) + "\n";
  out += name + "_count " + std::to_string(cumulative) + "\n";
}

std::string Metrics::render(int connections, bool store_enabled,
                            const std::map<std::pair<std::string, std::string>, int>& matches) const {
  std::string out;
  header(out, "skirmish_connections", "gauge", "WebSocket connections open now");
  out += "skirmish_connections " + std::to_string(connections) + "\n";
  counter(out, "skirmish_connections_total",
          "WebSocket upgrades accepted, with those then refused with server_full", connections_total);
  counter(out, "skirmish_http_requests_total", "plain HTTP requests served", http_requests_total);
  counter(out, "skirmish_tls_handshake_failures_total",
          "TLS handshakes that failed (a client that does not trust the certificate, a scanner)",
          tls_handshake_failures_total);
  counter(out, "skirmish_plain_websockets_refused_total",
          "plain ws:// game connections refused by --tls-only", plain_websockets_refused_total);
  header(out, "skirmish_matches", "gauge", "matches held by the server, by game and state");
  for (const auto& [key, count] : matches)
    out += "skirmish_matches{game=\"" + key.first + "\",state=\"" + key.second + "\"} " +
           std::to_string(count) + "\n";
  counter(out, "skirmish_matches_created_total", "matches created", matches_created_total);
  counter(out, "skirmish_matches_finished_total", "matches that ended", matches_finished_total);
  counter(out, "skirmish_moves_total", "moves accepted (each seat's move of a DCMS turn counts)",
          moves_total);
  header(out, "skirmish_errors_total", "counter", "error messages sent to clients, by code");
  for (std::size_t i = 0; i < errors_total.size(); ++i)
    out += "skirmish_errors_total{code=\"" +
           std::string(protocol::to_string(static_cast<protocol::ErrorCode>(i))) + "\"} " +
           std::to_string(errors_total[i].load(std::memory_order_relaxed)) + "\n";
  message_latency.render(out, "skirmish_message_handling_seconds",
                         "time to handle one client message, parsed to answered");
  header(out, "skirmish_store_enabled", "gauge", "1 when matches are stored in SQLite");
  out += std::string("skirmish_store_enabled ") + (store_enabled ? "1" : "0") + "\n";
  counter(out, "skirmish_store_writes_total",
          "store writes journaled (a match created, a seat taken, a turn played, ...)", store_writes_total);
  store_write_latency.render(out, "skirmish_store_write_seconds",
                             "time of one journal append: a write (with --store-sync full, a group "
                             "of writes and its fdatasync) made durable before it is announced");
  header(out, "skirmish_store_backlog", "gauge",
         "writes journaled but not yet in SQLite (applied in batches of up to 4,096 or every 500 ms)");
  out += "skirmish_store_backlog " + std::to_string(store_backlog.load(std::memory_order_relaxed)) + "\n";
  counter(out, "skirmish_store_commits_total",
          "SQLite transactions applying journaled writes (each holds many)", store_commits_total);
  store_commit_latency.render(out, "skirmish_store_commit_seconds",
                              "time to apply one batch of journaled writes to SQLite and commit it");
  counter(out, "skirmish_store_errors_total", "store writes that failed", store_errors_total);
  return out;
}

}  // namespace skirmish::server
