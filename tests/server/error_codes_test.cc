// Every error code of protocol v1 provoked over a real socket; after each error the
// connection (and the match) carry on.
#include <catch2/catch.hpp>

#include "tests/server/match_helpers.h"
#include "tests/server/server_fixture.h"
#include "tests/store/temp_dir.h"

namespace skirmish::test {
namespace {

// Sends `message` (with id) and checks the error reply: its code, the echoed id, a message.
Json expect_error(TestClient& client, Json message, const std::string& code) {
  const Json reply = client.request(std::move(message));
  INFO("reply " << reply.dump());
  CHECK(reply.at("type") == "error");
  CHECK(reply.at("code") == code);
  CHECK_FALSE(reply.at("message").get<std::string>().empty());
  return reply;
}

TEST_CASE("Errors before and at hello", "[server][errors]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  // hello_required: anything first but hello.
  expect_error(client, {{"type", "list_games"}}, "hello_required");
  // unsupported_version.
  const Json version = expect_error(client, {{"type", "hello"}, {"version", 99}},
                                    "unsupported_version");
  CHECK_THAT(version.at("message").get<std::string>(), Catch::Contains("1"));
  // bad_message naming the field: version missing, then of the wrong type.
  const Json missing = expect_error(client, {{"type", "hello"}}, "bad_message");
  CHECK_THAT(missing.at("message").get<std::string>(), Catch::Contains("version"));
  const Json wrong = expect_error(client, {{"type", "hello"}, {"version", "one"}}, "bad_message");
  CHECK_THAT(wrong.at("message").get<std::string>(), Catch::Contains("version"));
  client.hello();
}

TEST_CASE("Errors for malformed requests", "[server][errors]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  // bad_json: not JSON at all, and JSON that is not an object (no id to echo).
  client.send_text("{\"type\": \"ping\",");
  const Json not_json = client.wait_for_error("bad_json");
  CHECK_FALSE(not_json.contains("id"));
  client.send_text("[1, 2, 3]");
  client.wait_for_error("bad_json");
  // bad_message: no type, type not a string.
  const Json no_type = expect_error(client, {{"kind", "ping"}}, "bad_message");
  CHECK_THAT(no_type.at("message").get<std::string>(), Catch::Contains("type"));
  expect_error(client, {{"type", 7}}, "bad_message");
  // unknown_type.
  expect_error(client, {{"type", "teleport"}}, "unknown_type");
  // The id is echoed verbatim, strings included.
  client.send({{"type", "teleport"}, {"id", "abc-1"}});
  CHECK(client.wait_for_error("unknown_type").at("id") == "abc-1");
  // bad_options: unknown game, unknown option, out-of-range value.
  expect_error(client, {{"type", "create_match"}, {"game", "checkers"}}, "bad_options");
  expect_error(client, {{"type", "create_match"}, {"game", "tactego"}, {"options", {{"colour", "red"}}}},
               "bad_options");
  const Json range = expect_error(
      client, {{"type", "create_match"}, {"game", "tactego"}, {"options", {{"width", 0}}}},
      "bad_options");
  CHECK_THAT(range.at("message").get<std::string>(), Catch::Contains("width"));
  expect_error(client,
               {{"type", "create_match"}, {"game", "tactego"},
                {"options", {{"pieces", "basic"}, {"length", 2}, {"width", 2}}}},
               "bad_options");
  expect_error(client, {{"type", "create_match"}, {"game", "dcms"}, {"options", {{"map_text", "#.#\n"}}}},
               "bad_options");
  // The connection still works.
  CHECK(client.request({{"type", "ping"}}).at("type") == "pong");
}

TEST_CASE("create_match options: wrong JSON types, booleans in any case, unknown names",
          "[server][errors][options]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  const auto create = [&](const std::string& game, const Json& options) {
    return client.request({{"type", "create_match"}, {"game", game}, {"options", options}});
  };
  // A value of the wrong JSON type is a bad option, named.
  for (const Json& value : {Json{{"x", 1}}, Json(5.5), Json::array({1})}) {
    const Json error = create("tactego", {{"width", value}});
    CHECK(error.at("code") == "bad_options");
    CHECK_THAT(error.at("message").get<std::string>(), Catch::Contains("option 'width'"));
  }
  // Booleans: any case of the accepted words; anything else lists them.
  CHECK(create("tactego", {{"fog", "TRUE"}}).at("type") == "match_created");
  const Json yes = create("tactego", {{"fog", "Yes"}});
  CHECK(yes.at("options").at("fog") == "true");
  CHECK_FALSE(yes.at("options").contains("seed"));  // fogged: the seed stays hidden
  const Json maybe = create("tactego", {{"fog", "maybe"}});
  CHECK(maybe.at("code") == "bad_options");
  CHECK_THAT(maybe.at("message").get<std::string>(),
             Catch::Contains("option 'fog'") && Catch::Contains("yes/no") &&
                 Catch::Contains("on/off") && Catch::Contains("1/0"));
  // An unknown option lists the game's options and the match options.
  const Json unknown = create("tactego", {{"colour", "red"}});
  CHECK(unknown.at("code") == "bad_options");
  CHECK_THAT(unknown.at("message").get<std::string>(),
             Catch::Contains("'colour'") && Catch::Contains("pieces") &&
                 Catch::Contains("move_time_ms") && Catch::Contains("reconnect_grace_ms") &&
                 Catch::Contains("spectators"));
  // An inline pieces file or map replaces the preset: match_created does not claim one.
  const Json custom = create("tactego", {{"pieces_text", "1 1\nF 1\n"}, {"length", 4}, {"width", 2}});
  REQUIRE(custom.at("type") == "match_created");
  CHECK_FALSE(custom.at("options").contains("pieces"));
  CHECK(custom.at("options").at("pieces_text") == "1 1\nF 1\n");
  CHECK(create("tactego", Json::object()).at("options").at("pieces") == "basic");
  const Json map = create("dcms", {{"map_text", "######\n#....#\n#....#\n######\n"}});
  REQUIRE(map.at("type") == "match_created");
  CHECK_FALSE(map.at("options").contains("map"));
}

TEST_CASE("Errors of the lobby and of matches", "[server][errors]") {
  RunningServer server;
  TestClient outsider(server.port(), "outsider");
  outsider.hello();
  // no_such_match for join, watch and resume.
  expect_error(outsider, {{"type", "join"}, {"match", "NOSUCHID"}}, "no_such_match");
  expect_error(outsider, {{"type", "watch"}, {"match", "NOSUCHID"}}, "no_such_match");
  expect_error(outsider, {{"type", "resume"}, {"match", "NOSUCHID"}, {"token", "00"}},
               "no_such_match");
  // not_in_match.
  expect_error(outsider, {{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}},
               "not_in_match");
  expect_error(outsider, {{"type", "resign"}}, "not_in_match");
  expect_error(outsider, {{"type", "leave"}}, "not_in_match");

  // not_started: one seat filled.
  TestClient first(server.port(), "first");
  first.hello();
  const std::string waiting_id = first.create_match("onedchess");
  first.join(waiting_id);
  expect_error(first, {{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}}, "not_started");
  expect_error(first, {{"type", "resign"}}, "not_started");
  // match_full for a named seat that is taken; bad_message for a seat that does not exist.
  expect_error(outsider, {{"type", "join"}, {"match", waiting_id}, {"seat", "white"}}, "match_full");
  const Json bad_seat = expect_error(
      outsider, {{"type", "join"}, {"match", waiting_id}, {"seat", "green"}}, "bad_message");
  CHECK_THAT(bad_seat.at("message").get<std::string>(), Catch::Contains("seat"));
  // The same by number: 0 is white (taken), 2 is no seat at all.
  expect_error(outsider, {{"type", "join"}, {"match", waiting_id}, {"seat", 0}}, "match_full");
  const Json bad_number = expect_error(
      outsider, {{"type", "join"}, {"match", waiting_id}, {"seat", 2}}, "bad_message");
  CHECK_THAT(bad_number.at("message").get<std::string>(), Catch::Contains("no seat '2'"));
  // already_in_match.
  expect_error(first, {{"type", "join"}, {"match", waiting_id}}, "already_in_match");
  expect_error(first, {{"type", "watch"}, {"match", waiting_id}}, "already_in_match");

  TwoSeatMatch m = start_match(server.port(), "onedchess", {{"spectators", "none"}});
  // match_full with no free seat; spectators_not_allowed.
  expect_error(outsider, {{"type", "join"}, {"match", m.id}}, "match_full");
  expect_error(outsider, {{"type", "watch"}, {"match", m.id}}, "spectators_not_allowed");
  // not_your_turn, illegal_move with the engine's reason, bad_message naming the field.
  expect_error(*m.seat1, {{"type", "move"}, {"position", 6}, {"direction", "LEFT"}}, "not_your_turn");
  const Json illegal =
      expect_error(*m.seat0, {{"type", "move"}, {"position", 4}, {"direction", "LEFT"}}, "illegal_move");
  CHECK(illegal.at("message").get<std::string>().size() > 5);
  const Json field = expect_error(*m.seat0, {{"type", "move"}, {"position", "two"}, {"direction", "LEFT"}},
                                  "bad_message");
  CHECK_THAT(field.at("message").get<std::string>(), Catch::Contains("position"));
  // unauthorized: a wrong token.
  TestClient stranger(server.port(), "stranger");
  stranger.hello();
  expect_error(stranger, {{"type", "resume"}, {"match", m.id}, {"token", std::string(32, 'f')}},
               "unauthorized");
  // game_over for move, resign and join once it ended.
  REQUIRE(m.seat0->request({{"type", "resign"}}).at("status") == "over");
  expect_error(*m.seat1, {{"type", "move"}, {"position", 6}, {"direction", "LEFT"}}, "game_over");
  expect_error(*m.seat1, {{"type", "resign"}}, "game_over");
}

TEST_CASE("not_a_player and game_over on join", "[server][errors]") {
  RunningServer server;
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  TestClient watcher(server.port(), "watcher");
  watcher.hello();
  REQUIRE(watcher.request({{"type", "watch"}, {"match", m.id}}).at("type") == "watching");
  expect_error(watcher, {{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}}, "not_a_player");
  // Joining a finished match (it stays findable for a while after its end).
  REQUIRE(m.seat0->request({{"type", "resign"}}).at("status") == "over");
  TestClient late(server.port(), "late");
  late.hello();
  expect_error(late, {{"type", "join"}, {"match", m.id}}, "game_over");
}

TEST_CASE("rate_limited: messages over the rate are dropped with an error", "[server][errors]") {
  server::Config config = test_config();
  config.rate_limit_per_second = 5;
  config.rate_burst = 5;
  RunningServer server(config);
  TestClient client(server.port(), "client");
  client.hello();
  for (int i = 0; i < 30; ++i) client.send({{"type", "ping"}, {"id", 1000 + i}});
  int pongs = 0, limited = 0;
  for (int i = 0; i < 30; ++i) {
    const Json reply = client.receive();
    if (reply.at("type") == "pong") ++pongs;
    if (reply.at("type") == "error") {
      CHECK(reply.at("code") == "rate_limited");
      CHECK(reply.at("message") == "more than 5 messages per second; message dropped");
      // The dropped request's id is echoed, so a client waiting for that reply is told.
      CHECK(reply.contains("id"));
      ++limited;
    }
  }
  CHECK(pongs + limited == 30);
  CHECK(pongs <= 10);
  CHECK(limited >= 20);
  CHECK_FALSE(client.closed());
}

TEST_CASE("server_full: one connection over the limit is told and closed", "[server][errors]") {
  server::Config config = test_config();
  config.max_connections = 2;
  RunningServer server(config);
  TestClient a(server.port(), "a"), b(server.port(), "b");
  a.hello();
  b.hello();
  TestClient c(server.port(), "c");
  const Json full = c.receive();
  CHECK(full.at("type") == "error");
  CHECK(full.at("code") == "server_full");
  CHECK(c.wait_for_close() == 1013);
  // The others carry on.
  CHECK(a.request({{"type", "ping"}}).at("type") == "pong");
}

TEST_CASE("server_full counts live matches only, not finished ones kept for a while",
          "[server][errors]") {
  server::Config config = test_config();
  config.max_connections = 2;  // also the most matches open or running at once
  RunningServer server(config);
  TwoSeatMatch m = start_match(server.port(), "onedchess");
  REQUIRE(m.seat0->request({{"type", "resign"}}).at("status") == "over");  // lingers 60 s
  const Json create = {{"type", "create_match"}, {"game", "onedchess"}};
  CHECK(m.seat0->request(create).at("type") == "match_created");
  CHECK(m.seat1->request(create).at("type") == "match_created");
  const Json third = m.seat0->request(create);
  CHECK(third.at("type") == "error");
  CHECK(third.at("code") == "server_full");
}

TEST_CASE("at most as many finished matches stay findable as may run, the oldest going first",
          "[server][errors]") {
  server::Config config = test_config();
  config.max_connections = 3;  // so at most 3 finished matches linger
  RunningServer server(config);
  TestClient first(server.port(), "first"), second(server.port(), "second");
  first.hello("first");
  second.hello("second");
  std::vector<std::string> finished;
  for (int game = 0; game < 4; ++game) {  // the same two connections play four games
    const std::string id = first.create_match("onedchess");
    first.join(id);
    second.join(id);
    REQUIRE(first.request({{"type", "resign"}}).at("status") == "over");
    CHECK(first.request({{"type", "leave"}}).at("type") == "left");
    CHECK(second.request({{"type", "leave"}}).at("type") == "left");
    finished.push_back(id);
  }
  TestClient watcher(server.port(), "watcher");
  watcher.hello();
  const Json evicted = watcher.request({{"type", "watch"}, {"match", finished[0]}});
  CHECK(evicted.at("code") == "no_such_match");
  // It says where a finished match may have gone (this server stores nothing: no history).
  CHECK_THAT(evicted.at("message").get<std::string>(),
             Catch::Contains("the match ended") && Catch::Contains("sooner"));
  for (std::size_t i = 1; i < finished.size(); ++i) {
    CHECK(watcher.request({{"type", "watch"}, {"match", finished[i]}}).at("type") == "watching");
    CHECK(watcher.request({{"type", "leave"}}).at("type") == "left");
  }
}

TEST_CASE("no_such_match on a server with a store points to the history", "[server][errors]") {
  TempDir dir;
  server::Config config = test_config();
  config.data_dir = dir.path().string();
  RunningServer server(config);
  TestClient client(server.port(), "client");
  client.hello();
  const Json gone = expect_error(client, {{"type", "watch"}, {"match", "GONE2345"}}, "no_such_match");
  CHECK_THAT(gone.at("message").get<std::string>(),
             Catch::Contains("GET /api/matches/GONE2345") &&
                 Catch::Contains("skirmish replay GONE2345"));
  // A mistyped id is the likelier case: checking it comes first.
  CHECK_THAT(gone.at("message").get<std::string>(),
             Catch::StartsWith("no match 'GONE2345' here: check the id (list_matches or `skirmish list`"));
}

TEST_CASE("too_large: an oversized message is dropped, the connection carries on",
          "[server][errors][frames]") {
  server::Config config = test_config();
  config.max_message_bytes = 1024;
  RunningServer server(config);
  TestClient client(server.port(), "client");
  client.hello();
  client.send({{"type", "ping"}, {"id", 1}, {"padding", std::string(4000, 'x')}});
  const Json error = client.wait_for("error");
  CHECK(error.at("code") == "too_large");
  CHECK(error.at("id") == 1);
  CHECK(client.request({{"type", "ping"}}).at("type") == "pong");
}

}  // namespace
}  // namespace skirmish::test
