// A connection handler that throws (a bug) ends that connection alone, as a dropped one:
// its seat is held for the reconnect grace, the opponent is told, the client gets an
// `internal` error and a 1011 close, and resuming on a new connection works at once. Linked
// against skirmish_server_with_faults, whose read handler throws after answering one frame
// (server/session.cc, kThrowingFrame); the server itself has no such frame.
#include <catch2/catch.hpp>

#include "tests/server/match_helpers.h"
#include "tests/server/server_fixture.h"

namespace skirmish::test {
namespace {

const std::string kThrowingFrame = R"({"type":"ping","id":"throw in the read handler"})";

Json chess_move(int position, const char* direction) {
  return {{"type", "move"}, {"position", position}, {"direction", direction}};
}

TEST_CASE("A seat whose connection's handler threw is held for the grace and resumed at once",
          "[server][session][reconnect]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess", {{"reconnect_grace_ms", 30000}});

  m.seat0->send_text(kThrowingFrame);
  const Json error = m.seat0->wait_for_error("internal");
  CHECK_THAT(error.at("message").get<std::string>(),
             Catch::Contains("a fault injected by a test") && Catch::Contains("resumes the seat"));
  CHECK(m.seat0->wait_for_close() == 1011);

  // The opponent hears the seat is away, as after a dropped connection.
  const Json gone = m.seat1->wait_for("presence");
  CHECK(gone.at("seat") == "white");
  CHECK(gone.at("connected") == false);
  CHECK(gone.at("grace_ms").get<long long>() > 0);

  TestClient back(server.port(), "white-again");
  back.hello("first");
  const Json joined = back.request({{"type", "resume"}, {"match", m.id}, {"token", m.token0}});
  REQUIRE(joined.at("type") == "joined");
  CHECK(joined.at("resumed") == true);
  CHECK(back.wait_for("state").at("you") == "white");
  CHECK(m.seat1->wait_for("presence").at("connected") == true);
  // The game goes on; the thread that ran the failed handler serves everyone still.
  const Json moved = back.request(chess_move(2, "RIGHT"));
  REQUIRE(moved.at("type") == "state");
  CHECK(moved.at("status") == "running");
  CHECK(m.seat1->wait_for("state").at("to_act") == Json::array({"black"}));
}

TEST_CASE("A connection outside any match whose handler threw is closed and the server serves on",
          "[server][session]") {
  RunningServer server;
  TestClient client(server.port(), "lobby");
  client.hello("lobby");
  client.send_text(kThrowingFrame);
  CHECK(client.wait_for_error("internal").at("code") == "internal");
  CHECK(client.wait_for_close() == 1011);
  TestClient next(server.port(), "next");
  CHECK(next.hello("next").at("type") == "welcome");
}

}  // namespace
}  // namespace skirmish::test
