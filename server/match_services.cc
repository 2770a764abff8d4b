#include "server/match_services.h"

#include <chrono>

#include <spdlog/spdlog.h>

#include "protocol/error_code.h"

namespace skirmish::server {

Metrics& MatchServices::metrics() const {
  static Metrics unused;  // a Lobby built without metrics (unit tests) counts here
  return metrics_ptr ? *metrics_ptr : unused;
}

void MatchServices::write(store::StoreWrite&& write) const {
  if (!store) return;
  try {
    if (gate) return gate->submit(std::move(write));  // moves it only once it is taken
    ScopedTimer timer(metrics().store_write_latency);
    store::apply(write, *store);
  } catch (const store::StoreError& error) {
    failed(store::describe(write), error);
  }
}

void MatchServices::write_or_log(store::StoreWrite&& write) const noexcept {
  try {
    this->write(std::move(write));
  } catch (const std::exception&) {
  }
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

namespace {
constexpr std::string_view kSetByCreatorSetting = "set_by_creator";  // names, comma-separated
using store::kInviteHashSetting;
}  // namespace

engine::Options settings_as_options(const protocol::MatchSettings& settings,
                                    const std::vector<std::string>& set_by_creator,
                                    const std::string& invite_hash) {
  engine::Options options = protocol::settings_as_text(settings);
  std::string names;
  for (const auto& name : set_by_creator) names += (names.empty() ? "" : ",") + name;
  options.set(std::string(kSetByCreatorSetting), std::move(names));
  if (!invite_hash.empty()) options.set(std::string(kInviteHashSetting), invite_hash);
  return options;
}

std::string invite_hash_from(const engine::Options& stored_settings) {
  return stored_settings.has(kInviteHashSetting) ? stored_settings.text(kInviteHashSetting) : std::string();
}

engine::Options public_settings(const engine::Options& stored_settings) {
  engine::Options shown;
  for (const auto& [name, value] : stored_settings.values())
    if (name != kInviteHashSetting) shown.set(name, value);
  return shown;
}

std::optional<std::vector<std::string>> set_by_creator_from(const engine::Options& stored_settings) {
  if (!stored_settings.has(kSetByCreatorSetting)) return std::nullopt;
  std::vector<std::string> names;
  const std::string& text = stored_settings.text(kSetByCreatorSetting);
  for (std::size_t start = 0; start < text.size();) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    names.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return names;
}

}  // namespace skirmish::server
