// A join racing the last player's leave, over the wire, with the store on. The lobby removes
// an open match whose seats are all empty again; a join that came in between used to get a
// seat in the removed match, which nobody could find, and its leave then failed in SQLite:
// the server stopped, and the journal line failed again at every restart.
#include <catch2/catch.hpp>

#include <string>
#include <thread>

#include "tests/hosting/http_get.h"
#include "tests/server/server_fixture.h"
#include "tests/server/test_client.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::test::Json;
using skirmish::test::TestClient;

// The /metrics line `name value`, as a number (-1 when it is missing).
double metric(unsigned short port, const std::string& name) {
  const std::string body = skirmish::test::http_get(port, "/metrics").body;
  const auto at = body.find("\n" + name + " ");
  if (at == std::string::npos) return -1;
  return std::stod(body.substr(at + name.size() + 2));
}

}  // namespace

TEST_CASE("a join racing the last leave keeps the match or is refused and the store never fails") {
  skirmish::test::TempDir dir;
  auto config = skirmish::test::test_config();
  config.data_dir = dir.path().string();
  config.rate_limit_per_second = 0;  // thousands of rounds at loopback speed
  skirmish::test::RunningServer server(config);
  TestClient alice(server.port(), "alice"), bob(server.port(), "bob"), carol(server.port(), "carol");
  alice.hello("alice");
  bob.hello("bob");
  carol.hello("carol");

  int bob_joined = 0;
  int bob_refused = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::string id = alice.create_match("onedchess");
    REQUIRE(alice.request({{"type", "join"}, {"match", id}}).at("type") == "joined");
    Json left;
    std::thread leaving([&] { left = alice.request({{"type", "leave"}}); });
    const Json bob_join = bob.request({{"type", "join"}, {"match", id}});
    leaving.join();
    REQUIRE(left.at("type") == "left");
    if (bob_join.at("type") == "joined") {
      ++bob_joined;
      // The match bob holds a seat in is the lobby's still: others find it.
      const Json watched = carol.request({{"type", "watch"}, {"match", id}});
      INFO("round " << round << ": " << watched.dump());
      REQUIRE(watched.at("type") == "watching");
      REQUIRE(carol.request({{"type", "leave"}}).at("type") == "left");
      REQUIRE(bob.request({{"type", "leave"}}).at("type") == "left");
    } else {
      ++bob_refused;
      INFO("round " << round << ": " << bob_join.dump());
      REQUIRE(bob_join.at("code") == "no_such_match");
    }
  }
  INFO(bob_joined << " joins came first, " << bob_refused << " found the match removed");
  CHECK(metric(server.port(), "skirmish_store_errors_total") == 0);
  // The store still takes writes: a new match is created and joined.
  const std::string last = alice.create_match("onedchess");
  CHECK(alice.request({{"type", "join"}, {"match", last}}).at("type") == "joined");
  CHECK(skirmish::test::http_get(server.port(), "/healthz").status == 200);
}
