#include "server/match_services.h"

#include <chrono>

#include <spdlog/spdlog.h>

#include "protocol/error_code.h"

namespace skirmish::server {

Metrics& MatchServices::metrics() const {
  static Metrics unused;  // a Lobby built without metrics (unit tests) counts here
  return metrics_ptr ? *metrics_ptr : unused;
}

void MatchServices::failed(const std::string& what, const store::StoreError& error) const {
  metrics().store_errors_total.fetch_add(1, std::memory_order_relaxed);
  spdlog::error("store: cannot {}: {}", what, error.what());
  throw protocol::ProtocolError(protocol::ErrorCode::Internal,
                                "the server could not store this (" + what +
                                    "), so it did not happen; try again");
}

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

engine::Options settings_as_options(const protocol::MatchSettings& settings) {
  engine::Options options;
  options.set(std::string(protocol::kMoveTimeOption), std::to_string(settings.move_time.count()));
  options.set(std::string(protocol::kReconnectGraceOption),
              std::to_string(settings.reconnect_grace.count()));
  options.set(std::string(protocol::kSpectatorsOption), std::string(protocol::to_string(settings.spectators)));
  return options;
}

}  // namespace skirmish::server
