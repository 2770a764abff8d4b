// The per-address quota of open matches after a restart. The store does not keep the address
// a match was created from (the database is kept and backed up for ever; a client's IP
// address has no place in it), so a reloaded open match counts against no address: a host
// restart gives every address its quota afresh. What bounds the reloaded ones is the unjoined
// wait, counted from the restart: one nobody joins is removed after it (or after its reconnect
// grace, if longer), as before the restart (docs/operations.md, "Restarts and recovery").
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "tests/server/server_fixture.h"
#include "tests/server/test_client.h"
#include "tests/store/temp_dir.h"

namespace skirmish::test {
namespace {

server::Config config_with_quota(const TempDir& dir, int quota) {
  server::Config config = test_config();
  config.data_dir = dir.path().string();
  config.max_open_matches_per_ip = quota;
  // A match waits for its first player at least its grace: short, so the unjoined wait decides.
  config.reconnect_grace_default = std::chrono::milliseconds(100);
  return config;
}

std::size_t listed(unsigned short port) {
  TestClient client(port, "lister");
  client.hello("lister");
  return client.request({{"type", "list_matches"}}).at("total").get<std::size_t>();
}

TEST_CASE("reloaded open matches count against no address's quota and go after the unjoined wait",
          "[hosting][lobby]") {
  TempDir dir;
  std::vector<std::string> before;
  {
    RunningServer server(config_with_quota(dir, 2));
    TestClient creator(server.port(), "creator");
    creator.hello("creator");
    for (int i = 0; i < 2; ++i) before.push_back(creator.create_match("onedchess"));
    CHECK(creator.request({{"type", "create_match"}, {"game", "onedchess"}}).at("code") ==
          "too_many_open_matches");
  }
  server::Config config = config_with_quota(dir, 2);
  config.unjoined_wait = std::chrono::milliseconds(500);
  RunningServer server(config);
  CHECK(listed(server.port()) == 2);  // both came back
  TestClient creator(server.port(), "creator");
  creator.hello("creator");
  // The address has its whole quota again, and only that.
  for (int i = 0; i < 2; ++i) creator.create_match("onedchess");
  CHECK(creator.request({{"type", "create_match"}, {"game", "onedchess"}}).at("code") ==
        "too_many_open_matches");
  CHECK(listed(server.port()) == 4);
  // Nobody joins: after the unjoined wait the reloaded ones are gone too (bounded wait).
  for (int waited = 0; waited < 100 && listed(server.port()) > 0; ++waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(listed(server.port()) == 0);
  const Json late = creator.request({{"type", "join"}, {"match", before[0]}});
  CHECK(late.at("code") == "no_such_match");
  CHECK_THAT(late.at("message").get<std::string>(), Catch::Contains("nobody joined it within 500 ms"));
}

}  // namespace
}  // namespace skirmish::test
