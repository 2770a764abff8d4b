#pragma once
// Counts one TCP connection for as long as it lives, in all and per client address, and says
// whether it came over a limit: the server's --max-connections, or --max-connections-per-ip
// (so that one host cannot take every slot and keep a dropped player from coming back). One
// over its address's limit is not counted in the server's total: the sockets one host opens
// past its limit do not fill the server.
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace skirmish::server {

struct ServerContext;

// Connections per client address (loopback ones too: only the limit skips them).
class AddressCounts {
 public:
  int add(const std::string& address);  // the count with this one
  void remove(const std::string& address);

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, int> counts_;
};

class ConnectionSlot {
 public:
  enum class Over { None, Server, Address };

  // Counts the connection; `address`: the client's IP address ("" when unknown).
  ConnectionSlot(ServerContext& context, std::string address);
  ~ConnectionSlot();
  ConnectionSlot(ConnectionSlot&& other) noexcept;
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(ConnectionSlot&&) = delete;

  Over over() const { return over_; }
  // When the client must have finished its handshakes (TLS, the HTTP request, WebSocket),
  // all of them, counted from the accept: 30 s, or 5 s for a connection over a limit, which
  // is only kept long enough to be told why, so that idle sockets do not hold the server's
  // room.
  std::chrono::steady_clock::time_point handshake_deadline() const {
    return accepted_ + (over_ == Over::None ? std::chrono::seconds(30) : std::chrono::seconds(5));
  }
  const std::string& address() const { return address_; }

 private:
  ServerContext* context_;  // null once moved from; the context outlives its connections
  std::string address_;
  Over over_ = Over::None;
  bool in_total_ = false;  // counted in ServerContext::connections
  std::chrono::steady_clock::time_point accepted_ = std::chrono::steady_clock::now();
};

// 127.0.0.0/8 and ::1: the host itself, or a reverse proxy on it, whose clients all share it.
bool is_loopback_address(const std::string& address);

}  // namespace skirmish::server
