#pragma once
// What every connection of one server shares: the configuration, the lobby, the
// connection count, and the open sessions (so stop() can close them).
#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/lobby.h"
#include "server/server.h"

namespace skirmish::server {

class Closable {
 public:
  virtual ~Closable() = default;
  virtual void close_now() = 0;  // thread-safe: drops the connection at once
};

struct ServerContext {
  Config config;
  std::shared_ptr<Lobby> lobby;
  std::atomic<int> connections{0};
  std::atomic<bool> stopping{false};

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
  void close_all_sessions() {
    std::unordered_map<const Closable*, std::weak_ptr<Closable>> all;
    {
      std::lock_guard lock(sessions_mutex);
      all = sessions;
    }
    for (auto& [key, weak] : all)
      if (auto session = weak.lock()) session->close_now();
  }
};

}  // namespace skirmish::server
