#pragma once
// What every connection of one server shares: the configuration, the lobby, the
// connection count, and the open sessions (so stop() can close them).
#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/connection_slot.h"
#include "server/durability_gate.h"
#include "server/history_worker.h"
#include "server/lobby.h"
#include "server/metrics.h"
#include "server/server.h"
#include "server/store/match_store.h"

namespace boost::asio::ssl {
class context;
}

namespace skirmish::server {

class Closable {
 public:
  virtual ~Closable() = default;
  virtual void close_now() = 0;  // thread-safe: drops the connection at once
  // Thread-safe: tells the client the server is restarting, then closes with 1001.
  virtual void close_going_away() = 0;
};

struct ServerContext {
  Config config;
  std::shared_ptr<Lobby> lobby;
  std::atomic<int> connections{0};     // TCP connections (WebSocket and plain HTTP)
  AddressCounts connections_by_address;
  std::atomic<int> websockets{0};      // of which WebSocket sessions
  std::atomic<bool> ready{false};      // store opened, old matches reloaded, listening
  std::atomic<bool> stopping{false};
  std::shared_ptr<store::MatchStore> store;  // null when storing is off
  std::shared_ptr<DurabilityGate> gate;       // the journal and the store thread (null: no store)
  // Runs the /api/matches queries off the network threads (null: no store). Set before
  // `ready`; stopped before the store closes (Server::stop).
  std::shared_ptr<HistoryWorker> history;
  std::shared_ptr<boost::asio::ssl::context> tls;  // null: plain connections only
  Metrics metrics;

  std::mutex sessions_mutex;
  std::unordered_map<const Closable*, std::weak_ptr<Closable>> sessions;

  void add_session(const std::shared_ptr<Closable>& session) {
    std::lock_guard lock(sessions_mutex);
    sessions.emplace(session.get(), session);
  }
  void remove_session(const Closable* session) {
    std::lock_guard lock(sessions_mutex);
    sessions.erase(session);
  }
  void close_all_sessions(bool going_away = false) {
    std::unordered_map<const Closable*, std::weak_ptr<Closable>> all;
    {
      std::lock_guard lock(sessions_mutex);
      all = sessions;
    }
    for (auto& [key, weak] : all)
      if (auto session = weak.lock()) going_away ? session->close_going_away() : session->close_now();
  }
};

}  // namespace skirmish::server
