// A faulty or hostile server answers for another match than the one the client asked for
// (or sends a `left` the client did not ask for). The client's MatchSession, against a
// scripted WebSocket server on 127.0.0.1, must refuse the answer (exit 1, saying so) and
// leave the seat files alone, above all one of another server's match of the same id.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/match_session.h"
#include "client-cli/saved_seats.h"
#include "client-cli/server_url.h"
#include "tests/client-cli/onedchess_messages.h"
#include "tests/client-cli/scripted_server.h"
#include "tests/client-cli/session_test_kit.h"

namespace {

namespace asio = boost::asio;
namespace fs = std::filesystem;
using nlohmann::json;
using namespace std::chrono_literals;
using namespace skirmish::client;

constexpr const char* kAsked = "ABCDEFGH";
constexpr const char* kOther = "ZZZZZZZZ";
constexpr const char* kFriendsSeat =
    R"({"server":"ws://friend.example:8080/","match":"ZZZZZZZZ","game":"onedchess","seat":"white","token":"REAL"})"
    "\n";

using skirmish::test::ScriptedServer;

json joined(const std::string& match, bool resumed = false) {
  return skirmish::test::onedchess_joined(match, "white", resumed, "evil0000evil0000evil0000evil0000");
}

// Black to move, or (status "over") won by white.
json state(const std::string& match, const std::string& status = "running") {
  const bool over = status == "over";
  json state = skirmish::test::onedchess_state(match, "white", status, 0, over ? json::array() : json::array({"black"}));
  if (over) state["outcome"] = {{"winner", "white"}, {"draw", false}, {"reason", "king_taken"}};
  return state;
}

class Player : public Actor {
 public:
  void seated(const json&) override { was_seated = true; }
  void show(const json& state) override { shown.push_back(state.value("match", "")); }
  void act(const json&, const std::string&, ActionHandler) override {}
  void notice(const std::string& text) override { notices.push_back(text); }
  void finished(const json&) override {}
  void interrupted(ActionHandler) override {}
  void stop() override { stopped = true; }

  bool was_seated = false;
  std::vector<std::string> shown;  // the match of each state shown
  std::vector<std::string> notices;
  bool stopped = false;
};

using skirmish::test::Captured;

std::string read_file(const fs::path& path) { return skirmish::test::read_text(path); }

// A state directory holding another server's seat in match ZZZZZZZZ (or nothing).
struct SeatsDir {
  explicit SeatsDir(bool with_friends_seat = true) {
    if (with_friends_seat) std::ofstream(friends_file) << kFriendsSeat;
  }
  skirmish::test::StateDir state;
  const skirmish::test::TempDir& dir = state.dir;
  fs::path friends_file = dir.path() / "ZZZZZZZZ-white.json";
};

void run(asio::io_context& io, const std::function<bool()>& until) { skirmish::test::run_session(io, until); }

SeatRequest request(SeatRequest::Mode mode, const std::string& match) {
  SeatRequest r;
  r.mode = mode;
  r.match = match;
  r.game = "onedchess";
  r.remember_seat = mode != SeatRequest::Mode::Watch;
  r.replay_hint = false;
  return r;
}

}  // namespace

TEST_CASE("a joined for another match than the one joined is refused and no seat file is written") {
  SeatsDir seats;
  asio::io_context io;
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    if (type == "list_matches") return {skirmish::test::no_listed_terms()};
    if (type == "join") return {joined(kOther), state(kOther)};
    return {};
  });
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", request(SeatRequest::Mode::Join, "abcdefgh"), player);
  Captured captured;
  session.start();
  run(io, [&] { return player.stopped && server.client_closed; });
  CHECK(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("The server answered for another match") &&
                                 Catch::Contains("ZZZZZZZZ") && Catch::Contains("asked for match ABCDEFGH"));
  CHECK_THAT(captured.out(), !Catch::Contains("Joined match"));
  CHECK_FALSE(player.was_seated);
  CHECK(player.shown.empty());
  CHECK(read_file(seats.friends_file) == kFriendsSeat);
  CHECK(std::distance(fs::directory_iterator(seats.dir.path()), fs::directory_iterator()) == 1);
}

TEST_CASE("a resume answered for another match that is over removes no seat file") {
  SeatsDir seats;
  asio::io_context io;
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    if (m.value("type", "") == "resume") return {joined(kOther, true), state(kOther, "over")};
    return {};
  });
  Player player;
  SeatRequest resume = request(SeatRequest::Mode::Resume, "AAAAAAAA");
  resume.token = "0123";
  MatchSession session(io, parse_server_url(server.url()), "me", resume, player);
  Captured captured;
  session.start();
  run(io, [&] { return player.stopped && server.client_closed; });
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("The server answered for another match"));
  CHECK(read_file(seats.friends_file) == kFriendsSeat);
}

