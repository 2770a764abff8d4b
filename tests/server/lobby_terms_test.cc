// What list_matches tells a player before joining (each match's terms), what it leaves out,
// and the per-address quota of matches waiting for players.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>

#include "tests/server/server_fixture.h"
#include "tests/server/test_client.h"

namespace skirmish::test {
namespace {

Json listed(TestClient& client, const std::string& match) {
  const Json reply = client.request({{"type", "list_matches"}});
  for (const Json& row : reply.at("matches"))
    if (row.at("match") == match) return row;
  return nullptr;
}

bool names(const Json& row, const std::vector<std::string>& expected) {
  return row.at("set_by_creator").get<std::vector<std::string>>() == expected;
}

// Fills both seats, so the match starts.
void start(unsigned short port, const std::string& match, std::vector<std::unique_ptr<TestClient>>& players) {
  for (int seat = 0; seat < 2; ++seat) {
    players.push_back(std::make_unique<TestClient>(port, "player"));
    players.back()->hello();
    players.back()->join(match);
  }
  players.back()->wait_for("state");
}

}  // namespace

TEST_CASE("list_matches shows each match's options and which of them its creator set",
          "[server][lobby]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();

  const std::string plain = client.create_match("onedchess");
  const Json plain_row = listed(client, plain);
  CHECK(plain_row.at("options").at("move_time_ms") == "0");
  CHECK(plain_row.at("options").at("spectators") == "public");
  CHECK(names(plain_row, {}));

  // A fog match whose seed the server chose: the seed is hidden and not the creator's.
  const std::string fair = client.create_match("tactego", {{"fog", true}});
  const Json fair_row = listed(client, fair);
  CHECK(fair_row.at("options").at("fog") == "true");
  CHECK_FALSE(fair_row.at("options").contains("seed"));
  CHECK(names(fair_row, {"fog"}));

  // The creator chose the seed of a fog match: hidden, but the joiner is told it was chosen.
  const std::string rigged =
      client.create_match("tactego", {{"fog", true}, {"seed", "rigged"}, {"spectators", "full"}});
  const Json rigged_row = listed(client, rigged);
  CHECK_FALSE(rigged_row.at("options").contains("seed"));
  CHECK(rigged_row.at("options").at("spectators") == "full");
  CHECK(names(rigged_row, {"fog", "seed", "spectators"}));
  CHECK(rigged_row.dump().find("rigged") == std::string::npos);

  // An inline file is named, not copied into every listing.
  const std::string custom =
      client.create_match("tactego", {{"pieces_text", "F 1\n1 3\n"}, {"move_time_ms", 1}});
  const Json custom_row = listed(client, custom);
  CHECK_FALSE(custom_row.at("options").contains("pieces_text"));
  CHECK(custom_row.at("options").at("move_time_ms") == "1");
  CHECK(names(custom_row, {"move_time_ms", "pieces_text"}));
}

TEST_CASE("match_created shows an inline file only when one was given, and then not what it replaces",
          "[server][lobby]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  auto created = [&](const std::string& game, const Json& options) {
    const Json reply = client.request({{"type", "create_match"}, {"game", game}, {"options", options}});
    REQUIRE(reply.at("type") == "match_created");
    return reply.at("options");
  };
  const Json preset = created("tactego", Json::object());
  CHECK(preset.at("pieces") == "basic");
  CHECK_FALSE(preset.contains("pieces_text"));  // not "": no file was given
  const Json file = created("tactego", {{"pieces_text", "F 1\n1 3\n"}});
  CHECK(file.at("pieces_text") == "F 1\n1 3\n");
  CHECK_FALSE(file.contains("pieces"));
  const Json map = created("dcms", {{"map", "small"}});
  CHECK(map.at("map") == "small");
  CHECK_FALSE(map.contains("map_text"));
}

TEST_CASE("list_matches leaves out running matches nobody may watch, and unknown games are errors",
          "[server][lobby]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  std::vector<std::unique_ptr<TestClient>> players;
  const std::string hidden = client.create_match("onedchess", {{"spectators", "none"}});
  const std::string watchable = client.create_match("onedchess");
  CHECK_FALSE(listed(client, hidden).is_null());  // open: it has free seats
  start(server.port(), hidden, players);
  start(server.port(), watchable, players);
  CHECK(listed(client, hidden).is_null());
  CHECK(listed(client, watchable).at("status") == "running");
  CHECK(client.request({{"type", "list_matches"}}).at("total") == 1);

  const Json unknown = client.request({{"type", "list_matches"}, {"game", "chess"}});
  CHECK(unknown.at("code") == "bad_message");
  CHECK_THAT(unknown.at("message").get<std::string>(),
             Catch::Contains("unknown game 'chess'") && Catch::Contains("onedchess"));
}

