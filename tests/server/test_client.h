#pragma once
// A small blocking WebSocket client for the integration tests: connect to the in-process
// server on 127.0.0.1, send JSON, receive with a timeout, wait for a message of a type.
// Every wait is bounded, so a misbehaving server fails a test instead of hanging it.
// Every received frame is kept (raw bytes, for the fog checks) and appended to the file
// named by the environment variable SKIRMISH_FRAME_LOG (for the JSON Schema check).
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace skirmish::test {

using namespace std::chrono_literals;
using Json = nlohmann::json;

inline constexpr std::chrono::milliseconds kDefaultWait{3000};

class TestClient {
 public:
  // Connects and completes the WebSocket handshake (throws on failure or after `wait`).
  explicit TestClient(unsigned short port, std::string label = "client",
                      std::chrono::milliseconds wait = kDefaultWait);
  ~TestClient();
  TestClient(const TestClient&) = delete;
  TestClient& operator=(const TestClient&) = delete;

  // Sends one text frame (throws when it cannot be written within `wait`).
  void send(const Json& message, std::chrono::milliseconds wait = kDefaultWait);
  void send_text(const std::string& text, std::chrono::milliseconds wait = kDefaultWait);
  // Sends one binary frame (a protocol violation for this server).
  void send_binary(const std::string& bytes, std::chrono::milliseconds wait = kDefaultWait);
  // Writes bytes straight onto the TCP connection, bypassing WebSocket framing (to build
  // frames a correct client never sends).
  void send_raw_bytes(const std::string& bytes, std::chrono::milliseconds wait = kDefaultWait);
  // Like send_text but reports failure (the server may close mid-frame) instead of throwing.
  bool try_send_text(const std::string& text, std::chrono::milliseconds wait = kDefaultWait);

  // The next frame, or nullopt when none came within `wait` or the connection closed.
  std::optional<std::string> receive_raw(std::chrono::milliseconds wait = kDefaultWait);
  // The next message, parsed; throws when none comes within `wait` or it is not JSON.
  Json receive(std::chrono::milliseconds wait = kDefaultWait);
  // Skips messages until one of `type` arrives (the skipped ones stay in frames()).
  Json wait_for(const std::string& type, std::chrono::milliseconds wait = kDefaultWait);
  // Skips messages until a `state` whose seq is at least `min_seq` arrives.
  Json wait_for_state(std::uint64_t min_seq, std::chrono::milliseconds wait = kDefaultWait);
  // Skips messages until a `state` with status "over" arrives.
  Json wait_for_over(std::chrono::milliseconds wait = kDefaultWait);
  // An `error` with this code (skipping anything else); checks nothing else.
  Json wait_for_error(const std::string& code, std::chrono::milliseconds wait = kDefaultWait);
  // True when no frame at all arrives within `wait` (the connection may stay open).
  bool quiet_for(std::chrono::milliseconds wait);

  // Sends a request with the next id and waits for the reply that echoes it.
  Json request(Json message, std::chrono::milliseconds wait = kDefaultWait);

  // hello -> welcome.
  Json hello(const std::string& name = "tester");
  // create_match -> the match id.
  std::string create_match(const std::string& game, const Json& options = Json::object());
  // join -> joined (the state that follows stays to be received).
  Json join(const std::string& match, const std::optional<std::string>& seat = std::nullopt);

  // Waits until the server closes the connection; its close code, or nullopt on timeout.
  std::optional<int> wait_for_close(std::chrono::milliseconds wait = kDefaultWait);
  // Drops the TCP connection without a close handshake (a network failure).
  void drop();
  bool closed() const;

  const std::vector<std::string>& frames() const;
  const std::string& label() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  long long next_id_ = 1;
};

// The whole text of every frame `client` received, for byte searches.
std::string all_bytes(const TestClient& client);

}  // namespace skirmish::test
