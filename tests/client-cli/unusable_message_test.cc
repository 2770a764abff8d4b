// A message the client cannot use (a turn no engine has, a board the renderer refuses) is
// the server's fault, and the same message would come again after a reconnect: the client's
// MatchSession, against a scripted WebSocket server on 127.0.0.1, must stop at once (exit 1,
// saying what it got), connect no second time, and keep the seat's saved token for
// `skirmish resume`. A turn of 2^64-1 used to read as -1, "the turn already answered": the
// prompt never came.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/json_field.h"
#include "client-cli/match_session.h"
#include "client-cli/saved_seats.h"
#include "client-cli/screens.h"
#include "client-cli/server_url.h"
#include "client-cli/style.h"
#include "tests/client-cli/onedchess_messages.h"
#include "tests/client-cli/scripted_server.h"
#include "tests/client-cli/session_test_kit.h"

namespace {

namespace asio = boost::asio;
namespace fs = std::filesystem;
using nlohmann::json;
using namespace skirmish::client;
using skirmish::test::Captured;
using skirmish::test::run_session;
using skirmish::test::ScriptedServer;

constexpr const char* kMatch = "ABCDEFGH";
json joined(bool resumed) { return skirmish::test::onedchess_joined(kMatch, "white", resumed); }

// White to move at `turn`.
json state(json turn, json board = skirmish::test::onedchess_start_board()) {
  return skirmish::test::onedchess_state(kMatch, "white", "running", std::move(turn), json::array({"white"}),
                                         std::move(board));
}

// Draws each state with the client's own board renderer, as the terminal's player does.
class Player : public Actor {
 public:
  void show(const json& state) override {
    render_board(state.value("game", ""), field(state, "view"), Style::plain());
    shown.push_back(state);
  }
  void act(const json& state, const std::string&, ActionHandler) override { asked_turns.push_back(state["turn"]); }
  void notice(const std::string&) override {}
  void disconnected(const std::string& text) override { reconnecting.push_back(text); }
  void finished(const json&) override {}
  void interrupted(ActionHandler) override {}
  void stop() override { stopped = true; }

  std::vector<json> shown;
  std::vector<json> asked_turns;
  std::vector<std::string> reconnecting;
  bool stopped = false;
};

SeatRequest join_request() {
  SeatRequest r;
  r.mode = SeatRequest::Mode::Join;
  r.match = kMatch;
  r.remember_seat = true;
  r.replay_hint = false;
  return r;
}

// A server that answers join with the seat and `states`, and the terms with none.
ScriptedServer::Script joins_with(std::vector<json> states) {
  return [states](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    if (type == "list_matches") return {skirmish::test::no_listed_terms()};
    if (type != "join") return {};
    std::vector<json> replies{joined(false)};
    replies.insert(replies.end(), states.begin(), states.end());
    return replies;
  };
}

}  // namespace

TEST_CASE("a state whose turn no engine has stops the client at once without a prompt") {
  const json turn = GENERATE(json(18446744073709551615ULL), json(2147483648LL), json(-1), json("3"), json(1.5));
  skirmish::test::StateDir seats;
  asio::io_context io;
  ScriptedServer server(io, joins_with({state(turn)}));
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(), player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.stopped && server.client_closed; });
  REQUIRE(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("Stopped: the server sent a message this client cannot use (its turn " +
                                             turn.dump() + " is not a turn number (0 to 2147483647))") &&
                                 Catch::Contains("this client does not reconnect"));
  CHECK(player.shown.empty());
  CHECK(player.asked_turns.empty());
  CHECK(player.reconnecting.empty());
  CHECK(server.connections == 1);
}

TEST_CASE("the highest turn an engine can count is asked as any other") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  ScriptedServer server(io, joins_with({state(2147483647)}));
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(), player);
  Captured captured;
  session.start();
  run_session(io, [&] { return !player.asked_turns.empty() || player.stopped; });
  REQUIRE(player.asked_turns == std::vector<json>{2147483647});
  session.detach("the test is done");
  run_session(io, [&] { return player.stopped; });
}

TEST_CASE("a board the renderer refuses in the middle of a game stops the client and keeps the saved seat") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  ScriptedServer server(io, joins_with({state(0), state(1, json::array({1, 2, 3}))}));
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(), player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.stopped && server.client_closed; });
  REQUIRE(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK(player.shown.size() == 1);  // the first state; the second is refused
  CHECK_THAT(captured.err(), Catch::Contains("Stopped: the server sent a message this client cannot use (") &&
                                 Catch::Contains("Your seat's token stays saved") &&
                                 Catch::Contains("skirmish resume ABCDEFGH"));
  CHECK(player.reconnecting.empty());
  CHECK(server.connections == 1);
  const auto saved = saved_seats(kMatch);
  REQUIRE(saved.size() == 1);
  CHECK(saved[0].token == "tok0tok0tok0tok0tok0tok0tok0tok0");
}

TEST_CASE("a resume answered with a board the renderer refuses keeps the seat file it came from") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    if (m.value("type", "") != "resume") return {};
    return {joined(true), state(3, json::array({1, 2, 3}))};
  });
  REQUIRE(save_seat({server.url(), kMatch, "onedchess", "white", "tok0tok0tok0tok0tok0tok0tok0tok0"}).path);
  const std::string file_before = skirmish::test::read_text(seats.dir.path() / "ABCDEFGH-white.json");
  Player player;
  SeatRequest resume;
  resume.mode = SeatRequest::Mode::Resume;
  resume.match = kMatch;
  resume.seat = "white";
  resume.token = "tok0tok0tok0tok0tok0tok0tok0tok0";
  resume.remember_seat = true;
  resume.replay_hint = false;
  MatchSession session(io, parse_server_url(server.url()), "me", resume, player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.stopped && server.client_closed; });
  REQUIRE(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("this client does not reconnect") &&
                                 Catch::Contains("take the seat back with: skirmish resume ABCDEFGH"));
  CHECK(player.reconnecting.empty());
  CHECK(server.connections == 1);
  CHECK(skirmish::test::read_text(seats.dir.path() / "ABCDEFGH-white.json") == file_before);
}

TEST_CASE("something that is not JSON stops a spectator at once") {
  asio::io_context io;
  // A `watching`, then a message nested deeper than the client reads.
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    if (m.value("type", "") != "watch") return {};
    json deep = json::array();
    for (int i = 0; i < 100; ++i) deep = json::array({deep});
    return {{{"type", "watching"}, {"id", "watch"}, {"match", kMatch}, {"game", "onedchess"},
             {"players", {{"white", "a"}, {"black", "b"}}}},
            {{"type", "presence"}, {"match", kMatch}, {"deep", deep}}};
  });
  Player player;
  SeatRequest watch;
  watch.mode = SeatRequest::Mode::Watch;
  watch.match = kMatch;
  MatchSession session(io, parse_server_url(server.url()), "me", watch, player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.stopped && server.client_closed; });
  REQUIRE(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("Stopped: the server sent something that is nested deeper than 64 levels"));
  CHECK(player.reconnecting.empty());
  CHECK(server.connections == 1);
}