TEST_CASE("a resume of a match that is over removes this server's seat file only") {
  const bool friends = GENERATE(true, false);  // the file there: another server's seat, or this one's
  SeatsDir seats(friends);
  asio::io_context io;
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    if (m.value("type", "") == "resume") return {joined(kOther, true), state(kOther, "over")};
    return {};
  });
  if (!friends) REQUIRE(save_seat({server.url(), kOther, "onedchess", "white", "0123"}).path);
  Player player;
  SeatRequest resume = request(SeatRequest::Mode::Resume, kOther);
  resume.token = "0123";
  MatchSession session(io, parse_server_url(server.url()), "me", resume, player);
  Captured captured;
  session.start();
  run(io, [&] { return player.stopped && server.client_closed; });
  CHECK(session.exit_code() == 0);  // the game is over: nothing to come back to
  if (friends)
    CHECK(read_file(seats.friends_file) == kFriendsSeat);
  else
    CHECK_FALSE(fs::exists(seats.friends_file));
}

TEST_CASE("a match created is joined only as that match") {
  SeatsDir seats;
  asio::io_context io;
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    if (type == "create_match")
      return {{{"type", "match_created"}, {"id", "create"}, {"match", kAsked}, {"game", "onedchess"},
               {"seats", {"white", "black"}}, {"options", json::object()}}};
    if (type == "join") return {joined(kOther), state(kOther)};
    return {};
  });
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", request(SeatRequest::Mode::Create, ""), player);
  Captured captured;
  session.start();
  run(io, [&] { return player.stopped && server.client_closed; });
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("asked for match ABCDEFGH"));
  CHECK_FALSE(player.was_seated);
  CHECK(read_file(seats.friends_file) == kFriendsSeat);
}

TEST_CASE("watching another match than the one asked for is refused") {
  asio::io_context io;
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    if (m.value("type", "") == "watch")
      return {{{"type", "watching"}, {"id", "watch"}, {"match", kOther}, {"game", "onedchess"}, {"full_view", false},
               {"players", {{"white", "a"}, {"black", "b"}}}},
              state(kOther)};
    return {};
  });
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", request(SeatRequest::Mode::Watch, kAsked), player);
  Captured captured;
  session.start();
  run(io, [&] { return player.stopped && server.client_closed; });
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("The server answered for another match"));
  CHECK_THAT(captured.out(), !Catch::Contains("Watching match"));
  CHECK(player.shown.empty());
}

TEST_CASE("a state of another match in the middle of a game is refused and the seat file kept") {
  SeatsDir seats;
  asio::io_context io;
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    if (type == "list_matches") return {skirmish::test::no_listed_terms()};
    if (type == "join") return {joined(kAsked), state(kAsked), state(kOther, "over")};
    return {};
  });
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", request(SeatRequest::Mode::Join, kAsked), player);
  Captured captured;
  session.start();
  run(io, [&] { return player.stopped && server.client_closed; });
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("its `state` is of match ZZZZZZZZ"));
  CHECK(player.shown == std::vector<std::string>{kAsked});
  CHECK(read_file(seats.friends_file) == kFriendsSeat);
  // Its own seat's token stays saved: `skirmish resume ABCDEFGH` takes it back.
  REQUIRE(saved_seats(kAsked).size() == 1);
  CHECK(saved_seats(kAsked)[0].server == server.url());
}

TEST_CASE("a left the client did not ask for keeps its seat file") {
  SeatsDir seats;
  asio::io_context io;
  ScriptedServer server(io, [](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    if (type == "list_matches") return {skirmish::test::no_listed_terms()};
    if (type == "join")
      return {joined(kAsked), state(kAsked), {{"type", "left"}, {"match", kAsked}},
              {{"type", "presence"}, {"match", kAsked}, {"seat", "black"}, {"name", "opp"}, {"event", "reconnected"},
               {"connected", true}, {"grace_ms", 60000}}};
    return {};
  });
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", request(SeatRequest::Mode::Join, kAsked), player);
  Captured captured;
  session.start();
  run(io, [&] { return !player.notices.empty() || player.stopped; });  // the presence: the left was read
  REQUIRE_FALSE(player.stopped);
  CHECK(fs::exists(seats.dir.path() / "ABCDEFGH-white.json"));
  session.detach("the test is done");  // the seat kept, as for a closed terminal
  run(io, [&] { return player.stopped && server.client_closed; });
  CHECK(session.exit_code() == 3);
  CHECK(fs::exists(seats.dir.path() / "ABCDEFGH-white.json"));
}

TEST_CASE("a server that keeps the connection but never gives the seat is called silent") {
  SeatsDir seats(false);
  asio::io_context io;
  // Welcomes, then answers nothing: not the join, not the list of terms.
  ScriptedServer server(io, [](const json&) -> std::vector<json> { return {}; });
  Player player;
  SeatRequest asked = request(SeatRequest::Mode::Join, kAsked);
  asked.answer_wait = 300ms;
  MatchSession session(io, parse_server_url(server.url()), "me", asked, player);
  Captured captured;
  session.start();
  run(io, [&] { return player.stopped; });
  CHECK(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("No answer: the server at " + server.url() +
                                             " kept the connection but gave no seat within"));
}
