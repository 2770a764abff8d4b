// Private matches: unlisted, and only whoever has the invite code may join or watch.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <regex>

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

}  // namespace skirmish::test
