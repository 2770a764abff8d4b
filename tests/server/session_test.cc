// The match lifecycle over real sockets: resignation, leaving, reconnection within the grace
// and forfeit after it, spectators, and the lobby's lists.
#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>

#include "engine/registry.h"
#include "tests/server/match_helpers.h"
#include "tests/server/server_fixture.h"

namespace skirmish::test {
namespace {

Json chess_move(int position, const char* direction) {
  return {{"type", "move"}, {"position", position}, {"direction", direction}};
}

TEST_CASE("Resign: the resigning seat loses and everyone is told", "[server][session]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  REQUIRE(m.seat0->request(chess_move(2, "RIGHT")).at("type") == "state");
  // Black resigns even though it is black's turn; white resigning would work as well.
  const Json final_state = m.seat1->request({{"type", "resign"}});
  REQUIRE(final_state.at("type") == "state");
  const Json expected{{"winner", "white"}, {"draw", false}, {"reason", "resignation"}};
  CHECK(final_state.at("status") == "over");
  CHECK(final_state.at("outcome") == expected);
  CHECK(m.seat0->wait_for_over().at("outcome") == expected);
  CHECK(m.seat0->request({{"type", "resign"}}).at("code") == "game_over");
}

TEST_CASE("A bridge gives a seat up for its crashed bot: the game ends by crash", "[server][session]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  const Json final_state = m.seat0->request({{"type", "resign"}, {"reason", "crash"}});
  const Json expected{{"winner", "black"}, {"draw", false}, {"reason", "crash"}};
  CHECK(final_state.at("outcome") == expected);
  CHECK(m.seat1->wait_for_over().at("outcome") == expected);
}

TEST_CASE("Resign out of turn in a turn-based game, and leave as resignation", "[server][session]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "tactego",
                               {{"pieces_text", "F 1\n1 1\n"}, {"length", 2}, {"width", 2}});
  const Json left = m.seat0->request({{"type", "leave"}});
  CHECK(left.at("type") == "left");
  CHECK(left.at("match") == m.id);
  const Json over = m.seat1->wait_for_over();
  CHECK(over.at("outcome") == Json{{"winner", "blue"}, {"draw", false}, {"reason", "resignation"}});
  CHECK(m.seat0->request({{"type", "leave"}}).at("code") == "not_in_match");
}

TEST_CASE("Turn-based: the seat to move that misses its deadline loses by timeout",
          "[server][session][deadline]") {
  RunningServer server;  // deadline margin 50 ms
  TwoSeatMatch m = start_match(server.port(), "onedchess", {{"move_time_ms", 300}});
  CHECK(m.start0.at("deadline_ms").is_number());
  // White moves in time; the clock then runs for black, who never moves.
  const Json moved = m.seat0->request(chess_move(2, "RIGHT"));
  REQUIRE(moved.at("type") == "state");
  CHECK(moved.at("deadline_ms").get<long long>() <= 300);
  const Json over = m.seat0->wait_for_over(2000ms);
  const Json expected{{"winner", "white"}, {"draw", false}, {"reason", "timeout"}};
  CHECK(over.at("outcome") == expected);
  CHECK(m.seat1->wait_for_over().at("outcome") == expected);
}

TEST_CASE("Reconnect within the grace gives the seat back with the full view",
          "[server][session][reconnect]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess", {{"reconnect_grace_ms", 5000}});
  REQUIRE(m.seat0->request(chess_move(2, "RIGHT")).at("type") == "state");
  const auto seq = m.seat1->wait_for("state").at("seq").get<std::uint64_t>();

  m.seat0->drop();
  const Json gone = m.seat1->wait_for("presence");
  CHECK(gone.at("seat") == "white");
  CHECK(gone.at("connected") == false);
  CHECK(gone.at("grace_ms").get<long long>() > 0);
  CHECK(gone.at("grace_ms").get<long long>() <= 5000);
  // Black may move while white is away.
  REQUIRE(m.seat1->request(chess_move(6, "LEFT")).at("type") == "state");

  TestClient guesser(server.port(), "guesser");
  guesser.hello("guesser");
  CHECK(guesser.request({{"type", "resume"}, {"match", m.id},
                         {"token", std::string(32, '0')}}).at("code") == "unauthorized");

