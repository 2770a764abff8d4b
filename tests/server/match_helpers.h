#pragma once
// Setting up a two-seat match over the wire, shared by the game tests.
#include <memory>
#include <stdexcept>
#include <string>

#include "tests/server/test_client.h"

namespace skirmish::test {

struct TwoSeatMatch {
  std::string id;
  std::unique_ptr<TestClient> seat0;  // the game's first seat (red / blue / white)
  std::unique_ptr<TestClient> seat1;
  std::string token0;
  std::string token1;
  Json start0;  // the `state` each seat got when the game started
  Json start1;
};

// A state with this status, skipping anything else.
inline Json wait_for_status(TestClient& client, const std::string& status,
                            std::chrono::milliseconds wait = kDefaultWait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      throw std::runtime_error(client.label() + ": no state with status " + status);
    Json state = client.wait_for("state", left);
    if (state.at("status") == status) return state;
  }
}

// Creates a match of `game` with `options` and fills both seats, each on its own connection;
// returns once both seats have seen the game start.
inline TwoSeatMatch start_match(unsigned short port, const std::string& game,
                                const Json& options = Json::object()) {
  TwoSeatMatch m;
  m.seat0 = std::make_unique<TestClient>(port, game + "-seat0");
  m.seat1 = std::make_unique<TestClient>(port, game + "-seat1");
  m.seat0->hello("first");
  m.seat1->hello("second");
  m.id = m.seat0->create_match(game, options);
  m.token0 = m.seat0->join(m.id).at("token").get<std::string>();
  m.token1 = m.seat1->join(m.id).at("token").get<std::string>();
  m.start0 = wait_for_status(*m.seat0, "running");
  m.start1 = wait_for_status(*m.seat1, "running");
  return m;
}

}  // namespace skirmish::test
