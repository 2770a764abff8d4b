// A spectator whose match is removed before it starts (every seated player left, or nobody
// came back) is told so by the server with an `error` `no_such_match` without an id, and
// forgotten. The client's MatchSession, against a scripted WebSocket server on 127.0.0.1,
// must end there (exit 0, the server's words printed) instead of waiting for an opponent.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/match_session.h"
#include "client-cli/server_url.h"
#include "tests/client-cli/scripted_server.h"

namespace {

namespace asio = boost::asio;
using nlohmann::json;
using namespace std::chrono_literals;
using namespace skirmish::client;

constexpr const char* kMatch = "LPVKFIZK";
constexpr const char* kRemoved = "match LPVKFIZK was removed before it started: no player is seated in it";

// Answers `watch` with what a spectator of a waiting match gets, then (its only player
// having left) the removal.
std::vector<json> spectator_of_removed_match(const json& message) {
  if (message.value("type", "") != "watch") return {};
  return {{{"type", "watching"}, {"id", "watch"}, {"match", kMatch}, {"game", "onedchess"},
           {"players", {{"white", "alice"}, {"black", nullptr}}}},
          {{"type", "state"}, {"match", kMatch}, {"game", "onedchess"}, {"seq", 1}, {"you", "spectator"},
           {"status", "waiting"}, {"turn", 0}, {"to_act", json::array()}, {"last", nullptr},
           {"view", {{"board", {"WKi", "WKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKn", "BKi"}}}}},
          {{"type", "presence"}, {"match", kMatch}, {"seat", "white"}, {"name", "alice"}, {"event", "left"},
           {"connected", false}},
          {{"type", "error"}, {"code", "no_such_match"}, {"message", kRemoved}}};  // no id
}

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
  skirmish::test::ScriptedServer server(io, spectator_of_removed_match);
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