  TestClient back(server.port(), "white-again");
  back.hello("first");
  const Json joined = back.request({{"type", "resume"}, {"match", m.id}, {"token", m.token0}});
  REQUIRE(joined.at("type") == "joined");
  CHECK(joined.at("resumed") == true);
  CHECK(joined.at("seat") == "white");
  const Json view = back.wait_for("state");
  CHECK(view.at("seq").get<std::uint64_t>() >= seq + 1);
  CHECK(view.at("you") == "white");
  CHECK(view.at("to_act") == Json::array({"white"}));
  CHECK(view.at("view").at("board") ==
        Json::array({"WKi", "WKn", "EMPTY", "EMPTY", "BKn", "EMPTY", "EMPTY", "BKn", "BKi"}));
  const Json returned = m.seat1->wait_for("presence");
  CHECK(returned.at("seat") == "white");
  CHECK(returned.at("connected") == true);
  // The game goes on from the resumed connection.
  const Json next = back.request(chess_move(1, "RIGHT"));
  REQUIRE(next.at("type") == "state");
  CHECK(next.at("status") == "running");
}

TEST_CASE("Everyone sees who sits where: joined and watching name the players, presence says who "
          "joined, dropped and came back", "[server][session][presence]") {
  RunningServer server;
  TestClient alice(server.port(), "alice"), bob(server.port(), "bob"), carol(server.port(), "carol");
  alice.hello("alice");
  bob.hello("bob");
  carol.hello("carol");
  const std::string id = alice.create_match("onedchess", {{"reconnect_grace_ms", 5000}});
  CHECK(alice.join(id).at("players") == Json{{"white", "alice"}, {"black", nullptr}});
  const Json watching = carol.request({{"type", "watch"}, {"match", id}});
  CHECK(watching.at("players") == Json{{"white", "alice"}, {"black", nullptr}});

  const Json seated = bob.join(id);
  CHECK(seated.at("players") == Json{{"white", "alice"}, {"black", "bob"}});
  for (TestClient* other : {&alice, &carol}) {
    const Json joined = other->wait_for("presence");
    CHECK(joined.at("event") == "joined");
    CHECK(joined.at("seat") == "black");
    CHECK(joined.at("name") == "bob");
    CHECK(joined.at("connected") == true);
  }

  bob.drop();
  const Json gone = alice.wait_for("presence");
  CHECK(gone.at("event") == "disconnected");
  CHECK(gone.at("name") == "bob");
  CHECK(gone.at("connected") == false);

  TestClient back(server.port(), "bob-again");
  back.hello("bob");
  const Json resumed = back.request({{"type", "resume"}, {"match", id}, {"token", seated.at("token")}});
  CHECK(resumed.at("players") == Json{{"white", "alice"}, {"black", "bob"}});
  const Json back_again = alice.wait_for("presence");
  CHECK(back_again.at("event") == "reconnected");
  CHECK(back_again.at("name") == "bob");
  // The spectator heard both too, in order.
  CHECK(carol.wait_for("presence").at("event") == "disconnected");
  CHECK(carol.wait_for("presence").at("event") == "reconnected");
}

TEST_CASE("A seat freed before the start is announced as left", "[server][session][presence]") {
  RunningServer server;
  TestClient alice(server.port(), "alice"), carol(server.port(), "carol");
  alice.hello("alice");
  carol.hello("carol");
  const std::string id = alice.create_match("onedchess");
  REQUIRE(alice.join(id, "white").at("type") == "joined");
  REQUIRE(carol.request({{"type", "watch"}, {"match", id}}).at("type") == "watching");
  REQUIRE(alice.request({{"type", "leave"}}).at("type") == "left");
  const Json left = carol.wait_for("presence");
  CHECK(left.at("event") == "left");
  CHECK(left.at("seat") == "white");
  CHECK(left.at("name") == "alice");
}

TEST_CASE("A resumed seat is taken from the old connection", "[server][session][reconnect]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  TestClient second(server.port(), "white-elsewhere");
  second.hello("first");
  REQUIRE(second.request({{"type", "resume"}, {"match", m.id}, {"token", m.token0}})
              .at("resumed") == true);
  // The old connection is told at once, not only when it next tries something.
  const Json told = m.seat0->wait_for_error("unauthorized");
  CHECK_FALSE(told.contains("id"));
  CHECK_THAT(told.at("message").get<std::string>(), Catch::Contains("resumed on another connection"));
  CHECK(m.seat0->request(chess_move(2, "RIGHT")).at("code") == "unauthorized");
  CHECK(second.request(chess_move(2, "RIGHT")).at("type") == "state");
}

