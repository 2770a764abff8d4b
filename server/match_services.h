#pragma once
// What every match shares with the rest of the server: the store (null when storing is
// off), its group commit (null in unit tests: each write then commits at once) and the
// metrics. Store writes go through write(), which times them, asks for the commit, and
// turns a failure into an `internal` error for the client, so nothing is announced unstored.
#include <cstdint>
#include <memory>
#include <string>

#include "engine/common/options.h"
#include "protocol/match_options.h"
#include "server/durability_gate.h"
#include "server/metrics.h"
#include "server/store/match_store.h"

namespace skirmish::server {

struct MatchServices {
  std::shared_ptr<store::MatchStore> store;
  Metrics* metrics_ptr = nullptr;
  std::shared_ptr<DurabilityGate> gate;

  Metrics& metrics() const;
  // Runs `action` on the store (if any), timed. A StoreError is logged, counted and thrown
  // on as ProtocolError(internal) naming `what`: the caller must then not go on.
  template <typename Action>
  void write(const std::string& what, Action&& action) const {
    if (!store) return;
    try {
      ScopedTimer timer(metrics().store_write_latency);
      action(*store);
      if (gate) gate->written();
    } catch (const store::StoreError& error) {
      failed(what, error);
    }
  }
  // The same, for what happens with no client to answer (timers): logged and counted only.
  template <typename Action>
  void write_or_log(const std::string& what, Action&& action) const noexcept {
    try {
      write(what, std::forward<Action>(action));
    } catch (const std::exception&) {
    }
  }

 private:
  [[noreturn]] void failed(const std::string& what, const store::StoreError& error) const;
};

// Wall-clock Unix milliseconds: the store's timestamps (deadlines use the steady clock).
std::int64_t unix_ms();

// The server's own match options as text, the way take_match_settings reads them back.
engine::Options settings_as_options(const protocol::MatchSettings& settings);

}  // namespace skirmish::server