TEST_CASE("list_matches lists at most 200 matches and says how many there are", "[server][lobby]") {
  server::Config config = test_config();
  config.max_open_matches_per_ip = 0;
  config.rate_limit_per_second = 0;
  RunningServer server(config);
  TestClient client(server.port(), "client");
  client.hello();
  for (int i = 0; i < 205; ++i) client.create_match("onedchess");
  const Json reply = client.request({{"type", "list_matches"}});
  CHECK(reply.at("matches").size() == 200);
  CHECK(reply.at("total") == 205);
}

TEST_CASE("one address may have only so many matches waiting for players", "[server][lobby]") {
  server::Config config = test_config();
  config.max_open_matches_per_ip = 3;
  RunningServer server(config);
  TestClient first(server.port(), "first"), second(server.port(), "second");
  first.hello();
  second.hello();
  std::vector<std::string> created;
  for (int i = 0; i < 3; ++i) created.push_back(first.create_match("onedchess"));
  // A fourth, from this connection or another one from the same address, is refused.
  for (TestClient* client : {&first, &second}) {
    const Json refused = client->request({{"type", "create_match"}, {"game", "dcms"}});
    CHECK(refused.at("code") == "too_many_open_matches");
    CHECK_THAT(refused.at("message").get<std::string>(),
               Catch::Contains("3 matches") && Catch::Contains("127.0.0.1") &&
                   Catch::Contains("by joining it and leaving") && Catch::Contains("nobody joins is removed after"));
  }
  // As it says: the creator joins one and leaves, and there is room for one more.
  REQUIRE(first.request({{"type", "join"}, {"match", created[2]}}).at("type") == "joined");
  REQUIRE(first.request({{"type", "leave"}}).at("type") == "left");
  CHECK(first.request({{"type", "create_match"}, {"game", "onedchess"}}).at("type") == "match_created");
  // Once one of them starts, there is room again; the connection carried on meanwhile.
  std::vector<std::unique_ptr<TestClient>> players;
  start(server.port(), created[0], players);
  CHECK(second.request({{"type", "create_match"}, {"game", "dcms"}}).at("type") == "match_created");
  CHECK(first.request({{"type", "create_match"}, {"game", "dcms"}}).at("code") == "too_many_open_matches");
}

TEST_CASE("a running match with every player away counts against its creator's quota", "[server][lobby]") {
  server::Config config = test_config();
  config.max_open_matches_per_ip = 2;
  RunningServer server(config);
  TestClient creator(server.port(), "creator");
  creator.hello();
  // Both seats taken from this address, watched by a spectator who sees them go.
  const std::string abandoned = creator.create_match("onedchess");
  REQUIRE(creator.request({{"type", "watch"}, {"match", abandoned}}).at("type") == "watching");
  std::vector<std::unique_ptr<TestClient>> players;
  std::vector<std::string> tokens;
  for (int seat = 0; seat < 2; ++seat) {
    players.push_back(std::make_unique<TestClient>(server.port(), "player"));
    players.back()->hello();
    tokens.push_back(players.back()->join(abandoned).at("token").get<std::string>());
  }
  // Another match is created while the players are there: that quota check must not forget
  // the running one, which would then escape every later check.
  TestClient other(server.port(), "other");
  other.hello();
  other.create_match("onedchess");
  for (auto& player : players) player->drop();
  for (int away = 0; away < 2;)
    if (creator.wait_for("presence").at("connected") == false) ++away;

  const Json refused = other.request({{"type", "create_match"}, {"game", "onedchess"}});
  REQUIRE(refused.at("code") == "too_many_open_matches");
  CHECK_THAT(refused.at("message").get<std::string>(),
             Catch::Contains("2 matches") && Catch::Contains("1 of them running with every player away") &&
                 Catch::Contains("until a player resumes"));
  // A player back: the match is attended again and off the quota.
  TestClient back(server.port(), "back");
  back.hello();
  REQUIRE(back.request({{"type", "resume"}, {"match", abandoned}, {"token", tokens[0]}}).at("type") == "joined");
  CHECK(other.request({{"type", "create_match"}, {"game", "onedchess"}}).at("type") == "match_created");
}

}  // namespace skirmish::test

namespace skirmish::test {

TEST_CASE("list_matches can ask for one match, and ids may be typed as people read them",
          "[server][lobby]") {
  RunningServer server;
  TestClient client(server.port(), "client");
  client.hello();
  const std::string wanted = client.create_match("onedchess", {{"move_time_ms", 30000}});
  client.create_match("onedchess");
  std::string typed = wanted;  // lower case, with the digits people confuse with letters
  for (char& ch : typed) {
    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (ch == 'o') ch = '0';
    if (ch == 'i') ch = '1';
  }
  const Json one = client.request({{"type", "list_matches"}, {"match", typed}});
  REQUIRE(one.at("matches").size() == 1);
  CHECK(one.at("matches")[0].at("match") == wanted);
  CHECK(one.at("total") == 1);
  CHECK(client.request({{"type", "list_matches"}, {"match", "NOSUCHID"}}).at("matches").empty());
  TestClient joiner(server.port(), "joiner");
  joiner.hello();
  CHECK(joiner.join(typed).at("match") == wanted);
}

}  // namespace skirmish::test
