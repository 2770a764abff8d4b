// `skirmish join` on a match whose terms could be unfair (a fog match's seed chosen by its
// creator, a move time limit): the seat is taken only once the actor agrees, or at once
// with --yes, and a person reading the warnings is not called a silent server. Against a
// scripted WebSocket server on 127.0.0.1.
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/match_session.h"
#include "client-cli/server_url.h"
#include "tests/client-cli/onedchess_messages.h"
#include "tests/client-cli/scripted_server.h"
#include "tests/client-cli/session_test_kit.h"

namespace {

namespace asio = boost::asio;
using nlohmann::json;
using namespace skirmish::client;
using skirmish::test::Captured;
using skirmish::test::run_session;
using skirmish::test::ScriptedServer;

constexpr const char* kMatch = "ABCDEFGH";

// The match as list_matches shows it: 1D Chess waiting for black, `move_time_ms` as given
// (set by its creator when not "0").
json listed(const std::string& move_time_ms) {
  const json set = move_time_ms == "0" ? json::array() : json::array({"move_time_ms"});
  return {{"match", kMatch},
          {"game", "onedchess"},
          {"status", "open"},
          {"options",
           {{"max_turns", "0"}, {"move_time_ms", move_time_ms}, {"reconnect_grace_ms", "60000"}, {"spectators", "public"}}},
          {"set_by_creator", set},
          {"spectators_allowed", "public"},
          {"seats", json::array({{{"seat", "white"}, {"taken", true}}, {{"seat", "black"}, {"taken", false}}})}};
}

// Lists the match with `move_time_ms`, seats a join as black, answers a leave; `received`
// gets the type of every message the client sent.
ScriptedServer::Script lists(const std::string& move_time_ms, std::vector<std::string>& received) {
  return [move_time_ms, &received](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    received.push_back(type);
    if (type == "list_matches")
      return {{{"type", "matches"}, {"id", "terms"}, {"matches", json::array({listed(move_time_ms)})}, {"total", 1}}};
    if (type == "join")
      return {skirmish::test::onedchess_joined(kMatch, "black", false),
              skirmish::test::onedchess_state(kMatch, "black", "waiting", 0, json::array())};
    if (type == "leave") return {{{"type", "left"}, {"id", "leave"}, {"match", kMatch}}};
    return {};
  };
}

// Answers the question before joining (`answer`, after `delay`), counting the questions.
class Joiner : public Actor {
 public:
  Joiner(asio::io_context& io, bool answer, std::chrono::milliseconds delay = {})
      : timer_(io), answer_(answer), delay_(delay) {}
  void seated(const json&) override { was_seated = true; }
  void show(const json&) override {}
  void act(const json&, const std::string&, ActionHandler) override {}
  void notice(const std::string&) override {}
  void finished(const json&) override {}
  void interrupted(ActionHandler) override {}
  void stop() override { stopped = true; }
  void confirm_join(std::function<void(bool)> answer) override {
    ++asked;
    timer_.expires_after(delay_);
    timer_.async_wait([this, answer](boost::system::error_code ec) {
      if (!ec) answer(answer_);
    });
  }

  int asked = 0;
  bool was_seated = false;
  bool stopped = false;

 private:
  asio::steady_timer timer_;
  bool answer_;
  std::chrono::milliseconds delay_;
};

SeatRequest join_request(bool accept_terms = false) {
  SeatRequest r;
  r.mode = SeatRequest::Mode::Join;
  r.match = kMatch;
  r.replay_hint = false;
  r.accept_terms = accept_terms;
  return r;
}

}  // namespace

TEST_CASE("a join declined at the question before unfair terms takes no seat and exits 1") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  std::vector<std::string> received;
  ScriptedServer server(io, lists("2000", received));
  Joiner joiner(io, false);
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(), joiner);
  Captured captured;
  session.start();
  run_session(io, [&] { return joiner.stopped && server.client_closed; });
  REQUIRE(joiner.stopped);
  CHECK(joiner.asked == 1);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.out(), Catch::Contains("Warning: each move must be made within 2000 ms"));
  CHECK_THAT(captured.err(), Catch::Contains("Not joined: match ABCDEFGH is left as it is"));
  CHECK_FALSE(joiner.was_seated);
  CHECK(received == std::vector<std::string>{"list_matches"});  // no join was sent
}

TEST_CASE("a join agreed to at the question takes the seat however long the answer took") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  std::vector<std::string> received;
  ScriptedServer server(io, lists("2000", received));
  // Longer than the wait for a silent server: the person reading is not the server.
  Joiner joiner(io, true, std::chrono::milliseconds(600));
  SeatRequest request = join_request();
  request.answer_wait = std::chrono::milliseconds(200);
  MatchSession session(io, parse_server_url(server.url()), "me", request, joiner);
  Captured captured;
  session.start();
  run_session(io, [&] { return joiner.was_seated || joiner.stopped; });
  CHECK(joiner.asked == 1);
  CHECK(joiner.was_seated);
  CHECK_THAT(captured.out(), Catch::Contains("Joined match ABCDEFGH (onedchess) as black"));
  CHECK_THAT(captured.err(), !Catch::Contains("No answer"));
  session.abandon("the test is done");
  run_session(io, [&] { return joiner.stopped; });
  CHECK(received == std::vector<std::string>{"list_matches", "join", "leave"});
}

TEST_CASE("join asks nothing with --yes or when the terms warn of nothing") {
  const bool yes = GENERATE(true, false);
  skirmish::test::StateDir seats;
  asio::io_context io;
  std::vector<std::string> received;
  // --yes on unfair terms; without it, a match on the defaults.
  ScriptedServer server(io, lists(yes ? "2000" : "0", received));
  Joiner joiner(io, false);  // would decline, if asked
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(yes), joiner);
  Captured captured;
  session.start();
  run_session(io, [&] { return joiner.was_seated || joiner.stopped; });
  CHECK(joiner.asked == 0);
  CHECK(joiner.was_seated);
  if (yes) CHECK_THAT(captured.out(), Catch::Contains("Warning: each move must be made within 2000 ms"));
  session.abandon("the test is done");
  run_session(io, [&] { return joiner.stopped; });
}