TEST_CASE("A connection that moved on from a finished match is not told when its old seat is resumed",
          "[server][session][reconnect]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  REQUIRE(m.seat0->request({{"type", "resign"}}).at("status") == "over");
  const std::string next = m.seat0->create_match("onedchess");
  REQUIRE(m.seat0->join(next, "white").at("type") == "joined");
  TestClient elsewhere(server.port(), "white-elsewhere");
  elsewhere.hello("first");
  REQUIRE(elsewhere.request({{"type", "resume"}, {"match", m.id}, {"token", m.token0}}).at("resumed") == true);
  // Anything for seat0 was queued before that reply; a pong now comes after it.
  REQUIRE(m.seat0->request({{"type", "ping"}}).at("type") == "pong");
  for (const auto& raw : m.seat0->frames()) {
    INFO(raw);
    CHECK(raw.find("resumed on another connection") == std::string::npos);
  }
}

TEST_CASE("A seat dropped past the grace forfeits", "[server][session][reconnect]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess", {{"reconnect_grace_ms", 300}});
  m.seat1->drop();
  CHECK(m.seat0->wait_for("presence").at("connected") == false);
  const Json over = m.seat0->wait_for_over(3000ms);
  CHECK(over.at("outcome") == Json{{"winner", "white"}, {"draw", false}, {"reason", "forfeit"}});
  // Too late to come back: the game is over.
  TestClient late(server.port(), "late");
  late.hello("second");
  const Json reply = late.request({{"type", "resume"}, {"match", m.id}, {"token", m.token1}});
  if (reply.at("type") == "joined") {
    CHECK(late.wait_for("state").at("status") == "over");
  } else {
    CHECK(reply.at("type") == "error");
  }
}

// Both seats of a running 1D Chess match with this reconnect grace drop, `between` apart,
// under the eyes of a spectator.
struct BothSeatsGone {
  BothSeatsGone(unsigned short port, std::chrono::milliseconds grace, std::chrono::milliseconds between)
      : match(start_match(port, "onedchess", {{"reconnect_grace_ms", grace.count()}})),
        watcher(port, "watcher") {
    watcher.hello();
    REQUIRE(watcher.request({{"type", "watch"}, {"match", match.id}}).at("type") == "watching");
    match.seat0->drop();
    std::this_thread::sleep_for(between);
    match.seat1->drop();
  }
  TwoSeatMatch match;
  TestClient watcher;
};

TEST_CASE("Both seats gone past their grace: a draw by forfeit, nobody wins",
          "[server][session][reconnect]") {
  RunningServer server;
  BothSeatsGone gone(server.port(), 1000ms, 100ms);  // black is gone long before white's grace ends
  const Json over = gone.watcher.wait_for_over(3000ms);
  CHECK(over.at("outcome") == Json{{"winner", nullptr}, {"draw", true}, {"reason", "forfeit"}});
}

TEST_CASE("With every seat away, the server's grace bounds a match's longer one",
          "[server][session][reconnect]") {
  server::Config config = test_config();
  config.reconnect_grace_default = 300ms;  // --reconnect-grace-ms
  RunningServer server(config);
  SECTION("both seats gone: the server's grace, not the match's hour") {
    // Else one client could hold matches, and the server's room for them, for an hour by
    // taking both seats and going (nobody is waiting for anybody).
    BothSeatsGone gone(server.port(), 3'600'000ms, 100ms);
    const Json over = gone.watcher.wait_for_over(3000ms);
    CHECK(over.at("outcome") == Json{{"winner", nullptr}, {"draw", true}, {"reason", "forfeit"}});
    // The watcher was told what each seat is held for: an hour while black was there, then
    // the server's grace.
    std::vector<long long> told;
    for (const auto& frame : gone.watcher.frames()) {
      const Json message = Json::parse(frame);
      if (message.at("type") == "presence" && message.at("event") == "disconnected")
        told.push_back(message.at("grace_ms").get<long long>());
    }
    CHECK(told == std::vector<long long>{3'600'000, 300});
  }
  SECTION("one seat still there: the match's own grace, for the one waiting") {
    TwoSeatMatch m = start_match(server.port(), "onedchess", {{"reconnect_grace_ms", 3000}});
    m.seat1->drop();
    std::this_thread::sleep_for(800ms);  // past the server's grace
    TestClient back(server.port(), "back");
    back.hello("second");
    CHECK(back.request({{"type", "resume"}, {"match", m.id}, {"token", m.token1}}).at("type") == "joined");
    CHECK(back.wait_for("state").at("status") == "running");
  }
}

