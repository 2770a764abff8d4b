// 1D Chess over real sockets: the seed's is_game_over sequence played to White's win, every
// view checked against the seed's boards, and the spectator following along.
#include <catch2/catch.hpp>

#include "tests/server/match_helpers.h"
#include "tests/server/server_fixture.h"

namespace skirmish::test {
namespace {

struct SeedStep {
  int position;
  const char* direction;
  std::vector<std::string> board_after;
};

// The seed's is_game_over test case (003_78f0643f6cc5cf69.txt), move by move.
std::vector<SeedStep> seed_game() {
  const std::string E = "EMPTY";
  return {
      {2, "RIGHT", {"WKi", "WKn", E, E, "WKn", E, "BKn", "BKn", "BKi"}},
      {6, "LEFT", {"WKi", "WKn", E, E, "BKn", E, E, "BKn", "BKi"}},
      {1, "RIGHT", {"WKi", E, E, "WKn", "BKn", E, E, "BKn", "BKi"}},
      {4, "LEFT", {"WKi", E, "BKn", "WKn", E, E, E, "BKn", "BKi"}},
      {0, "RIGHT", {E, E, "WKi", "WKn", E, E, E, "BKn", "BKi"}},
      {7, "LEFT", {E, E, "WKi", "WKn", E, "BKn", E, E, "BKi"}},
      {3, "RIGHT", {E, E, "WKi", E, E, "WKn", E, E, "BKi"}},
      {8, "LEFT", {E, E, "WKi", E, E, "BKi", E, E, E}},
      {2, "RIGHT", {E, E, E, E, E, "WKi", E, E, E}},
  };
}

TEST_CASE("1D Chess: the seed's game is played to White's win over the wire", "[server][onedchess]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  TestClient spectator(server.port(), "spectator");
  spectator.hello("watcher");
  REQUIRE(spectator.request({{"type", "watch"}, {"match", m.id}}).at("type") == "watching");
  const Json first_view = spectator.wait_for("state");
  CHECK(first_view.at("you") == "spectator");

  CHECK(m.start0.at("you") == "white");
  CHECK(m.start1.at("you") == "black");
  CHECK(m.start0.at("to_act") == Json::array({"white"}));
  CHECK(m.start0.at("view").at("board") ==
        Json::array({"WKi", "WKn", "WKn", "EMPTY", "EMPTY", "EMPTY", "BKn", "BKn", "BKi"}));

  std::uint64_t seq = m.start0.at("seq").get<std::uint64_t>();
  const auto steps = seed_game();
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const SeedStep& step = steps[i];
    TestClient& mover = i % 2 == 0 ? *m.seat0 : *m.seat1;
    TestClient& other = i % 2 == 0 ? *m.seat1 : *m.seat0;
    INFO("move " << i << ": " << step.position << " " << step.direction);
    const Json reply = mover.request(
        {{"type", "move"}, {"position", step.position}, {"direction", step.direction}});
    REQUIRE(reply.at("type") == "state");
    // Each move is one change: seq counts them without gaps, the last one (the end) too.
    CHECK(reply.at("seq").get<std::uint64_t>() == seq + 1);
    CHECK(reply.at("view").at("board") == Json(step.board_after));
    CHECK(reply.at("last").at("position") == step.position);
    CHECK(reply.at("last").at("direction") == step.direction);
    const Json seen = other.wait_for_state(reply.at("seq").get<std::uint64_t>());
    CHECK(seen.at("view") == reply.at("view"));
    CHECK(seen.at("last") == reply.at("last"));
    const Json watched = spectator.wait_for_state(reply.at("seq").get<std::uint64_t>());
    CHECK(watched.at("view") == reply.at("view"));
    seq = reply.at("seq").get<std::uint64_t>();
    if (i + 1 < steps.size()) {
      CHECK(reply.at("status") == "running");
      CHECK(reply.at("outcome").is_null());
      CHECK(reply.at("to_act") == Json::array({i % 2 == 0 ? "black" : "white"}));
    } else {
      CHECK(reply.at("status") == "over");
      CHECK(reply.at("to_act") == Json::array());
      const Json expected{{"winner", "white"}, {"draw", false}, {"reason", "king_taken"}};
      CHECK(reply.at("outcome") == expected);
      CHECK(seen.at("outcome") == expected);
      CHECK(watched.at("outcome") == expected);
      CHECK(reply.at("last").at("killed") == "BKi");
    }
  }
  // The game is over: no more moves.
  CHECK(m.seat1->request({{"type", "move"}, {"position", 5}, {"direction", "LEFT"}})
            .at("code") == "game_over");
}

TEST_CASE("1D Chess: a move out of turn, a bad move and an illegal move change nothing",
          "[server][onedchess]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  const Json out_of_turn =
      m.seat1->request({{"type", "move"}, {"position", 6}, {"direction", "LEFT"}});
  CHECK(out_of_turn.at("type") == "error");
  CHECK(out_of_turn.at("code") == "not_your_turn");
  const Json not_mine = m.seat0->request({{"type", "move"}, {"position", 8}, {"direction", "LEFT"}});
  CHECK(not_mine.at("code") == "illegal_move");
  CHECK_FALSE(not_mine.at("message").get<std::string>().empty());
  const Json bad_direction =
      m.seat0->request({{"type", "move"}, {"position", 1}, {"direction", "UP"}});
  CHECK(bad_direction.at("code") == "bad_message");
  CHECK_THAT(bad_direction.at("message").get<std::string>(), Catch::Contains("direction"));
  const Json missing = m.seat0->request({{"type", "move"}, {"direction", "LEFT"}});
  CHECK(missing.at("code") == "bad_message");
  CHECK_THAT(missing.at("message").get<std::string>(), Catch::Contains("position"));
  const Json wrong_turn =
      m.seat0->request({{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}, {"turn", 3}});
  CHECK(wrong_turn.at("code") == "wrong_turn");
  // Still white's move, from the start position (saying so is fine).
  const Json ok = m.seat0->request(
      {{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}, {"turn", 0}});
  REQUIRE(ok.at("type") == "state");
  CHECK(ok.at("seq").get<std::uint64_t>() == m.start0.at("seq").get<std::uint64_t>() + 1);
}

}  // namespace
}  // namespace skirmish::test
