// What the client asked for is what it takes: a first `joined` must give the seat --seat
// named (by name or number), and the terms shown before a join must be those of the match
// joined. Against a scripted WebSocket server on 127.0.0.1 (a faulty or hostile one).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/match_session.h"
#include "client-cli/saved_seats.h"
#include "client-cli/seat_names.h"
#include "client-cli/server_url.h"
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
constexpr const char* kOther = "ZZZZZZZZ";
constexpr const char* kToken = skirmish::test::kTestToken;

json joined(const std::string& seat, bool resumed = false) { return skirmish::test::onedchess_joined(kMatch, seat, resumed); }

// Waiting for the other player.
json state(const std::string& you) { return skirmish::test::onedchess_state(kMatch, you, "waiting", 0, json::array()); }

// A `matches` entry: a 1D Chess match waiting for its second player.
json listed(const std::string& match, json options, json set_by_creator, const std::string& spectators) {
  json all = {{"max_turns", "0"}, {"move_time_ms", "0"}, {"reconnect_grace_ms", "60000"}, {"spectators", spectators}};
  all.update(options);
  return {{"match", match}, {"game", "onedchess"}, {"status", "open"}, {"options", all},
          {"set_by_creator", set_by_creator}, {"spectators_allowed", spectators},
          {"seats", json::array({{{"seat", "white"}, {"taken", true}}, {{"seat", "black"}, {"taken", false}}})}};
}

class Player : public Actor {
 public:
  void seated(const json&) override { was_seated = true; }
  void show(const json&) override { ++shown; }
  void act(const json&, const std::string&, ActionHandler) override {}
  void notice(const std::string&) override {}
  void finished(const json&) override {}
  void interrupted(ActionHandler) override {}
  void stop() override { stopped = true; }

  bool was_seated = false;
  int shown = 0;
  bool stopped = false;
};

SeatRequest join_request(const std::string& seat) {
  SeatRequest r;
  r.mode = SeatRequest::Mode::Join;
  r.match = kMatch;
  r.seat = seat;
  r.remember_seat = true;
  r.replay_hint = false;
  return r;
}

// Joins `kMatch` asking for `asked` (no terms listed) from a server that gives `given`,
// and answers a leave; `received` gets every message the client sent.
ScriptedServer::Script gives_seat(const std::string& given, std::vector<std::string>& received) {
  return [given, &received](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    received.push_back(type);
    if (type == "list_matches") return {skirmish::test::no_listed_terms()};
    if (type == "join") return {joined(given), state(given)};
    if (type == "leave") return {{{"type", "left"}, {"id", "leave"}, {"match", kMatch}}};
    return {};
  };
}

}  // namespace

TEST_CASE("a seat asked for by name or number is the seat of that name or place") {
  const json black = joined("black");
  CHECK(is_seat_asked(black, "black"));
  CHECK(is_seat_asked(black, "1"));
  CHECK_FALSE(is_seat_asked(black, "white"));
  CHECK_FALSE(is_seat_asked(black, "0"));
  // A seat_index that contradicts the name does not make a number match.
  json lying = black;
  lying["seat_index"] = 0;
  CHECK_FALSE(is_seat_asked(lying, "0"));
  // A game this client does not know: the name, or the number by seat_index.
  const json newer = {{"seat", "north"}, {"game", "newgame"}, {"seat_index", 1}};
  CHECK(is_seat_asked(newer, "north"));
  CHECK(is_seat_asked(newer, "1"));
  CHECK_FALSE(is_seat_asked(newer, "0"));
  CHECK_FALSE(is_seat_asked(newer, "south"));
}

TEST_CASE("a first join that gives another seat than the one asked for is left and stops the client") {
  const std::string asked = GENERATE(std::string("white"), std::string("0"));
  skirmish::test::StateDir seats;
  asio::io_context io;
  std::vector<std::string> received;
  ScriptedServer server(io, gives_seat("black", received));
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(asked), player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.stopped && server.client_closed; });
  REQUIRE(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("The server gave seat black of match ABCDEFGH, not seat " + asked +
                                             " that this client asked for"));
  CHECK_THAT(captured.out(), !Catch::Contains("Joined match"));
  CHECK_FALSE(player.was_seated);
  CHECK(player.shown == 0);
  CHECK(received == std::vector<std::string>{"list_matches", "join", "leave"});
  CHECK(fs::is_empty(seats.dir.path()));  // no token saved for a seat not asked for
}

