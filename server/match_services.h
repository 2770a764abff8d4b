#pragma once
// What every match shares with the rest of the server: the store (null when storing is
// off), its durability gate (null in unit tests: each write then runs and commits at once)
// and the metrics. Store writes go through write(): with a gate they are queued for the
// journal and no message that tells of them leaves before they are stored.
#include <atomic>
#include <chrono>
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
  // The longest a match with every seat away is kept (the server's --reconnect-grace-ms):
  // a match's own longer grace is for a player waiting for the other to come back.
  std::chrono::milliseconds unattended_grace{60000};
  // The server's ServerContext::stopping (null in unit tests): while every connection is
  // told of the stop, a player's drop is not news for the others.
  const std::atomic<bool>* server_stopping = nullptr;

  Metrics& metrics() const;
  bool stopping() const { return server_stopping != nullptr && server_stopping->load(); }
  // Stores `write` (store/store_write.h). A store that cannot take it any more (failed or
  // stopping) is logged, counted and thrown on as ProtocolError(internal) naming it: the
  // caller must then not go on.
  void write(store::StoreWrite&& write) const;
  // The same, for what happens with no client to answer (timers): logged and counted only.
  void write_or_log(store::StoreWrite&& write) const noexcept;

 private:
  [[noreturn]] void failed(const std::string& what, const store::StoreError& error) const;
};

// Wall-clock Unix milliseconds: the store's timestamps (deadlines use the steady clock).
std::int64_t unix_ms();

// The server's own match options as text, the way take_match_settings reads them back.
// With the names of the options the match's creator set (MatchTerms::set_by_creator), kept
// so that a reloaded match lists the same terms.
// And a private match's invite code, as its hash (store::hash_token): like a seat token, the
// code itself is not kept.
engine::Options settings_as_options(const protocol::MatchSettings& settings,
                                    const std::vector<std::string>& set_by_creator,
                                    const std::string& invite_hash = {});
// The names stored by settings_as_options; nullopt for a match stored before they were.
std::optional<std::vector<std::string>> set_by_creator_from(const engine::Options& stored_settings);
// The invite code's hash stored by settings_as_options; empty for a match that is not private.
std::string invite_hash_from(const engine::Options& stored_settings);
// The stored settings a client may see: all but the invite code's hash.
engine::Options public_settings(const engine::Options& stored_settings);

}  // namespace skirmish::server