TEST_CASE("A seat whose opponent forfeits while it is away itself wins when it comes back",
          "[server][session][reconnect]") {
  RunningServer server;
  // White's grace ends at 2 s, black's at 3 s: black comes back at about 2.5 s, half a
  // second from either end, so a slow machine does not change the order.
  BothSeatsGone gone(server.port(), 2000ms, 1000ms);
  std::this_thread::sleep_for(1500ms);
  // White's grace ran out while black is away too: no result yet.
  CHECK(gone.watcher.request({{"type", "ping"}}).at("type") == "pong");
  for (const auto& frame : gone.watcher.frames()) CHECK(frame.find("\"over\"") == std::string::npos);
  // White, whose grace ran out, cannot take its seat back and play on.
  TestClient late(server.port(), "late");
  late.hello("first");
  const Json refused = late.request({{"type", "resume"}, {"match", gone.match.id}, {"token", gone.match.token0}});
  CHECK(refused.at("code") == "unauthorized");
  CHECK_THAT(refused.at("message").get<std::string>(), Catch::Contains("'white'") && Catch::Contains("forfeited"));
  // Black comes back within its own grace: it wins by white's forfeit.
  TestClient back(server.port(), "back");
  back.hello("second");
  REQUIRE(back.request({{"type", "resume"}, {"match", gone.match.id}, {"token", gone.match.token1}})
              .at("type") == "joined");
  const Json over = back.wait_for("state");
  CHECK(over.at("status") == "over");
  CHECK(over.at("outcome") == Json{{"winner", "black"}, {"draw", false}, {"reason", "forfeit"}});
  CHECK(gone.watcher.wait_for_over().at("outcome") == over.at("outcome"));
}

TEST_CASE("Spectators follow the game, see the public view and may be refused",
          "[server][session][spectators]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  TestClient a(server.port(), "spectator-a"), b(server.port(), "spectator-b");
  a.hello("a");
  b.hello("b");
  const Json watching = a.request({{"type", "watch"}, {"match", m.id}});
  CHECK(watching.at("type") == "watching");
  CHECK(watching.at("match") == m.id);
  CHECK(watching.at("game") == "onedchess");
  CHECK(a.wait_for("state").at("you") == "spectator");
  REQUIRE(b.request({{"type", "watch"}, {"match", m.id}}).at("type") == "watching");
  b.wait_for("state");

  const Json listed = a.request({{"type", "list_matches"}, {"game", "onedchess"}});
  REQUIRE(listed.at("matches").size() == 1);
  CHECK(listed.at("matches")[0].at("status") == "running");
  CHECK(listed.at("matches")[0].at("spectators") == 2);

  // Spectators cannot play.
  CHECK(a.request(chess_move(2, "RIGHT")).at("code") == "not_a_player");
  CHECK(a.request({{"type", "resign"}}).at("code") == "not_a_player");
  const Json moved = m.seat0->request(chess_move(2, "RIGHT"));
  const auto seq = moved.at("seq").get<std::uint64_t>();
  CHECK(a.wait_for_state(seq).at("view") == moved.at("view"));
  CHECK(b.wait_for_state(seq).at("last") == moved.at("last"));
  // A spectator that leaves gets nothing more.
  CHECK(b.request({{"type", "leave"}}).at("type") == "left");
  const Json moved2 = m.seat1->request(chess_move(6, "LEFT"));
  a.wait_for_state(moved2.at("seq").get<std::uint64_t>());
  CHECK(b.quiet_for(200ms));

  TwoSeatMatch closed = start_match(server.port(), "onedchess", {{"spectators", "none"}});
  TestClient c(server.port(), "spectator-c");
  c.hello("c");
  CHECK(c.request({{"type", "watch"}, {"match", closed.id}}).at("code") ==
        "spectators_not_allowed");
}