TEST_CASE("a first join that gives the seat asked for by its number is played") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  std::vector<std::string> received;
  ScriptedServer server(io, gives_seat("black", received));
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", join_request("1"), player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.shown > 0 || player.stopped; });
  CHECK(player.was_seated);
  CHECK_THAT(captured.out(), Catch::Contains("Joined match ABCDEFGH (onedchess) as black"));
  session.abandon("the test is done");  // leaves the game not started
  run_session(io, [&] { return player.stopped; });
  CHECK(received.back() == "leave");
}

TEST_CASE("a resume that gives another seat than the saved one changes no seat file and leaves nothing") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  std::vector<std::string> received;
  ScriptedServer server(io, [&received](const json& m) -> std::vector<json> {
    received.push_back(m.value("type", ""));
    if (m.value("type", "") == "resume") return {joined("black", true), state("black")};
    return {};
  });
  REQUIRE(save_seat({server.url(), kMatch, "onedchess", "white", kToken}).path);
  const fs::path file = seats.dir.path() / "ABCDEFGH-white.json";
  const std::string before = skirmish::test::read_text(file);
  SeatRequest resume;
  resume.mode = SeatRequest::Mode::Resume;
  resume.match = kMatch;
  resume.seat = "white";
  resume.token = kToken;
  resume.remember_seat = true;
  resume.replay_hint = false;
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", resume, player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.stopped && server.client_closed; });
  REQUIRE(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.err(), Catch::Contains("The server gave seat black of match ABCDEFGH, not seat white"));
  CHECK(received == std::vector<std::string>{"resume"});  // no leave with a token that may be another's
  CHECK(skirmish::test::read_text(file) == before);
  CHECK_FALSE(fs::exists(seats.dir.path() / "ABCDEFGH-black.json"));
}

TEST_CASE("join shows the listed terms of the match asked for and no other match's") {
  skirmish::test::StateDir seats;
  asio::io_context io;
  const bool asked_listed = GENERATE(true, false);
  // A server that ignores the filter: another match first, with terms a joiner would want
  // to know of; then (or not) the one asked for, on the defaults and closed to spectators.
  json matches = json::array({listed(kOther, {{"move_time_ms", "1000"}}, {"move_time_ms"}, "public")});
  if (asked_listed) matches.push_back(listed(kMatch, json::object(), json::array(), "none"));
  ScriptedServer server(io, [matches](const json& m) -> std::vector<json> {
    const std::string type = m.value("type", "");
    if (type == "list_matches") return {{{"type", "matches"}, {"id", "terms"}, {"matches", matches}, {"total", matches.size()}}};
    if (type == "join") return {{{"type", "error"}, {"id", "join"}, {"code", "match_full"}, {"message", "no free seat"}}};
    return {};
  });
  Player player;
  MatchSession session(io, parse_server_url(server.url()), "me", join_request(""), player);
  Captured captured;
  session.start();
  run_session(io, [&] { return player.stopped && server.client_closed; });
  REQUIRE(player.stopped);
  CHECK(session.exit_code() == 1);
  CHECK_THAT(captured.out(), !Catch::Contains(kOther) && !Catch::Contains("each move must be made within"));
  if (asked_listed)
    CHECK_THAT(captured.out(), Catch::Contains("Match ABCDEFGH (onedchess), options set by its creator: defaults"));
  else
    CHECK_THAT(captured.out(), !Catch::Contains("options set by its creator"));
  // Whether to suggest watching is the asked match's to say (none, or not listed): not the other's.
  CHECK_THAT(captured.err(), Catch::Contains("The server refused (match_full: no free seat)") &&
                                 !Catch::Contains("to watch it instead"));
}
