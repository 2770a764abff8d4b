// The relays behind the README's floor figures (bench/loopback_floor.cc and
// bench/beast_relay.cc), run briefly: each relays moves between real loopback connections,
// the Beast ones after a real WebSocket upgrade. Not a timing test.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "tests/hosting/server_process.h"
#include "tests/store/temp_dir.h"

namespace {

using skirmish::test::ServerProcess;

long long moves_relayed(const std::string& output) {
  std::smatch match;
  if (!std::regex_search(output, match, std::regex(R"(: ([0-9]+) moves, [0-9]+ moves/s)"))) return -1;
  return std::stoll(match[1].str());
}

}  // namespace

TEST_CASE("each loopback_floor relay relays moves and reports its CPU", "[hosting][bench]") {
  const std::string relay = GENERATE(std::string("epoll"), std::string("beast"), std::string("beast-json"));
  skirmish::test::TempDir dir;
  ServerProcess floor(SKIRMISH_LOOPBACK_FLOOR_BINARY, {"4", "1", "0", relay}, {}, dir.path() / "floor.log");
  const auto status = floor.wait_exit(std::chrono::seconds(60));
  const std::string output = floor.log_text();
  INFO(relay << ":\n" << output);
  REQUIRE(status == 0);
  CHECK(moves_relayed(output) > 0);
  CHECK(output.find("relay CPU (" + relay + "): user") != std::string::npos);
  CHECK(output.find("round trip (move sent -> the mover's state in full): p50") != std::string::npos);
}

TEST_CASE("loopback_floor refuses a relay it does not know, with its usage", "[hosting][bench]") {
  skirmish::test::TempDir dir;
  ServerProcess floor(SKIRMISH_LOOPBACK_FLOOR_BINARY, {"4", "1", "0", "websocket"}, {}, dir.path() / "floor.log");
  CHECK(floor.wait_exit(std::chrono::seconds(10)) == 2);
  CHECK(floor.log_text().find("[relay epoll|beast|beast-json]") != std::string::npos);
}
