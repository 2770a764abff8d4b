// A spectator whose match is removed before it starts (every seated player left, or nobody
// came back) is told so by the server with an `error` `no_such_match` without an id, and
// forgotten. The client's MatchSession, against a scripted WebSocket server on 127.0.0.1,
// must end there (exit 0, the server's words printed) instead of waiting for an opponent.
#include <catch2/catch.hpp>

#include <chrono>
#include <deque>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/match_session.h"
#include "client-cli/server_url.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using nlohmann::json;
using namespace std::chrono_literals;
using namespace skirmish::client;

constexpr const char* kMatch = "LPVKFIZK";
constexpr const char* kRemoved = "match LPVKFIZK was removed before it started: no player is seated in it";

// Accepts one WebSocket connection; answers `hello` with welcome and `watch` with what a
// spectator of a waiting match gets, then (its only player having left) the removal.
class ScriptedServer {
 public:
  explicit ScriptedServer(asio::io_context& io) : acceptor_(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (ec) return;
      ws_.emplace(std::move(socket));
      ws_->async_accept([this](beast::error_code ec2) {
        if (!ec2) read();
      });
    });
  }
  std::string url() const { return "ws://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()); }
  bool client_closed = false;

 private:
  void read() {
    ws_->async_read(in_, [this](beast::error_code ec, std::size_t) {
      if (ec) {
        client_closed = true;
        return;
      }
      const json message = json::parse(beast::buffers_to_string(in_.data()), nullptr, false);
      in_.clear();
      answer(message.is_object() ? message.value("type", "") : "");
      read();
    });
  }

  void answer(const std::string& type) {
    if (type == "hello") send({{"type", "welcome"}, {"id", "hello"}, {"version", 1}});
    if (type != "watch") return;
    send({{"type", "watching"}, {"id", "watch"}, {"match", kMatch}, {"game", "onedchess"},
          {"players", {{"white", "alice"}, {"black", nullptr}}}});
    send({{"type", "state"}, {"match", kMatch}, {"game", "onedchess"}, {"seq", 1}, {"you", "spectator"},
          {"status", "waiting"}, {"turn", 0}, {"to_act", json::array()}, {"last", nullptr},
          {"view", {{"board", {"WKi", "WKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKn", "BKi"}}}}});
    send({{"type", "presence"}, {"match", kMatch}, {"seat", "white"}, {"name", "alice"}, {"event", "left"},
          {"connected", false}});
    send({{"type", "error"}, {"code", "no_such_match"}, {"message", kRemoved}});  // no id
  }

  // Beast allows one write at a time: the rest wait their turn.
  void send(const json& message) {
    outbox_.push_back(message.dump());
    if (outbox_.size() == 1) write_next();
  }
  void write_next() {
    ws_->async_write(asio::buffer(outbox_.front()), [this](beast::error_code ec, std::size_t) {
      if (ec) return;
      outbox_.pop_front();
      if (!outbox_.empty()) write_next();
    });
  }

  tcp::acceptor acceptor_;
  std::optional<websocket::stream<beast::tcp_stream>> ws_;
  beast::flat_buffer in_;
  std::deque<std::string> outbox_;
};

// The spectator's screen, as far as this test cares.
class Spectator : public Actor {
 public:
  void show(const json& state) override { statuses.push_back(state.value("status", "")); }
  void act(const json&, const std::string&, ActionHandler) override {}
  void notice(const std::string& text) override { notices.push_back(text); }
  void finished(const json&) override {}
  void interrupted(ActionHandler) override {}
  void stop() override { stopped = true; }

  std::vector<std::string> statuses;
  std::vector<std::string> notices;
  bool stopped = false;
};

// std::cout into a string for the life of this object.
class CapturedCout {
 public:
  CapturedCout() : saved_(std::cout.rdbuf(text_.rdbuf())) {}
  ~CapturedCout() { std::cout.rdbuf(saved_); }
  CapturedCout(const CapturedCout&) = delete;
  CapturedCout& operator=(const CapturedCout&) = delete;
  std::string text() const { return text_.str(); }

 private:
  std::ostringstream text_;
  std::streambuf* saved_;
};

}  // namespace

TEST_CASE("a spectator whose match is removed before it starts is told so and stops, exit 0") {
  asio::io_context io;
  ScriptedServer server(io);
  Spectator spectator;
  SeatRequest request;
  request.mode = SeatRequest::Mode::Watch;
  request.match = kMatch;
  MatchSession session(io, parse_server_url(server.url()), "carol", request, spectator);
  CapturedCout out;
  session.start();
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!(spectator.stopped && server.client_closed) && std::chrono::steady_clock::now() < deadline)
    io.run_for(20ms);
  CHECK(spectator.stopped);
  CHECK(server.client_closed);  // the connection is let go too
  CHECK(session.exit_code() == 0);
  CHECK(spectator.statuses == std::vector<std::string>{"waiting"});
  CHECK_THAT(out.text(), Catch::Contains(std::string("The server says: ") + kRemoved + "\n"));
  // Not a "Server error" notice after which the spectator would wait on.
  CHECK(spectator.notices == std::vector<std::string>{"white (alice) left"});
}
