// A resign or leave the server never answers must not hold the client for ever: after its
// answer wait the client stops and says so. A resign the server refuses (the game goes on)
// must not stop it later either. The client's MatchSession against a scripted WebSocket
// server on 127.0.0.1.
#include <catch2/catch.hpp>

#include <chrono>
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
using namespace std::chrono_literals;
using skirmish::test::Captured;
using skirmish::test::run_session;
using skirmish::test::ScriptedServer;

constexpr const char* kMatch = "ABCDEFGH";

json white_to_move() {
  return skirmish::test::onedchess_state(kMatch, "white", "running", 0, json::array({"white"}));
}

// Answers its turn with `action` once asked.
class Resigner : public Actor {
 public:
  explicit Resigner(Action action) : action_(std::move(action)) {}
  void show(const json&) override {}
  void act(const json&, const std::string&, ActionHandler done) override {
    if (!acted_) {
      acted_ = true;
      done(action_);
    }
  }
  void notice(const std::string& text) override { notices.push_back(text); }
  void finished(const json&) override {}
  void interrupted(ActionHandler) override {}
  void stop() override { stopped = true; }

  std::vector<std::string> notices;
  bool stopped = false;

 private:
  Action action_;
  bool acted_ = false;
};

SeatRequest join_request() {
  SeatRequest r;
  r.mode = SeatRequest::Mode::Join;
  r.match = kMatch;
  r.replay_hint = false;
  r.answer_wait = 300ms;
  return r;
}

// Seats the client and shows it its turn; says nothing to resign or leave, or refuses a
// resign when `refuse_resign`.
ScriptedServer::Script silent_at_goodbye(bool refuse_resign) {
  return [refuse_resign](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    if (type == "list_matches") return {skirmish::test::no_listed_terms()};
    if (type == "join") return {skirmish::test::onedchess_joined(kMatch, "white"), white_to_move()};
    if (type == "resign" && refuse_resign)
      return {{{"type", "error"}, {"id", "resign"}, {"code", "rate_limited"}, {"message", "slow down"}}};
    return {};
  };
}

}  // namespace

TEST_CASE("a resign or leave the server never answers stops the client after the answer wait") {
  const auto kind = GENERATE(Action::Kind::Resign, Action::Kind::Leave);
  const std::string sent = kind == Action::Kind::Resign ? "resign" : "leave";
  skirmish::test::StateDir seats;
  asio::io_context io;
  ScriptedServer server(io, silent_at_goodbye(false));
  Resigner player{Action(kind)};
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(), player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.stopped; });
  REQUIRE(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("No answer from " + server.url() + " to this client's " + sent +
                                             " within 300 ms; stopping"));
}

TEST_CASE("a resign the server refuses leaves the game going with no stop after the wait") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  ScriptedServer server(io, silent_at_goodbye(true));
  Resigner player{Action(Action::Kind::Resign)};
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(), player);
  Captured captured;
  session.start();
  run_session(io, [&] { return !player.notices.empty(); });
  REQUIRE_FALSE(player.notices.empty());
  io.run_for(600ms);  // twice the answer wait
  CHECK_FALSE(player.stopped);
  CHECK_THAT(player.notices.front(), Catch::Contains("rate_limited"));
}