TEST_CASE("A host can refuse spectators=full (no one watching sees hidden pieces)",
          "[server][session][spectators]") {
  server::Config config = test_config();
  config.allow_full_spectators = false;
  RunningServer server(config);
  TestClient creator(server.port(), "creator");
  creator.hello("creator");
  const Json refused = creator.request(
      {{"type", "create_match"}, {"game", "tactego"}, {"options", {{"fog", "true"}, {"spectators", "full"}}}});
  CHECK(refused.at("code") == "bad_options");
  CHECK_THAT(refused.at("message").get<std::string>(), Catch::Contains("--full-spectators off"));
  const Json allowed = creator.request(
      {{"type", "create_match"}, {"game", "tactego"}, {"options", {{"fog", "true"}, {"spectators", "public"}}}});
  CHECK(allowed.at("type") == "match_created");
}

TEST_CASE("The lobby lists games and open matches, and a named seat can be joined",
          "[server][session][lobby]") {
  RunningServer server;
  TestClient client(server.port(), "lobby");
  const Json welcome = client.hello();
  CHECK(welcome.at("version") == 1);
  CHECK(welcome.at("limits").at("max_message_bytes") == 64 * 1024);
  const Json games = client.request({{"type", "list_games"}});
  REQUIRE(games.at("type") == "games");
  std::vector<std::string> names;
  for (const Json& game : games.at("games")) {
    names.push_back(game.at("name").get<std::string>());
    bool has_move_time = false;
    for (const Json& option : game.at("options"))
      if (option.at("name") == "move_time_ms") {
        has_move_time = true;
        CHECK(option.at("default") ==
              std::to_string(skirmish::engine::find_game(game.at("name").get<std::string>())->default_move_time_ms));
      }
    CHECK(has_move_time);
  }
  std::vector<std::string> hosted;
  for (const auto* game : skirmish::engine::all_games()) hosted.push_back(game->name);
  std::sort(names.begin(), names.end());
  std::sort(hosted.begin(), hosted.end());
  CHECK(names == hosted);

  const std::string id = client.create_match("dcms");
  TestClient other(server.port(), "other");
  other.hello();
  const Json joined = other.join(id, std::string("red"));
  CHECK(joined.at("seat") == "red");
  CHECK(joined.at("seat_index") == 1);
  CHECK(joined.at("token").get<std::string>().size() >= 32);
  const Json waiting = other.wait_for("state");
  CHECK(waiting.at("status") == "waiting");
  const Json open = client.request({{"type", "list_matches"}});
  REQUIRE(open.at("matches").size() == 1);
  CHECK(open.at("matches")[0].at("status") == "open");
  CHECK(open.at("matches")[0].at("seats")[1].at("taken") == true);
  CHECK(open.at("matches")[0].at("seats")[0].at("taken") == false);
  CHECK(client.request({{"type", "list_matches"}, {"game", "tactego"}}).at("matches").empty());
  // Leaving before the start frees the seat.
  CHECK(other.request({{"type", "leave"}}).at("type") == "left");
  const Json after = client.request({{"type", "list_matches"}});
  if (!after.at("matches").empty()) CHECK(after.at("matches")[0].at("seats")[1].at("taken") == false);
  CHECK(client.request({{"type", "ping"}}).at("type") == "pong");
  // A seat may also be named by its number: 1 is the game's second seat (DCMS: red).
  const std::string second_id = client.create_match("dcms");
  const Json by_number = other.request({{"type", "join"}, {"match", second_id}, {"seat", 1}});
  CHECK(by_number.at("type") == "joined");
  CHECK(by_number.at("seat") == "red");
}

TEST_CASE("list_matches lists the matches oldest first, the same on every call", "[server][lobby]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  std::vector<std::string> created;
  for (int i = 0; i < 12; ++i) created.push_back(client.create_match(i % 2 ? "dcms" : "onedchess"));
  for (int call = 0; call < 5; ++call) {
    std::vector<std::string> listed;
    const Json reply = client.request({{"type", "list_matches"}});
    for (const Json& row : reply.at("matches"))
      listed.push_back(row.at("match").get<std::string>());
    CHECK(listed == created);
  }
}

}  // namespace
}  // namespace skirmish::test
