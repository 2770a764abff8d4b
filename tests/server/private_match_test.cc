// Private matches: unlisted, and only whoever has the invite code may join or watch.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <regex>
#include <thread>

#include "tests/server/server_fixture.h"
#include "tests/server/test_client.h"

namespace skirmish::test {
namespace {

Json create_private(TestClient& client, const std::string& game) {
  const Json reply =
      client.request({{"type", "create_match"}, {"game", game}, {"options", {{"private", true}}}});
  REQUIRE(reply.at("type") == "match_created");
  return reply;
}

bool listed(TestClient& client, const Json& request, const std::string& match) {
  const Json reply = client.request(request);
  const auto& rows = reply.at("matches");
  return std::any_of(rows.begin(), rows.end(), [&](const Json& row) { return row.at("match") == match; });
}

// As a person may type it: lower case, no dashes.
std::string typed(std::string code) {
  std::erase(code, '-');
  for (char& ch : code) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return code;
}

}  // namespace

TEST_CASE("a private match gives its creator an invite code and is listed to nobody without it",
          "[server][private]") {
  RunningServer server;
  TestClient alice(server.port(), "alice"), mallory(server.port(), "mallory");
  alice.hello("alice");
  mallory.hello("mallory");
  const Json created = create_private(alice, "onedchess");
  const std::string id = created.at("match");
  const std::string invite = created.at("invite");
  CHECK(std::regex_match(invite, std::regex("[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}")));
  CHECK(created.at("options").at("private") == "true");
  const std::string public_id = alice.create_match("onedchess");

  const Json everything{{"type", "list_matches"}};
  CHECK_FALSE(listed(mallory, everything, id));
  CHECK(listed(mallory, everything, public_id));
  CHECK_FALSE(listed(mallory, {{"type", "list_matches"}, {"match", id}}, id));
  CHECK_FALSE(listed(mallory, {{"type", "list_matches"}, {"match", id}, {"invite", "AAAA-AAAA-AAAA"}}, id));
  CHECK(listed(mallory, {{"type", "list_matches"}, {"match", id}, {"invite", typed(invite)}}, id));
  CHECK(mallory.request(everything).at("total") == 1);
}

TEST_CASE("joining or watching a private match needs its invite code, resuming only the token",
          "[server][private]") {
  RunningServer server;
  TestClient alice(server.port(), "alice"), bob(server.port(), "bob"), mallory(server.port(), "mallory");
  alice.hello("alice");
  bob.hello("bob");
  mallory.hello("mallory");
  const Json created = create_private(alice, "onedchess");
  const std::string id = created.at("match");
  const std::string invite = created.at("invite");

  const Json no_code = mallory.request({{"type", "join"}, {"match", id}});
  CHECK(no_code.at("code") == "unauthorized");
  CHECK_THAT(no_code.at("message").get<std::string>(), Catch::Contains("private") && Catch::Contains("invite"));
  const Json wrong = mallory.request({{"type", "join"}, {"match", id}, {"invite", "AAAA-AAAA-AAAA"}});
  CHECK(wrong.at("code") == "unauthorized");
  CHECK_THAT(wrong.at("message").get<std::string>(), Catch::Contains("not the invite code"));
  CHECK(mallory.request({{"type", "watch"}, {"match", id}}).at("code") == "unauthorized");
  CHECK(mallory.request({{"type", "watch"}, {"match", id}, {"invite", 5}}).at("code") == "bad_message");

  CHECK(alice.request({{"type", "join"}, {"match", id}, {"invite", invite}}).at("type") == "joined");
  // Typed as read out: lower case, without the dashes.
  const Json seated = bob.request({{"type", "join"}, {"match", id}, {"invite", typed(invite)}});
  REQUIRE(seated.at("type") == "joined");
  CHECK(bob.wait_for("state").at("status") == "running");

  TestClient friend_watching(server.port(), "carol");
  friend_watching.hello("carol");
  CHECK(friend_watching.request({{"type", "watch"}, {"match", id}, {"invite", invite}}).at("type") ==
        "watching");
  // Mallory's refusals took nothing: the game goes on.
  CHECK(alice.request({{"type", "move"}, {"position", 2}, {"direction", "RIGHT"}}).at("type") == "state");

  bob.drop();
  TestClient bob_again(server.port(), "bob-again");
  bob_again.hello("bob");
  CHECK(bob_again.request({{"type", "resume"}, {"match", id}, {"token", seated.at("token")}}).at("type") ==
        "joined");
}

TEST_CASE("a public match ignores an invite code, and every match_created says whether it is private",
          "[server][private]") {
  RunningServer server;
  TestClient alice(server.port(), "alice"), bob(server.port(), "bob");
  alice.hello("alice");
  bob.hello("bob");
  const Json created =
      alice.request({{"type", "create_match"}, {"game", "dcms"}, {"options", Json::object()}});
  CHECK(created.at("options").at("private") == "false");
  CHECK_FALSE(created.contains("invite"));
  CHECK(bob.request({{"type", "join"}, {"match", created.at("match")}, {"invite", "ANYTHING"}}).at("type") ==
        "joined");
  const Json bad = alice.request(
      {{"type", "create_match"}, {"game", "dcms"}, {"options", {{"private", "perhaps"}}}});
  CHECK(bad.at("code") == "bad_options");
  CHECK_THAT(bad.at("message").get<std::string>(), Catch::Contains("private"));
}

TEST_CASE("a pasted invite code counts by its letters and digits, whatever separates them",
          "[server][private]") {
  RunningServer server;
  TestClient alice(server.port(), "alice"), bob(server.port(), "bob");
  alice.hello("alice");
  bob.hello("bob");
  const Json created = create_private(alice, "onedchess");
  std::string pasted = created.at("invite");
  pasted.replace(9, 1, "\xC2\xA0");     // a no-break space for the second dash
  pasted.replace(4, 1, "\xE2\x80\x93");  // an en dash for the first
  pasted += "\n";
  CHECK(bob.request({{"type", "join"}, {"match", created.at("match")}, {"invite", pasted}}).at("type") == "joined");
  const Json lonely = bob.request({{"type", "list_matches"}, {"invite", pasted}});
  CHECK(lonely.at("code") == "bad_message");
  CHECK_THAT(lonely.at("message").get<std::string>(), Catch::Contains("'invite' needs 'match'"));
}

TEST_CASE("the connection that created a private match joins it without sending the code back",
          "[server][private]") {
  RunningServer server;
  TestClient alice(server.port(), "alice"), mallory(server.port(), "mallory");
  alice.hello("alice");
  mallory.hello("mallory");
  const std::string id = create_private(alice, "onedchess").at("match");
  CHECK(mallory.request({{"type", "join"}, {"match", id}}).at("code") == "unauthorized");
  CHECK(alice.request({{"type", "join"}, {"match", id}}).at("type") == "joined");
}

TEST_CASE("a match removed before it started lets its spectators go and tells latecomers why",
          "[server][private]") {
  server::Config config = test_config();
  config.unjoined_wait = std::chrono::milliseconds(300);
  config.reconnect_grace_default = std::chrono::milliseconds(100);
  RunningServer server(config);
  TestClient alice(server.port(), "alice"), carol(server.port(), "carol");
  alice.hello("alice");
  carol.hello("carol");

  // Every player left: the spectator is told and let go.
  const Json created = create_private(alice, "onedchess");
  const std::string id = created.at("match");
  REQUIRE(alice.request({{"type", "join"}, {"match", id}}).at("type") == "joined");
  REQUIRE(carol.request({{"type", "watch"}, {"match", id}, {"invite", created.at("invite")}}).at("type") ==
          "watching");
  REQUIRE(alice.request({{"type", "leave"}}).at("type") == "left");
  const Json gone = carol.wait_for_error("no_such_match");
  CHECK_FALSE(gone.contains("id"));
  CHECK_THAT(gone.at("message").get<std::string>(),
             Catch::Contains(id + " was removed before it started") && Catch::Contains("every player in it left"));
  const Json late = alice.request({{"type", "join"}, {"match", id}});
  CHECK(late.at("code") == "no_such_match");
  CHECK_THAT(late.at("message").get<std::string>(), Catch::Contains("every player in it left"));

  // Nobody joined in time: a latecomer is told so; the spectator may watch something else.
  const std::string unjoined = alice.create_match("onedchess");
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  const Json too_late = carol.request({{"type", "watch"}, {"match", unjoined}});
  CHECK(too_late.at("code") == "no_such_match");
  CHECK_THAT(too_late.at("message").get<std::string>(), Catch::Contains("nobody joined it within 300 ms"));
  const std::string next = alice.create_match("onedchess");
  CHECK(carol.request({{"type", "watch"}, {"match", next}}).at("type") == "watching");
}

}  // namespace skirmish::test
