#pragma once
// The server's counters for GET /metrics (Prometheus text format 0.0.4). Lock-free: every
// connection thread updates them; the HTTP handler reads a consistent-enough snapshot.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "protocol/error_code.h"

namespace skirmish::server {

// Cumulative buckets (upper bounds in seconds), like a Prometheus client's histogram.
class LatencyHistogram {
 public:
  static constexpr std::array<double, 12> kBounds{0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025,
                                                  0.005,   0.01,   0.025,   0.05,   0.1,   0.5};
  void observe(std::chrono::nanoseconds elapsed);
  // Appends the # HELP/# TYPE lines, the _bucket, _sum and _count samples.
  void render(std::string& out, const std::string& name, const std::string& help) const;

 private:
  std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> counts_{};  // last: +Inf
  std::atomic<std::uint64_t> sum_ns_{0};
};

inline constexpr std::size_t kErrorCodeCount = static_cast<std::size_t>(protocol::ErrorCode::Internal) + 1;

struct Metrics {
  std::atomic<std::uint64_t> connections_total{0};  // accepted WebSocket connections
  std::atomic<std::uint64_t> http_requests_total{0};
  std::atomic<std::uint64_t> moves_total{0};        // accepted moves (a DCMS turn: each seat's)
  std::atomic<std::uint64_t> matches_created_total{0};
  std::atomic<std::uint64_t> matches_finished_total{0};
  std::atomic<std::uint64_t> store_errors_total{0};
  // TLS handshakes that failed: a client that does not trust the certificate, a scanner.
  // Each is logged at debug only (scanners would flood the log); this shows the host they happen.
  std::atomic<std::uint64_t> tls_handshake_failures_total{0};
  std::atomic<std::uint64_t> plain_websockets_refused_total{0};
  std::array<std::atomic<std::uint64_t>, kErrorCodeCount> errors_total{};
  LatencyHistogram message_latency;  // one client message, parsed to answered
  std::atomic<std::uint64_t> store_writes_total{0};  // writes journaled
  LatencyHistogram store_write_latency;              // one journal append (with sync full: a group)
  std::atomic<std::uint64_t> store_backlog{0};       // journaled, not yet in SQLite (a gauge)
  std::atomic<std::uint64_t> store_commits_total{0};  // SQLite transactions (many writes each)
  LatencyHistogram store_commit_latency;

  void count_error(protocol::ErrorCode code) {
    errors_total[static_cast<std::size_t>(code)].fetch_add(1, std::memory_order_relaxed);
  }

  // Everything above plus the gauges the caller samples now: open connections and the
  // matches held in memory by (game, state).
  std::string render(int connections, bool store_enabled,
                     const std::map<std::pair<std::string, std::string>, int>& matches) const;
};

// Runs the scope's time into a histogram.
class ScopedTimer {
 public:
  explicit ScopedTimer(LatencyHistogram& histogram)
      : histogram_(histogram), start_(std::chrono::steady_clock::now()) {}
  ~ScopedTimer() { histogram_.observe(std::chrono::steady_clock::now() - start_); }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  LatencyHistogram& histogram_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace skirmish::server
