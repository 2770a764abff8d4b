// DCMS over real sockets: sealed simultaneous moves to a cheeSe eaten, a late player making a
// null move at the deadline, and a missing setup losing the game.
#include <catch2/catch.hpp>

#include "tests/server/match_helpers.h"
#include "tests/server/server_fixture.h"

namespace skirmish::test {
namespace {

// One corridor: blue's half is column 1, red's column 3, column 2 belongs to nobody.
const char* const kCorridor =
    "#####\n"
    "#...#\n"
    "#####\n";

Json corridor_options(int move_time_ms) {
  return {{"map_text", kCorridor}, {"pieces", "SM"}, {"max_turns", 20},
          {"move_time_ms", move_time_ms}};
}

Json placement(std::initializer_list<std::pair<int, int>> cells) {
  Json list = Json::array();
  for (auto [r, c] : cells) list.push_back({r, c});
  return {{"type", "move"}, {"placement", list}};
}

Json dcms_move(const std::string& text) { return {{"type", "move"}, {"move", text}}; }

TEST_CASE("DCMS: blue's mouse eats red's cheeSe, and moves stay sealed until the turn resolves",
          "[server][dcms]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "dcms", corridor_options(0));
  CHECK(m.start0.at("you") == "blue");
  CHECK(m.start1.at("you") == "red");
  CHECK(m.start0.at("view").at("phase") == "setup");
  CHECK(m.start0.at("view").at("walls") == Json::array({"#####", "#...#", "#####"}));
  CHECK(m.start0.at("to_act") == Json::array({"blue", "red"}));
  CHECK(m.start0.at("deadline_ms").is_null());

  // Setup: the first submission is sealed; the other seat only learns that it is in.
  const Json sealed = m.seat0->request(placement({{1, 1}, {1, 1}}));
  CHECK(sealed.at("type") == "submitted");
  CHECK(sealed.at("seat") == "blue");
  const Json told = m.seat1->wait_for("submitted");
  CHECK(told.at("seat") == "blue");
  const Json setup_done = m.seat1->request(placement({{1, 3}, {1, 3}}));
  REQUIRE(setup_done.at("type") == "state");
  CHECK(setup_done.at("view").at("phase") == "play");
  const Json blue_view = m.seat0->wait_for_state(setup_done.at("seq").get<std::uint64_t>());
  const Json expected_placement{{"S", {1, 1}}, {"M", {1, 1}}, {"s", {1, 3}}, {"m", {1, 3}}};
  CHECK(blue_view.at("view").at("placement") == expected_placement);
  CHECK(setup_done.at("view").at("color") == 1);
  CHECK(blue_view.at("view").at("color") == 0);
  // Red's sealed placement never reached blue before the turn resolved.
  for (const auto& raw : m.seat0->frames()) {
    const Json message = Json::parse(raw);
    if (message.at("type") != "state" || message.at("seq") >= blue_view.at("seq")) continue;
    CHECK(message.at("view").at("placement").at("s").is_null());
    CHECK(message.at("view").at("placement").at("m").is_null());
  }

  // Turn 1: blue steps into the middle, red stays. Blue's move is sealed from red.
  CHECK(m.seat0->request(dcms_move("M 6")).at("type") == "submitted");
  const Json red_told = m.seat1->wait_for("submitted");
  CHECK(red_told.dump().find("M 6") == std::string::npos);
  // A second submission replaces the first: blue hears of it, red is not told again.
  CHECK(m.seat0->request(dcms_move("M 6")).at("type") == "submitted");
  CHECK(m.seat1->quiet_for(300ms));
  const Json turn1 = m.seat1->request(dcms_move("m 5"));
  REQUIRE(turn1.at("type") == "state");
  CHECK(turn1.at("last").at("moves") == Json{{"blue", "M 6"}, {"red", "m 5"}});
  CHECK(turn1.at("view").at("placement").at("M") == Json::array({1, 2}));

  // Turn 2: blue's mouse reaches red's square: it eats the cheeSe, then the mice fight.
  CHECK(m.seat1->request(dcms_move("m 5")).at("type") == "submitted");
  const Json final_state = m.seat0->request(dcms_move("M 6"));
  REQUIRE(final_state.at("type") == "state");
  CHECK(final_state.at("status") == "over");
  const Json expected{{"winner", "blue"}, {"draw", false}, {"reason", "cheese_eaten"}};
  CHECK(final_state.at("outcome") == expected);
  CHECK(final_state.at("view").at("placement").at("s").is_null());
  bool cheese_eaten = false;
  for (const Json& capture : final_state.at("last").at("captures"))
    if (capture.at("piece") == "s" && capture.at("why") == "eaten") cheese_eaten = true;
  CHECK(cheese_eaten);
  CHECK(m.seat1->wait_for_over().at("outcome") == expected);
}

TEST_CASE("DCMS: a bad placement sent after a good one is refused and the good one counts",
          "[server][dcms]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "dcms", corridor_options(0));
  CHECK(m.seat0->request(placement({{1, 1}, {1, 1}})).at("type") == "submitted");
  const Json refused = m.seat0->request(placement({{1, 1}}));
  CHECK(refused.at("type") == "error");
  CHECK(refused.at("code") == "illegal_move");
  CHECK_THAT(refused.at("message").get<std::string>(),
             Catch::Contains("wrong count") && Catch::Contains("your earlier placement, which is legal, stands"));
  const Json setup_done = m.seat1->request(placement({{1, 3}, {1, 3}}));
  REQUIRE(setup_done.at("type") == "state");
  CHECK(setup_done.at("status") == "running");
  CHECK(setup_done.at("view").at("phase") == "play");
  CHECK(setup_done.at("last").at("moves").at("blue") == "1 1 1 1");
}

TEST_CASE("DCMS: a game ended by resignation lists no sealed move as submitted", "[server][dcms]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "dcms", corridor_options(0));
  CHECK(m.seat0->request(placement({{1, 1}, {1, 1}})).at("type") == "submitted");
  const Json over = m.seat1->request({{"type", "resign"}});
  REQUIRE(over.at("status") == "over");
  CHECK(over.at("submitted") == Json::array());
  CHECK(m.seat0->wait_for_over().at("submitted") == Json::array());
}

TEST_CASE("DCMS: a late player makes a null move at the deadline", "[server][dcms][deadline]") {
  RunningServer server;  // deadline margin 50 ms
  TwoSeatMatch m = start_match(server.port(), "dcms", corridor_options(300));
  CHECK(m.start0.at("deadline_ms").is_number());
  CHECK(m.start0.at("deadline_ms").get<long long>() <= 300);
  m.seat0->request(placement({{1, 1}, {1, 1}}));
  const Json setup_done = m.seat1->request(placement({{1, 3}, {1, 3}}));
  REQUIRE(setup_done.at("view").at("phase") == "play");
  const auto seq = setup_done.at("seq").get<std::uint64_t>();

  // Blue moves; red says nothing. The turn resolves at the deadline with red's null move.
  const auto sent = std::chrono::steady_clock::now();
  CHECK(m.seat0->request(dcms_move("M 6")).at("type") == "submitted");
  const Json resolved = m.seat1->wait_for_state(seq + 1, 2000ms);
  const auto waited = std::chrono::steady_clock::now() - sent;
  CHECK(waited >= 200ms);  // not before the deadline (300 ms from the previous state)
  CHECK(resolved.at("status") == "running");
  CHECK(resolved.at("last").at("moves") == Json{{"blue", "M 6"}, {"red", nullptr}});
  CHECK(resolved.at("view").at("placement").at("m") == Json::array({1, 3}));
  CHECK(resolved.at("view").at("placement").at("M") == Json::array({1, 2}));
  CHECK(resolved.at("deadline_ms").is_number());
  const Json blue_sees = m.seat0->wait_for_state(seq + 1);
  CHECK(blue_sees.at("last") == resolved.at("last"));
}

TEST_CASE("DCMS: a late move that names its turn is refused, not counted for the next turn",
          "[server][dcms][deadline]") {
  RunningServer server;  // deadline margin 50 ms
  TwoSeatMatch m = start_match(server.port(), "dcms", corridor_options(300));
  m.seat0->request(placement({{1, 1}, {1, 1}}));
  const Json setup_done = m.seat1->request(placement({{1, 3}, {1, 3}}));
  REQUIRE(setup_done.at("turn") == 1);
  const auto seq = setup_done.at("seq").get<std::uint64_t>();

  // Nobody moves in turn 1: it resolves with two null moves at the deadline.
  const Json turn2 = m.seat1->wait_for_state(seq + 1, 2000ms);
  REQUIRE(turn2.at("turn") == 2);
  // Red's answer to turn 1 arrives now, too late: refused, and turn 2 still waits for red.
  Json late = dcms_move("m 4");
  late["turn"] = 1;
  const Json refused = m.seat1->request(late);
  CHECK(refused.at("code") == "wrong_turn");
  CHECK_THAT(refused.at("message").get<std::string>(),
             Catch::Contains("turn 1") && Catch::Contains("turn 2") && Catch::Contains("not applied"));
  // The same move for the current turn is taken.
  Json current = dcms_move("m 4");
  current["turn"] = 2;
  const Json taken = m.seat1->request(current);
  CHECK(taken.at("type") == "submitted");
  CHECK(taken.at("turn") == 2);
  // A turn that is not an integer is a bad message naming the field.
  Json odd = dcms_move("m 4");
  odd["turn"] = "2";
  const Json bad = m.seat1->request(odd);
  CHECK(bad.at("code") == "bad_message");
  CHECK_THAT(bad.at("message").get<std::string>(), Catch::Contains("'turn'"));
}

TEST_CASE("DCMS: a seat that misses the setup loses by illegal setup", "[server][dcms][deadline]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "dcms", corridor_options(300));
  CHECK(m.seat0->request(placement({{1, 1}, {1, 1}})).at("type") == "submitted");
  const Json over = m.seat0->wait_for_over(2000ms);
  const Json expected{{"winner", "blue"}, {"draw", false}, {"reason", "illegal_setup"}};
  CHECK(over.at("outcome") == expected);
  CHECK(over.at("last").at("illegal_setup") == Json{{"blue", false}, {"red", true}});
  CHECK(m.seat1->wait_for_over().at("outcome") == expected);
}

TEST_CASE("DCMS: a setup in the wrong half loses at once", "[server][dcms]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "dcms", corridor_options(0));
  m.seat0->request(placement({{1, 1}, {1, 1}}));
  const Json over = m.seat1->request(placement({{1, 1}, {1, 3}}));  // cheeSe in blue's half
  REQUIRE(over.at("type") == "state");
  CHECK(over.at("outcome") == Json{{"winner", "blue"}, {"draw", false}, {"reason", "illegal_setup"}});
}

}  // namespace
}  // namespace skirmish::test
